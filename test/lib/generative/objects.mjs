// Object types for the generator: type literals and interfaces (some extending another), each
// property optional, nullable or undefined-able at random, with JSDoc (a description, constraints
// written as tags, `@default`, `@deprecated`, `@title`, `@example`), and index signatures of
// `string`, `number` and template-literal keys. A node's type comes from `ctx.node(depth)`.
import { defaultOf, jsdocTags, tagged } from "./leaves.mjs";
import { isNumeric, keyText, propertyNames } from "./names.mjs";

const DESCRIPTIONS = [
  "The user's name.",
  'Said "twice", with quotes.',
  "Ünïcode — and a dash.",
  "Back\\slash and 100%.",
  "Two lines:\n * the second one.",
  "Page number",
];

/**
 * An object type: `{ text, kind: "object", names }`; `declared` writes it as an interface, `names`
 * are its properties' (random ones by default), `extra` a first property given as `{ name, line }`.
 */
export function objectType(ctx, depth, { declared = ctx.rng.chance(0.5), count = ctx.rng.int(1, depth ? 2 : 4), names, extra } = {}) {
  const { rng } = ctx;
  // A first property of its own (a discriminator) is kept clear of an index signature and a base's.
  const index = !extra && rng.chance(0.12) ? indexSignature(ctx, depth) : undefined;
  const bases = ctx.interfaces.filter((made) => !made.indexed);
  const base = declared && !extra && index?.valueText === undefined && bases.length && rng.chance(0.2) ? rng.pick(bases) : undefined;
  const avoid = [...(base?.names ?? []), ...(extra ? [extra.name] : [])];
  // An index signature alone, sometimes: an object whose keys are all patterns (or all strings).
  const alone = index && !names && rng.chance(0.4);
  const chosen = alone ? [] : (names ?? propertyNames(rng, count, { avoid })).filter((name) => !index?.clashes(name));
  const lines = extra ? [extra.line] : [];
  for (const name of chosen) lines.push(...property(ctx, depth, name, index?.valueText));
  if (index) lines.push(index.line);
  const all = [...avoid, ...chosen];
  if (!declared) {
    ctx.features.add("object-literal");
    return { text: lines.length ? `{\n${indent(lines)}\n}` : "{}", kind: "object", names: all };
  }
  const name = ctx.fresh("I");
  const doc = rng.chance(0.3) ? `/** ${rng.pick(DESCRIPTIONS)} */\n` : "";
  ctx.declare(`${doc}interface ${name}${base ? ` extends ${base.name}` : ""} {\n${indent(lines)}\n}`);
  ctx.features.add(base ? "interface-extends" : "interface");
  const made = { name, names: all, indexed: Boolean(index) };
  ctx.interfaces.push(made);
  return { text: name, kind: "object", names: all };
}

const indent = (lines) => lines.map((line) => `  ${line.replaceAll("\n", "\n  ")}`).join("\n");

/** One property's lines: its JSDoc, then `name?: type;`. `valueText` an index signature's value type it must fit. */
function property(ctx, depth, name, valueText) {
  const { rng } = ctx;
  const node = valueText ? { text: valueText } : ctx.node(depth + 1);
  // A property beside a `string` index signature has its type, and is never optional (`T | undefined` would not fit).
  const optional = !valueText && rng.chance(0.3);
  const tags = [];
  let keywords = Object.keys(node.constraints ?? {});
  // Constraints as JSDoc rather than type tags, on a property's own type.
  const viaDoc = node.constraints && rng.chance(0.5) ? keywords.filter(() => rng.chance(0.7)) : [];
  if (viaDoc.length || (node.integer && rng.chance(0.5))) {
    const integer = node.integer && rng.chance(0.5);
    tags.push(...jsdocTags(node.constraints, viaDoc, integer));
    ctx.features.add("jsdoc-constraint");
    keywords = keywords.filter((k) => !viaDoc.includes(k));
    node.text = tagged(node.base, node.constraints, keywords, { integer: node.integer && !integer, union: node.union });
  }
  if (node.leaf && rng.chance(0.25)) {
    const json = defaultOf(rng, node.leaf, node.constraints ?? {}, rng.chance(0.15));
    if (json !== undefined) (tags.push(`@default ${json}`), ctx.features.add("default"));
  }
  if (rng.chance(0.05)) (tags.push("@deprecated"), ctx.features.add("deprecated"));
  if (rng.chance(0.04)) tags.push(`@title ${rng.pick(["Name", "The count"])}`);
  if (rng.chance(0.04)) tags.push(`@example ${rng.pick(['"sample"', "3", "[1, 2]"])}`);
  const description = rng.chance(0.3) ? rng.pick(DESCRIPTIONS) : undefined;
  if (description) ctx.features.add("description");
  let type = node.text;
  if (!valueText) {
    const modifier = rng.weighted([
      [8, ""],
      [2, " | null"],
      [1, " | undefined"],
      [1, " | null | undefined"],
    ]);
    if (modifier) ((type = `${/=>/.test(type) ? `(${type})` : type}${modifier}`), ctx.features.add(`modifier${modifier}`));
  }
  if (optional) ctx.features.add("optional");
  const doc = docLines(rng, description, tags);
  return [...doc, `${rng.chance(0.1) ? "readonly " : ""}${keyText(name)}${optional ? "?" : ""}: ${type};`];
}

/** A JSDoc block on lines of its own (TypeScript reads no JSDoc that follows other code on its line). */
function docLines(rng, description, tags) {
  if (!description && !tags.length) return [];
  if (rng.chance(0.5) && !description?.includes("\n")) return [`/** ${[description, ...tags].filter(Boolean).join(" ")} */`];
  return ["/**", ...[description, ...tags].filter(Boolean).map((line) => ` * ${line}`), " */"];
}

/** An index signature: its line, the value type fixed properties must fit, and the names it would take. */
function indexSignature(ctx, depth) {
  const { rng } = ctx;
  const key = rng.pick(["string", "number", "template"]);
  ctx.features.add(`index-${key}`);
  const value = ctx.node(depth + 2);
  if (key === "string") return { line: `[key: string]: ${value.text};`, valueText: value.text, clashes: () => false };
  if (key === "number") return { line: `[key: number]: ${value.text};`, clashes: isNumeric };
  return { line: `[key: \`p_\${string}\`]: ${value.text};`, clashes: (name) => name.startsWith("p_") };
}
