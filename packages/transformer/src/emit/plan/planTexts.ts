/**
 * The texts of two issues that depend on the type, worked out once at build time and carried in the
 * plan: what a missing property expects (`, expected string`) and what a union would have taken
 * (`must be an object with isbn, or an object with title`).
 */
import type { PlanNode } from "@schemaof/runtime/helpers";

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
    case "ref":
    case "any":
      return "";
    case "number":
      return `, expected ${n.integer ? "integer" : "number"}`;
    default:
      return `, expected ${n.kind}`;
  }
}

/** `must be an object with isbn, or "cash", or null`: one line for a value no member takes. */
export function unionText(members: readonly PlanNode[], nullable: boolean, resolve: (n: PlanNode) => PlanNode): string {
  return `must be ${members.map((m) => describe(resolve(m))).join(", or ")}${nullable ? ", or null" : ""}`;
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
