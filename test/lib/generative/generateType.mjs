// One generated type from (seed, index): its declarations and `type T<index> = …`, what it covers
// (`features`), and what the product must do with it (`expect`: TS99001 for a type JSON cannot
// carry, TS99002 for recursion the flat schema cannot hold).
import { createRandom } from "./random.mjs";
import { discriminatedUnion, genericNode, intersectionNode, leafNode, node, refusedNode, utilityNode } from "./nodes.mjs";
import { objectType } from "./objects.mjs";
import { keyText, propertyNames } from "./names.mjs";

/** The provider targets, as the product contract names them. */
export const TARGETS = ["mcp", "openai", "openai-strict", "anthropic", "anthropic-strict", "gemini", "gemini-openapi"];

const ROOTS = [
  [50, (ctx) => objectType(ctx, 0)],
  [10, (ctx) => (ctx.features.add("root-discriminated"), discriminatedUnion(ctx, 0))],
  [5, (ctx) => intersectionNode(ctx, 0)],
  [6, (ctx) => utilityNode(ctx, 0)],
  [5, (ctx) => (ctx.features.add("root-generic"), genericNode(ctx, 0))],
  [5, refusedRoot],
  [4, recursiveRoot],
  [3, emptyRoot],
  [8, (ctx) => (ctx.features.add("root-other"), node(ctx, 1))],
];

export function generateType(seed, index) {
  const rng = createRandom(seed, index);
  const name = `T${index}`;
  const decls = [];
  let counter = 0;
  const ctx = {
    rng,
    prefix: name,
    features: new Set(),
    interfaces: [],
    generics: new Set(),
    expect: undefined,
    fresh: (kind) => `${name}_${kind}${counter++}`,
    declare: (text) => decls.push(text),
    node: (depth) => node(ctx, depth),
  };
  const root = rng.weighted(ROOTS)(ctx);
  decls.push(`type ${name} = ${root.text};`);
  // The one provider target this type's `schemaOf<T>({ target })` is written for.
  const target = rng.pick(TARGETS);
  return { index, name, source: decls.join("\n"), features: [...ctx.features], expect: ctx.expect, target };
}

/** An object that holds, somewhere down its properties, a type JSON cannot carry. */
function refusedRoot(ctx) {
  const { rng } = ctx;
  let bad = refusedNode(ctx).text;
  const wrap = rng.pick(["plain", "array", "object", "optional"]);
  if (wrap === "array") bad = `Array<${bad}>`;
  if (wrap === "object") bad = `{ inner: ${bad} }`;
  const key = propertyNames(rng, 1)[0];
  ctx.expect = { all: "TS99001" };
  return objectType(ctx, 0, { extra: { name: key, line: `${keyText(key)}${wrap === "optional" ? "?" : ""}: ${bad};` } });
}

/** A recursive interface, at the root or under a property: `$defs` with refs, TS99002 without. */
function recursiveRoot(ctx) {
  const { rng } = ctx;
  const name = ctx.fresh("R");
  const link = rng.pick([`children?: ${name}[];`, `next?: ${name} | null;`, `tree: { left?: ${name}; right?: ${name} };`]);
  ctx.declare(`interface ${name} {\n  value: ${leafNode(ctx).text};\n  ${link}\n}`);
  ctx.features.add("recursion");
  ctx.expect = { flat: "TS99002" };
  return rng.chance(0.5) ? { text: name } : { text: `{ root: ${name}; count?: number }` };
}

/** An object without properties: a tool that takes no arguments. */
function emptyRoot(ctx) {
  ctx.features.add("root-empty");
  const name = ctx.fresh("I");
  ctx.declare(`interface ${name} {}`);
  return { text: name };
}
