/**
 * What values one JSON Schema accepts that another refuses, read on the schemas' meaning, not their
 * text: `$ref`s are followed into each schema's own `$defs` (a type hoisted or inlined is the same
 * type), union members are matched whatever their order, `integer` is a `number`. Each finding is
 * a sentence at a property path (`filter.year`, `tags[]`, `(root)`), the way the diagnostics place
 * theirs. Sound where it says nothing: a pair it cannot decide (two different patterns) is a finding.
 * Schemas of tools: the narrow side's objects hold only the keys they declare unless
 * `additionalProperties` says otherwise (a tool refuses other keys, a result carries only its
 * type's fields); the wide side's, as its Words say.
 */
import { RULES, sayKeyword, type Came, type RuleName } from "@schemaof/runtime/interpret";
import { within } from "../../emit/kinds/keywords";

type Schema = boolean | { readonly [keyword: string]: unknown };
type Node = { readonly [keyword: string]: unknown };

export interface Finding {
  readonly path: string;
  readonly what: string;
}

interface Side {
  readonly root: Schema;
}

interface Sides {
  readonly narrow: Side;
  readonly wide: Side;
  readonly words: Words;
}

/** How a finding is said: of arguments a new input schema refuses, or of values an old output never promised. */
export interface Words {
  /**
   * Whether the wide side takes keys it does not declare when `additionalProperties` is unset: not a
   * new input (a tool refuses them), but an old output's promise (a client checking a result against
   * it lets other keys through).
   */
  readonly undeclaredTaken: boolean;
  nothing(): string;
  constrained(): string;
  typed(wide: string): string;
  type(gone: string, wide: string): string;
  only(values: string): string;
  /** A keyword's rule of the wide side (`must be <= 28`), and the narrow side's of the same keyword, if any. */
  rule(wide: string, narrow: string | undefined): string;
  required(name: string): string;
  undeclared(): string;
  keys(keys: string): string;
}

/** `refusedBy(old input, new input)`: what arguments the old schema took are refused now. */
export const INPUT_WORDS: Words = {
  undeclaredTaken: false,
  nothing: () => "takes nothing now",
  constrained: () => "took any value, and is constrained now",
  typed: (wide) => `must be ${wide} now`,
  type: (gone, wide) => `no longer takes ${gone} (takes ${wide})`,
  only: (values) => `takes only ${values} now`,
  rule: (wide, narrow) => `${wide} now${narrow ? ` (before: ${narrow})` : ""}`,
  required: (name) => `${name} is required now`,
  undeclared: () => "is not taken now (a key not declared is refused)",
  keys: (keys) => (keys ? `takes only the keys ${keys} now` : "takes no keys now"),
};

/** `refusedBy(new output, old output)`: what the new output may give that the old one never did. */
export const OUTPUT_WORDS: Words = {
  undeclaredTaken: true,
  nothing: () => "was never given, and may be now",
  constrained: () => "may be any value now",
  typed: (wide) => `may be other than ${wide} now`,
  type: (gone, wide) => `may be ${gone} now (the old output gave ${wide})`,
  only: (values) => `may be other than ${values} now`,
  rule: (wide, narrow) => `no longer ${wide.replace(/^must /, "keeps to: ")}${narrow ? ` (now: ${narrow})` : ""}`,
  required: (name) => `${name} may be left out now`,
  undeclared: () => "is given now, which the old output did not declare",
  keys: (keys) => (keys ? `may carry keys other than ${keys} now` : "may carry keys now"),
};

/** Where values of `narrow` are refused by `wide`: empty when `wide` accepts everything `narrow` does. */
export function refusedBy(narrow: Schema, wide: Schema, words: Words = INPUT_WORDS): Finding[] {
  const findings: Finding[] = [];
  const seen = new Set<string>();
  const sides = { narrow: { root: narrow }, wide: { root: wide }, words };
  walk(narrow, wide, "", sides, findings, seen);
  return findings;
}

const isNode = (schema: unknown): schema is Node => typeof schema === "object" && schema !== null && !Array.isArray(schema);
const at = (path: string, key: string) => (path ? `${path}.${key}` : key);
const shown = (value: unknown) => JSON.stringify(value);

/** A `$ref` followed in its own schema (`#`, `#/$defs/Name`); anything else as it is. */
function resolve(schema: Schema, side: Side, depth = 0): Schema {
  if (!isNode(schema) || typeof schema.$ref !== "string" || depth > 32) return schema;
  const ref = schema.$ref;
  const root = side.root;
  if (ref === "#") return resolve(root, side, depth + 1);
  const name = ref.startsWith("#/$defs/") ? decodeURIComponent(ref.slice(8)).replace(/~1/g, "/").replace(/~0/g, "~") : undefined;
  const defs = isNode(root) && isNode(root.$defs) ? (root.$defs as Record<string, Schema>) : {};
  return name !== undefined && name in defs ? resolve(defs[name], side, depth + 1) : schema;
}

function walk(narrowIn: Schema, wideIn: Schema, path: string, sides: Sides, out: Finding[], seen: Set<string>): void {
  const narrow = resolve(narrowIn, sides.narrow);
  const wide = resolve(wideIn, sides.wide);
  // A recursive pair met again holds if it held the first time: the walk goes on elsewhere.
  const key = `${path}\u0000${JSON.stringify(narrow)}\u0000${JSON.stringify(wide)}`;
  if (seen.has(key) || path.split(".").length > 64) return;
  seen.add(key);
  const say = (what: string) => void out.push({ path: path || "(root)", what });
  const { words } = sides;
  if (wide === true || narrow === false) return;
  if (wide === false) return say(words.nothing());
  if (isUnconstrained(narrow)) return isUnconstrained(wide) ? undefined : say(words.constrained());
  if (!isNode(narrow) || !isNode(wide)) return;

  // Each member of a union must be taken; by the other union, one of its members.
  if (Array.isArray(narrow.anyOf)) {
    const { anyOf, ...rest } = narrow;
    for (const member of anyOf as Schema[]) walk(merged(rest, member), wide, path, sides, out, seen);
    return;
  }
  if (Array.isArray(wide.anyOf)) {
    const { anyOf, ...rest } = wide;
    let best: Finding[] | undefined;
    for (const member of anyOf as Schema[]) {
      const found: Finding[] = [];
      walk(narrow, merged(rest, member), path, sides, found, new Set(seen));
      if (!best || found.length < best.length) best = found;
      if (found.length === 0) return;
    }
    out.push(...(best ?? []));
    return;
  }

  const types = typesOf(narrow);
  const wideTypes = typesOf(wide);
  if (wideTypes) {
    const refused = types?.filter((type) => !wideTypes.includes(type) && !(type === "integer" && wideTypes.includes("number")));
    if (!refused) say(words.typed(wideTypes.join(" or ")));
    else if (refused.length) say(words.type(refused.join(" or "), wideTypes.join(" or ")));
  }
  const values = enumOf(narrow);
  const wideValues = enumOf(wide);
  if (wideValues) {
    const text = new Set(wideValues.map(shown));
    if (!values) say(words.only(wideValues.map(shown).join(", ")));
    else {
      const gone = values.filter((value) => !text.has(shown(value)));
      if (gone.length) say(words.type(gone.map(shown).join(", "), wideValues.map(shown).join(", ")));
    }
  }
  // Every keyword the wide side has must be met by what the narrow side takes (the keyword table says how).
  for (const keyword of Object.keys(RULES) as RuleName[]) {
    if (wide[keyword] === undefined || within(keyword, narrow, wide[keyword])) continue;
    say(words.rule(ruleText(keyword, wide[keyword]), narrow[keyword] === undefined ? undefined : ruleText(keyword, narrow[keyword])));
  }
  items(narrow, wide, path, sides, out, seen);
  properties(narrow, wide, path, sides, out, seen, say);
}

/** A union's member with the keywords beside `anyOf` (`{ description, anyOf }`) kept on it. */
function merged(rest: Node, member: Schema): Schema {
  if (!isNode(member)) return member;
  const { description: _d, title: _t, default: _f, examples: _e, ...keywords } = rest;
  return Object.keys(keywords).length ? { ...keywords, ...member } : member;
}

const ANNOTATIONS = new Set(["description", "title", "default", "examples", "deprecated", "$defs", "$schema", "$id"]);
const isUnconstrained = (schema: Schema) => schema === true || (isNode(schema) && Object.keys(schema).every((key) => ANNOTATIONS.has(key)));

function typesOf(schema: Node): string[] | undefined {
  if (Array.isArray(schema.type)) return schema.type as string[];
  if (typeof schema.type === "string") return [schema.type];
  const values = enumOf(schema);
  if (values) return [...new Set(values.map(jsonType))];
  return undefined;
}

function enumOf(schema: Node): unknown[] | undefined {
  if (Array.isArray(schema.enum)) return schema.enum;
  if ("const" in schema) return [schema.const];
  return undefined;
}

function jsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

/** A keyword's rule in its issue's words, without what came: `must be <= 28`, `must have at most 5 items`. */
function ruleText(keyword: RuleName, limit: unknown): string {
  const holes = (RULES[keyword] as { holes?: (limit: unknown, came: Came<string>) => Record<string, unknown> }).holes;
  return sayKeyword(keyword, holes?.(limit, { count: "", shown: "", value: "" }) ?? {}).replace(/(, got |: items ).*$/, "");
}

function items(narrow: Node, wide: Node, path: string, sides: Sides, out: Finding[], seen: Set<string>): void {
  const prefix = (node: Node) => (Array.isArray(node.prefixItems) ? (node.prefixItems as Schema[]) : []);
  const rest = (node: Node): Schema => (node.items === undefined ? true : (node.items as Schema));
  const [a, b] = [prefix(narrow), prefix(wide)];
  if (!a.length && !b.length && narrow.items === undefined && wide.items === undefined) return;
  const length = Math.max(a.length, b.length);
  for (let i = 0; i < length; i++) walk(a[i] ?? rest(narrow), b[i] ?? rest(wide), `${path}[${i}]`, sides, out, seen);
  if (length === 0 || narrow.items !== undefined || wide.items !== undefined) walk(rest(narrow), rest(wide), `${path}[]`, sides, out, seen);
}

function properties(narrow: Node, wide: Node, path: string, sides: Sides, out: Finding[], seen: Set<string>, say: (what: string) => void): void {
  const objectish = (node: Node) => node.properties !== undefined || node.additionalProperties !== undefined || node.required !== undefined;
  if (!objectish(narrow) && !objectish(wide)) return;
  const props = (node: Node) => (isNode(node.properties) ? (node.properties as Record<string, Schema>) : {});
  const required = (node: Node) => new Set(Array.isArray(node.required) ? (node.required as string[]) : []);
  // A key no property declares: what additionalProperties takes, else none at all (a tool refuses
  // such keys, and a result carries only the fields its type declares).
  const { words } = sides;
  const extra = (node: Node, unset: boolean): Schema => (node.additionalProperties === undefined ? unset : (node.additionalProperties as Schema));
  const [a, b] = [props(narrow), props(wide)];
  const [ra, rb] = [required(narrow), required(wide)];
  const [ea, eb] = [extra(narrow, false), extra(wide, words.undeclaredTaken)];
  for (const name of rb) if (!ra.has(name)) say(words.required(shown(name)));
  for (const [name, schema] of Object.entries(a)) {
    if (name in b) walk(schema, b[name], at(path, name), sides, out, seen);
    else if (eb === false) out.push({ path: at(path, name), what: words.undeclared() });
    else walk(schema, eb, at(path, name), sides, out, seen);
  }
  for (const [name, schema] of Object.entries(b)) if (!(name in a) && ea !== false) walk(ea, schema, at(path, name), sides, out, seen);
  if (ea === false) return;
  if (eb === false) say(words.keys(Object.keys(b).map(shown).join(", ")));
  else walk(ea, eb, `${path}{}`, sides, out, seen);
}
