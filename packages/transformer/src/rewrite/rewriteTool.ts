import type * as ts from "typescript";
import { Code } from "../diagnostics/messages";
import { isObjectResult, isPlainReference, optionsName, toolName, toolTargets } from "../discover/readTool";
import { INTRINSICS } from "../discover/intrinsics";
import { readToolDocs } from "../discover/readToolDocs";
import { toTarget } from "../emit/schema/toTarget";
import { TARGETS, sendsNullForAbsent, type Target } from "../emit/schema/targetRules";
import { hoistingSaves, writeSchemaAs } from "../emit/schema/writeSchema";
import type { JsonValue } from "../model/Json";
import type { CallRewrite, Piece, ToolFacts } from "./Rewrite";
import type { Site } from "./Site";
import type { CallOptions } from "../discover/readOptions";
import { words } from "../lint/words";

/**
 * `toolOf(fn, options?)` -> `toolOf(fn, options, { "~tool": 1, name, description, inputSchema, outputSchema, plan }, receiver?)`:
 * the function's name, its JSDoc summary, the schema of its parameters, the schema of what it
 * resolves to when that is an object, and the plan that maps arguments to its parameters; with
 * targets, the schema for each (`schemas`) and the plan for each whose model sends arguments
 * another way (`plans`).
 */
export function rewriteTool(site: Site, call: ts.CallExpression): CallRewrite | undefined {
  const { compiler, sourceFile, view, fail, analyze } = site;
  const { syntax } = compiler;
  const callee = call.expression.getText(sourceFile);
  const fn = call.arguments[0];
  const notATool = (at: ts.Node, subject: string, detail: string) => fail(at, subject, [{ code: Code.NotATool, path: "(root)", detail }]);
  if (!fn) return notATool(call, callee, "pass the function to describe, e.g. toolOf(searchBooks).");
  const subject = fn.getText(sourceFile);
  const type = compiler.typeAtLocation(fn);
  if (!view.callParameters(type as never)) return notATool(fn, subject, "toolOf takes a function, and this value cannot be called.");
  const name = toolName(syntax, fn);
  if (name === undefined && !optionsName(syntax, call.arguments[1])) {
    return notATool(fn, subject, 'the tool\'s name cannot be read off this expression; pass one: toolOf(fn, { name: "search_books" }).');
  }
  // `toolOf(fn, { target, refs, additionalProperties, coerce })`, read at compile time, over the project's.
  const asked = INTRINSICS.toolOf.readOptions(compiler, call);
  const unknown = asked.targets.find((target) => !(TARGETS as readonly string[]).includes(target));
  const problem = asked.problem ?? (unknown === undefined ? undefined : `'target' takes ${TARGETS.map((t) => `"${t}"`).join(", ")}, not "${unknown}"`);
  if (problem) return fail(call.arguments[1], `${callee}(${subject})`, [{ code: Code.NonLiteralOptions, path: "(root)", detail: `${problem}.` }]);
  // The tool's own inputSchema is MCP's; a target is written beside it (`schemas`).
  const { target: _target, ...defaults } = site.defaults;
  const options = {
    ...defaults,
    ...(asked.refs === undefined ? {} : { refs: asked.refs }),
    ...(asked.additionalProperties === undefined ? {} : { additionalProperties: asked.additionalProperties }),
    // Checked against the rule names by readToolOptions.
    ...(asked.coerce === undefined ? {} : { coerce: asked.coerce as CallOptions["coerce"] }),
  };
  const input = analyze(type, undefined, options);
  const shown = writeSchemaAs(input, { refs: options.refs, additionalProperties: options.additionalProperties });
  if (!shown.schema) return fail(fn, subject, shown.problems);
  const plan = site.plan(input, options, fn, subject);
  if (!plan) return undefined;

  const entries: [string, Piece][] = [
    ["~tool", { json: 1 }],
    ["name", { json: name ?? "" }],
  ];
  // The function's JSDoc: its summary, `@title`, the MCP annotations, `@deprecated` said in the summary.
  const docs = readToolDocs(view.callDocs(type as never));
  if (docs.problems.length) {
    return fail(
      fn,
      subject,
      docs.problems.map(({ detail }) => ({ code: Code.InvalidTag, path: "(root)", detail: `${detail}.` })),
    );
  }
  // What a model is sent once: the parameter type's own description, when the tool's says it all.
  const inputSchema = saidOnce(shown.schema, asked.shown?.description ?? docs.description);
  if (docs.title) entries.push(["title", { json: docs.title }]);
  if (docs.description) entries.push(["description", { json: docs.description }]);
  if (docs.annotations) entries.push(["annotations", { json: docs.annotations as never }]);
  entries.push(["inputSchema", { constant: site.schema(inputSchema, fn) }]);

  // `toolOf(fn, { target: ["openai-strict", "gemini"] })`: the input schema as each provider takes it, written now.
  const schemas: [string, Piece][] = [];
  const targetSchemas: Record<string, JsonValue> = { mcp: inputSchema as JsonValue };
  // The check for a target whose model sends arguments its own way (openai-strict: `null` for a key left out).
  const plans: [string, Piece][] = [];
  // The project's target (the plugin entry's `target`) is every tool's too.
  for (const target of toolTargets(site.defaults.target, asked) as Target[]) {
    if (target === "mcp") continue;
    const written = toTarget(inputSchema, target);
    if (written.problems.length)
      return fail(
        fn,
        subject,
        written.problems.map(({ path, detail }) => ({ code: Code.TargetCannotExpress, path, detail: `${detail}.` })),
      );
    schemas.push([target, { constant: site.schema(written.schema, fn) }]);
    targetSchemas[target] = written.schema;
    if (!sendsNullForAbsent(target)) continue;
    const wire = site.plan(input, { ...options, target }, fn, subject);
    if (!wire) return undefined;
    plans.push([target, { constant: wire }]);
  }
  if (schemas.length) entries.push(["schemas", { object: schemas }]);

  // An object result is described too, so clients can check the structured content against it.
  let outputSchema: JsonValue | undefined;
  const result = view.callResult(type as never);
  if (result && isObjectResult(view, result)) {
    // What the function returns always holds its non-optional keys, nullable or not: each is required.
    const output = writeSchemaAs(analyze(result.type as never, result.origin as never, options), {
      refs: options.refs,
      additionalProperties: options.additionalProperties,
      output: true,
    });
    if (!output.schema) return fail(fn, `Awaited<ReturnType<typeof ${name ?? subject}>>`, output.problems);
    if (output.schema.type === "object") {
      entries.push(["outputSchema", { constant: site.schema(output.schema, fn) }]);
      outputSchema = output.schema as JsonValue;
    }
  }
  entries.push(["plan", { constant: plan }]);
  if (plans.length) entries.push(["plans", { object: plans }]);

  const add: Piece[] = [{ object: entries }];
  // A method keeps its `this`: the receiver is passed along when reading it again has no effect.
  if (syntax.isPropertyAccessExpression(fn) && isPlainReference(syntax, fn.expression)) add.push({ receiver: fn.expression });
  // What a catalogue lists: the definition as the tool will show it (a literal option over the JSDoc).
  const tool: ToolFacts = {
    name: asked.shown?.name ?? name ?? "",
    ...optional("title", asked.shown?.title ?? docs.title),
    ...optional("description", asked.shown?.description ?? docs.description),
    ...optional("annotations", docs.annotations as JsonValue | undefined),
    schemas: targetSchemas,
    ...optional("outputSchema", outputSchema),
    ...optional("sets", asked.sets),
    // Written flattened, what `$defs` would save it (`refs: "auto"` takes it where it does).
    ...optional(
      "hoistingSaves",
      options.refs === undefined || options.refs === false
        ? hoistingSaves(input, { additionalProperties: options.additionalProperties }) || undefined
        : undefined,
    ),
  };
  return { call, kind: "arguments", keep: 2, add, tool };
}

/**
 * The input schema without its root description when the tool's description already says it
 * (`/** Finds books… *\/` on both the function and its parameter's interface): the same words, or
 * words the tool's contain. A definition carries both, so the model would read it twice.
 */
function saidOnce<S extends { description?: unknown }>(schema: S, toolDescription: string | undefined): S {
  if (typeof schema.description !== "string" || toolDescription === undefined) return schema;
  const root = words(schema.description).join(" ");
  if (root === "" || !` ${words(toolDescription).join(" ")} `.includes(` ${root} `)) return schema;
  const { description: _, ...rest } = schema;
  return rest as S;
}

/** `{ key: value }`, or nothing for a value not there. */
const optional = <K extends string, V>(key: K, value: V | undefined) => (value === undefined ? {} : ({ [key]: value } as Record<K, V>));
