import type * as ts from "typescript";
import type { Intrinsic } from "../discover/findIntrinsic";
import { Code } from "../diagnostics/messages";
import { toSource } from "../print/toSource";
import { readOptions } from "../discover/readOptions";
import type { Site } from "./Site";

/**
 * `schemaOf<T>(options?)` -> `schema_1`, a module-level constant holding T's schema;
 * `standardSchemaOf<T>(options?)` -> `standardSchemaOf(schema_1, plan_1)`;
 * `mapArgs<T>(args, options?)` and `validateArgs<T>(…)` -> the same call with `plan_1` appended, the
 * check specialised to T.
 */
export function rewriteCall(site: Site, call: ts.CallExpression, intrinsic: Exclude<Intrinsic, "toolOf">): ts.Expression | undefined {
  const { tsi, checker, factory, sourceFile, fail, analyze, planFor, defaults } = site;
  const callee = call.expression.getText(sourceFile);
  const typeNode = call.typeArguments?.[0];
  if (!typeNode) {
    return fail(call, callee, [{ code: Code.MissingTypeArgument, path: "(root)", detail: `write the type to describe, e.g. ${callee}<SearchInput>().` }]);
  }
  const subject = typeNode.getText(sourceFile);
  const type = checker.getTypeFromTypeNode(typeNode);
  const update = (args: ts.Expression[]) => factory.updateCallExpression(call, site.visit(call.expression), undefined, args);

  if (intrinsic === "schemaOf" || intrinsic === "standardSchemaOf") {
    // The call options it writes (`schemaOf<T>({ refs: true })`), read at compile time, over the project's.
    const read = readOptions(tsi, call.arguments[0]);
    if (read.problems.length) {
      return fail(call.arguments[0] ?? call, `${callee}<${subject}>`, read.problems.map((detail) => ({ code: Code.NonLiteralOptions, path: "(root)", detail: `${detail}.` })));
    }
    const options = { ...defaults, ...read.options };
    const analysis = analyze(type, typeNode, options);
    if (!analysis.schema) return fail(typeNode, subject, analysis.problems);
    const schema = site.hoistSchema(toSource(analysis.schema));
    if (intrinsic === "schemaOf") return schema;
    // `standardSchemaOf<T>(options?)` -> `standardSchemaOf(schema_1, plan_1)`: the schema it shows, the plan it checks with.
    const plan = planFor(analyze(type, typeNode, { ...defaults, refs: true }), options, typeNode, subject, typeNode);
    return plan && update([schema, plan]);
  }

  // mapArgs/validateArgs: the options are the caller's at run time; closed objects follow the project default.
  const options = { ...defaults, refs: true };
  const analysis = analyze(type, typeNode, options);
  if (!analysis.schema) return fail(typeNode, subject, analysis.problems);
  const plan = planFor(analysis, options, typeNode, subject, typeNode);
  // `mapArgs<T>(args, options?)` -> `mapArgs(args, options?, plan_1)`; nested calls in the arguments are rewritten too.
  return plan && update([...call.arguments.slice(0, 2).map(site.visit), plan]);
}
