/**
 * The texts of two issues that depend on the type, worked out once at build time and carried in the
 * plan: what a missing property expects (`, expected string`) and what a union would have taken
 * (`must be an object with isbn, or an object with title`).
 */
type Json = any; // plan nodes, as toPlan builds them

/** `must be one of "a", "b"` (`must be "a"` for one value): the words of the runtime's `allowedText`, worked out here once. */
export function allowedText(values: readonly unknown[]): string {
  const allowed = values.map((v) => JSON.stringify(v)).join(", ");
  return values.length === 1 ? `must be ${allowed}` : `must be one of ${allowed}`;
}

/** A union's discriminator left out; the words of the runtime's `say.requiredOneOf`. */
export function requiredOneOfText(values: readonly unknown[]): string {
  return `required, expected ${allowedText(values).replace(/^must be /, "")}`;
}

/** What a key that may only be absent is told when it is sent; the words of the runtime's `say.absent`. */
export const ABSENT_TEXT = "must not be present";

/** What an unknown key is told: the keys the object takes (the first 20); the words of the runtime's `notAllowedText`. */
export function notAllowedText(known: readonly string[]): string {
  if (known.length === 0) return "is not allowed; this object takes no keys";
  const shown = known.slice(0, 20).map((key) => JSON.stringify(key));
  return `is not allowed; allowed keys: ${shown.join(", ")}${known.length > 20 ? ", …" : ""}`;
}

/** `, expected string`: what to send instead, for a model that left a key out. */
export function expectsText(n: Json): string {
  switch (n.t) {
    case "enum":
      return `, expected one of ${n.v.map((v: unknown) => JSON.stringify(v)).join(", ")}`;
    case "date":
      return ", expected a date-time string";
    case "tuple":
      return ", expected array";
    case "union":
    case "ref":
    case "any":
      return "";
    default:
      return `, expected ${n.t === "number" && n.int ? "integer" : n.t}`;
  }
}

/** `must be an object with isbn, or "cash", or null`: one line for a value no member takes. */
export function unionText(members: readonly Json[], nullable: boolean, resolve: (n: Json) => Json): string {
  return `must be ${members.map((m) => describe(resolve(m))).join(", or ")}${nullable ? ", or null" : ""}`;
}

function describe(n: Json): string {
  switch (n.t) {
    case "object": {
      const required = n.p.filter((p: Json) => p.req).map((p: Json) => p.k);
      return required.length ? `an object with ${required.join(", ")}` : "an object";
    }
    case "enum":
      return n.v.length === 1 ? JSON.stringify(n.v[0]) : `one of ${n.v.map((v: unknown) => JSON.stringify(v)).join(", ")}`;
    case "array":
    case "tuple":
      return "an array";
    case "number":
      return n.int ? "an integer" : "a number";
    case "date":
      return "a date-time string";
    case "any":
      return "any value";
    case "ref":
      return "an object";
    default:
      return `a ${n.t}`;
  }
}
