/**
 * `@schemaof/runtime/plan`: what a plan says of itself, written once and read by every walker of
 * plans at build time (the transformer's two code generators, its interpreter, the tests' plan
 * maker): the JSON types a node takes, the union member a JSON type selects, the keys an object
 * member keeps, and the texts a plan carries. Nothing a user's code runs imports it.
 */
import type { PlanNode } from "./plan";

type UnionNode = Extract<PlanNode, { kind: "union" }>;
type Defs = Readonly<Record<string, PlanNode>> | undefined;

/** The JSON types a plan node takes; undefined when they cannot be told without looking further (a ref, a union, any value). */
export function jsonTypes(n: PlanNode): string[] | undefined {
  const types: string[] | undefined =
    n.kind === "string" || n.kind === "date"
      ? ["string"]
      : n.kind === "number" || n.kind === "boolean" || n.kind === "null"
        ? [n.kind]
        : n.kind === "enum"
          ? [...new Set<string>(n.values.map((value) => (value === null ? "null" : typeof value)))]
          : n.kind === "array" || n.kind === "tuple"
            ? ["array"]
            : n.kind === "object"
              ? ["object"]
              : n.kind === "any" && n.object
                ? ["object"]
                : undefined;
  return types && n.nullable ? [...types, "null"] : types;
}

/**
 * Each JSON type only one member takes, with that member, in the order the members first name
 * them; undefined when a member's types cannot be told (a ref, a union, any value).
 */
export function membersByType(members: readonly PlanNode[]): Map<string, PlanNode> | undefined {
  const count = new Map<string, number>();
  const owner = new Map<string, PlanNode>();
  for (const member of members) {
    const types = jsonTypes(member);
    if (!types) return undefined;
    for (const type of types) {
      count.set(type, (count.get(type) ?? 0) + 1);
      owner.set(type, member);
    }
  }
  for (const [type, n] of count) if (n > 1) owner.delete(type);
  return owner;
}

/**
 * The keys an object member keeps, its own and those of its patterns, unless it takes any key (an
 * index signature); a definition is followed. A union tries first the members that keep every key sent.
 */
export function keptKeys(member: PlanNode, defs: Defs): { keys: string[]; patterns: string[] } | undefined {
  const node = member.kind === "ref" ? defs?.[member.to] : member;
  if (node?.kind !== "object" || node.additional) return undefined;
  return { keys: node.properties.map((p) => p.key), patterns: node.patterns?.map(([pattern]) => pattern) ?? [] };
}

/** What a value no member of the union takes is told. */
export const anyOfText = (n: UnionNode): string => n.summary ?? `must match one of ${n.members.length} forms`;

/** `, expected string`: what to send instead, for a model that left a key out. */
export function expectsText(n: PlanNode): string {
  switch (n.kind) {
    case "enum":
      return `, expected one of ${n.values.map((v) => JSON.stringify(v)).join(", ")}`;
    case "date":
      return n.format === "date" ? ", expected a date string" : ", expected a date-time string";
    case "tuple":
      return ", expected array";
    case "union":
      // What no member took is said as the union's summary says it: the discriminator and its values, or each member.
      return n.summary ? `, expected ${n.summary.replace(/^must be /, "")}` : "";
    case "ref":
    case "any":
      return "";
    case "number":
      return `, expected ${n.integer ? "integer" : "number"}`;
    default:
      return `, expected ${n.kind}`;
  }
}

/**
 * `must be an object with isbn, or "cash", or null`: one line for a value no member takes (a union's
 * `summary`). A discriminated union names its discriminator and the values it takes
 * (`must be an object whose kind is one of "create", "move"`): what tells its members apart.
 */
export function unionText(
  members: readonly PlanNode[],
  nullable: boolean,
  resolve: (n: PlanNode) => PlanNode,
  discriminator?: { readonly key: string; readonly values: readonly unknown[] },
): string {
  const orNull = nullable ? ", or null" : "";
  if (discriminator && discriminator.values.length) {
    const values = discriminator.values.map((value) => JSON.stringify(value));
    return `must be an object whose ${discriminator.key} is ${values.length === 1 ? values[0] : `one of ${values.join(", ")}`}${orNull}`;
  }
  // Members that read alike are said once: "an object with kind, or an object with kind" said nothing twice.
  return `must be ${[...new Set(members.map((m) => describe(resolve(m))))].join(", or ")}${orNull}`;
}

function describe(n: PlanNode): string {
  switch (n.kind) {
    case "object": {
      const required = n.properties.filter((p) => p.required).map((p) => p.key);
      return required.length ? `an object with ${required.join(", ")}` : "an object";
    }
    case "enum":
      return n.values.length === 1 ? JSON.stringify(n.values[0]) : `one of ${n.values.map((v) => JSON.stringify(v)).join(", ")}`;
    case "array":
    case "tuple":
      return "an array";
    case "number":
      return n.integer ? "an integer" : "a number";
    case "date":
      return "a date-time string";
    case "any":
      return "any value";
    case "ref":
      return "an object";
    default:
      return `a ${n.kind}`;
  }
}
