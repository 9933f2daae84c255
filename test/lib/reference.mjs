// The run-time checks' reference: the plan interpreter (packages/reference), given the
// plan `toPlan` makes of a type, as the transformer makes the one it emits; and what "the same
// mapped value" means when a generated check's result is compared with the interpreter's.
import { createRequire } from "node:module";
import { analyzeType, createTsTypeView, toPlan } from "@schemaof/transformer/stages";

const require = createRequire(import.meta.url);
export const { interpretArgs } = require("@schemaof/reference");

/** The interpreter's plan of a type argument (a `validateArgs<T>` call's `T`) of `program`; `options` as toPlan takes them. */
export function referencePlans(ts, program, options = {}) {
  const view = createTsTypeView(ts, program);
  const checker = program.getTypeChecker();
  return (typeNode) => {
    const analysis = analyzeType(view, { type: checker.getTypeFromTypeNode(typeNode), origin: typeNode }, {});
    return toPlan(analysis.model, { refs: true, ...options }, analysis.call);
  };
}

/** The type arguments of every call to `name` in a source file, in order. */
export function typeArgumentsOf(ts, sourceFile, name) {
  const found = [];
  const visit = (node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === name) found.push(node.typeArguments[0]);
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

/**
 * One value three ways, for the differential tests: `run` (a validateArgs call of the generated
 * plan `plan`) must give `ajv`'s verdict when the value is JSON, and its issues must be the plan
 * interpreter's (given `reference`) word for word, and its value the interpreter's mapping. Returns
 * what was found, and what was compared.
 */
export function threeWays({ run, ajv, reference, options }) {
  return (value, json = true) => {
    const result = run(value);
    const ours = result.issues === undefined;
    const found = [];
    const verdict = json ? ajv(value) : undefined;
    if (json && verdict !== ours) found.push({ value, ajv: verdict, ours });
    const interpreted = interpretArgs(reference, value, options);
    if (JSON.stringify(result.issues) !== JSON.stringify(interpreted.issues)) found.push({ value, issues: result.issues, interpreter: interpreted.issues });
    if (ours && !same(result.value, interpreted.value)) found.push({ value, mapped: result.value, interpreter: interpreted.value });
    return { result, verdict, found };
  };
}

/** The same value: same keys in the same order, same prototypes (but the root's: a class), Dates at the same time. */
export function same(a, b, root = true) {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (!root && Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  if (a instanceof Date) return b instanceof Date && a.getTime() === b.getTime();
  const keys = Object.keys(a);
  return keys.join("\0") === Object.keys(b).join("\0") && keys.every((key) => same(a[key], b[key], false));
}
