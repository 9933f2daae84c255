import type * as ts from "typescript";
import { INTRINSICS, needs, type TypeIntrinsic } from "../discover/intrinsics";
import { Code } from "../diagnostics/messages";
import { toTarget } from "../emit/schema/toTarget";
import { writeSchemaAs } from "../emit/schema/writeSchema";
import { coerceRules } from "@schemaof/runtime/helpers";
import type { CallRewrite } from "./Rewrite";
import type { Site } from "./Site";

/**
 * `schemaOf<T>(options?)` -> `schema_1`, a module-level constant holding T's schema;
 * `standardSchemaOf<T>(options?)` -> `standardSchemaOf(schema_1, plan_1)`;
 * `mapArgs<T>(args, options?)` and `validateArgs<T>(…)` -> the same call with `plan_1` appended, the
 * check specialised to T.
 */
export function rewriteCall(site: Site, call: ts.CallExpression, intrinsic: TypeIntrinsic): CallRewrite | undefined {
  const { compiler, sourceFile, fail, analyze, defaults } = site;
  const callee = call.expression.getText(sourceFile);
  const typeNode = call.typeArguments?.[0];
  if (!typeNode) {
    return fail(call, callee, [{ code: Code.MissingTypeArgument, path: "(root)", detail: `write the type to describe, e.g. ${callee}<SearchInput>().` }]);
  }
  const subject = typeNode.getText(sourceFile);
  const type = compiler.typeFromTypeNode(typeNode);

  if (needs(intrinsic, "schema")) {
    // The call options it writes (`schemaOf<T>({ refs: true })`), read at compile time, over the project's.
    const read = INTRINSICS[intrinsic].readOptions(compiler, call);
    if (read.problems.length) {
      return fail(
        call.arguments[0] ?? call,
        `${callee}<${subject}>`,
        read.problems.map((detail) => ({ code: Code.NonLiteralOptions, path: "(root)", detail: `${detail}.` })),
      );
    }
    const options = { ...defaults, ...read.options };
    const analysis = analyze(type, typeNode, options);
    const shown = writeSchemaAs(analysis, { refs: options.refs, additionalProperties: options.additionalProperties });
    if (!shown.schema) return fail(typeNode, subject, shown.problems);
    // A provider's dialect of the schema (`{ target: "openai-strict" }`); the run-time check keeps every rule of the type.
    const written = toTarget(shown.schema, options.target ?? "mcp");
    if (written.problems.length) {
      return fail(
        typeNode,
        subject,
        written.problems.map(({ path, detail }) => ({ code: Code.TargetCannotExpress, path, detail: `${detail}.` })),
      );
    }
    const schema = site.schema(written.schema, typeNode);
    if (!needs(intrinsic, "plan")) return { call, kind: "replace", by: { constant: schema } };
    // `standardSchemaOf<T>(options?)` -> `standardSchemaOf(schema_1, plan_1)`: the schema it shows, the plan it checks with.
    const plan = site.plan(analyze(type, typeNode, defaults), options, typeNode, subject, typeNode);
    return plan && { call, kind: "arguments", keep: 0, add: [{ constant: schema }, { constant: plan }] };
  }

  // mapArgs/validateArgs: the options are the caller's at run time but the target and the repairs,
  // which the check is made for; closed objects, the target and the repairs follow the project default.
  const read = INTRINSICS[intrinsic].readOptions(compiler, call);
  if (read.problem) return fail(call.arguments[1], `${callee}<${subject}>`, [{ code: Code.NonLiteralOptions, path: "(root)", detail: `${read.problem}.` }]);
  const options = { ...defaults, ...(read.target ? { target: read.target } : {}), ...(read.coerce === undefined ? {} : { coerce: read.coerce }) };
  const plan = site.plan(analyze(type, typeNode, options), options, typeNode, subject, typeNode);
  // `mapArgs<T>(args, options?)` -> `mapArgs(args, options?, plan_1)`; options of the compile time
  // alone (`{ coerce: true }`) -> `mapArgs(args, plan_1)`.
  const keep = read.compileTimeOnly ? 1 : Math.min(call.arguments.length, 2);
  if (!plan) return undefined;
  // A check that repairs is called through the runtime's helper for it, so that a validateArgs
  // without `coerce` never looks for a repair (not a byte of it in its bundle).
  if (coerceRules(options.coerce).length === 0) return { call, kind: "arguments", keep, add: [{ constant: plan }] };
  const helper = intrinsic === "mapArgs" ? "mapRepairing" : "validateRepairing";
  return { call, kind: "arguments", keep, add: [{ constant: plan }], callee: `${site.helpers}.${helper}` };
}
