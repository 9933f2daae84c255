import type * as ts from "typescript";
import { Code } from "../diagnostics/messages";
import { toSource } from "../print/toSource";
import { isObjectResult, isPlainReference, optionsName, toolName } from "../discover/readTool";
import type { Site } from "./Site";

/**
 * `toolOf(fn, options?)` -> `toolOf(fn, options, { "~tool": 1, name, description, inputSchema, outputSchema, plan }, receiver?)`:
 * the function's name, its JSDoc summary, the schema of its parameters, the schema of what it
 * resolves to when that is an object, and the plan that maps arguments to its parameters.
 */
export function rewriteTool(site: Site, call: ts.CallExpression): ts.Expression | undefined {
const { tsi, checker, factory, sourceFile, view, fail, analyze, planFor } = site;
const callee = call.expression.getText(sourceFile);
  const fn = call.arguments[0];
  const notATool = (at: ts.Node, subject: string, detail: string) => fail(at, subject, [{ code: Code.NotATool, path: "(root)", detail }]);
  if (!fn) return notATool(call, callee, "pass the function to describe, e.g. toolOf(searchBooks).");
  const subject = fn.getText(sourceFile);
  const type = checker.getTypeAtLocation(fn);
  if (!view.callParameters(type as never)) return notATool(fn, subject, "toolOf takes a function, and this value cannot be called.");
  const name = toolName(tsi, fn);
  if (name === undefined && !optionsName(tsi, call.arguments[1])) {
    return notATool(fn, subject, 'the tool\'s name cannot be read off this expression; pass one: toolOf(fn, { name: "search_books" }).');
  }
  const options = { ...site.defaults };
  const input = analyze(type, undefined, options);
  if (!input.schema) return fail(fn, subject, input.problems);
  const plan = planFor(analyze(type, undefined, { ...options, refs: true }), options, fn, subject);
  if (!plan) return undefined;

  const entries: ts.ObjectLiteralElementLike[] = [
    factory.createPropertyAssignment(factory.createStringLiteral("~tool"), factory.createNumericLiteral(1)),
    factory.createPropertyAssignment("name", factory.createStringLiteral(name ?? "")),
  ];
  const description = view.callDocs(type as never)?.text;
  if (description) entries.push(factory.createPropertyAssignment("description", factory.createStringLiteral(description)));
  entries.push(factory.createPropertyAssignment("inputSchema", site.hoistSchema(toSource(input.schema))));

  // An object result is described too, so clients can check the structured content against it.
  const result = view.callResult(type as never);
  if (result && isObjectResult(view, result)) {
    const output = analyze(result.type as never, result.origin as never, options);
    if (!output.schema) return fail(fn, `Awaited<ReturnType<typeof ${name ?? subject}>>`, output.problems);
    if (output.schema.type === "object") entries.push(factory.createPropertyAssignment("outputSchema", site.hoistSchema(toSource(output.schema))));
  }
  entries.push(factory.createPropertyAssignment("plan", plan));

  const args = [site.visit(fn), call.arguments[1] ? site.visit(call.arguments[1]) : factory.createVoidZero(), factory.createObjectLiteralExpression(entries)];
  // A method keeps its `this`: the receiver is passed along when reading it again has no effect.
  const receiver = tsi.isPropertyAccessExpression(fn) && isPlainReference(tsi, fn.expression) ? fn.expression : undefined;
  if (receiver) args.push(site.visit(receiver));
  return factory.updateCallExpression(call, site.visit(call.expression), undefined, args);
}
