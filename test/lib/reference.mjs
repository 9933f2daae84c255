// The run-time checks' reference: the plan interpreter (the runtime's check/interpret.ts), given the
// plan `toPlan` makes of a type, as the transformer makes the one it emits; and what "the same
// mapped value" means when a generated check's result is compared with the interpreter's.
import { createRequire } from "node:module";
import { analyzeType, createTsTypeView } from "@schemaof/transformer";

const require = createRequire(import.meta.url);
const { toPlan } = require("../../packages/transformer/dist/emit/toPlan.js");
export const { interpretArgs } = require("../../packages/runtime/dist/check/interpret.js");

/** The interpreter's plan of a type argument (a `validateArgs<T>` call's `T`) of `program`. */
export function referencePlans(ts, program) {
  const view = createTsTypeView(ts, program);
  const checker = program.getTypeChecker();
  return (typeNode) => {
    const analysis = analyzeType(view, { type: checker.getTypeFromTypeNode(typeNode), origin: typeNode }, { refs: true });
    return toPlan(analysis.model, { refs: true }, analysis.call);
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

/** The same value: same keys in the same order, same prototypes (but the root's: a class), Dates at the same time. */
export function same(a, b, root = true) {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (!root && Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  if (a instanceof Date) return b instanceof Date && a.getTime() === b.getTime();
  const keys = Object.keys(a);
  return keys.join("\0") === Object.keys(b).join("\0") && keys.every((key) => same(a[key], b[key], false));
}
