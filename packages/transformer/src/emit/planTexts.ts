/**
 * The texts of two issues that depend on the type, worked out once at build time and carried in the
 * plan: what a missing property expects (`, expected string`) and what a union would have taken
 * (`must be an object with isbn, or an object with title`).
 */
type Json = any; // plan nodes, as toPlan builds them

// The other texts are the runtime's sentences (check/sentences.ts).
export { allowedText, notAllowedText, requiredOneOfText } from "@schemaof/runtime/helpers";

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
