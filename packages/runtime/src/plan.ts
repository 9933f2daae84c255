import type { JsonValue } from "./schema";
import type { Context } from "./check/context";

/**
 * What the transformer emits beside a mapArgs/validateArgs call: the type's rules as plain data,
 * read by the checker in check/. The same model as the schema, plus what mapping needs (defaults,
 * Date, dotted keys, the class to instantiate, positional arguments). Not a public API.
 */
export interface Plan {
  readonly "~plan": 1;
  /**
   * The full check specialised to the type, as the transformer emits it: called once, it returns
   * the function that reports every issue of a value into the context (bound to the helpers it
   * imports from `@schemaof/runtime/helpers`). The interpreter reads `root` instead.
   */
  readonly make?: () => (value: unknown, ctx: Context) => void;
  /**
   * The happy path: called once, it returns the function that checks and maps a value in one pass,
   * with no context and no issue list, and returns FAIL at the first broken rule; then `make`'s full
   * check runs, to report every issue. It accepts exactly what the full check accepts.
   */
  readonly map?: () => (value: unknown) => unknown;
  readonly root?: PlanNode;
  /** Recursive types, by name (`{ t: "ref", to: "Comment" }`). */
  readonly defs?: Readonly<Record<string, PlanNode>>;
  /** `positional`: a function's parameters, mapped to its argument tuple; `single`: its one destructured parameter. */
  readonly call?: "positional" | "single";
  /** With `positional`: the parameters' names, in order (the result's keys the tuple is read from). */
  readonly names?: readonly string[];
  /** The class whose instance the root maps to (its constructor does not run). */
  readonly cls?: () => { prototype: object };
}

export type Literal = string | number | boolean | null;
export type Rules = Readonly<Record<string, number | string | boolean>>;

interface Common {
  /** Nullable: `null` is accepted too. */
  readonly n?: 1;
}

export type PlanNode = Common &
  (
    | { readonly t: "any"; readonly object?: 1 }
    | { readonly t: "string"; readonly r?: Rules }
    | { readonly t: "number"; readonly int?: 1; readonly r?: Rules }
    | { readonly t: "boolean" }
    | { readonly t: "null" }
    | { readonly t: "enum"; readonly v: readonly Literal[] }
    | { readonly t: "date"; /** `date`: a calendar date, midnight UTC once mapped. */ readonly f?: "date" }
    | { readonly t: "array"; readonly i: PlanNode; readonly r?: Rules }
    | { readonly t: "tuple"; readonly p: readonly PlanNode[]; readonly min: number; readonly rest?: PlanNode; readonly r?: Rules }
    | {
        readonly t: "object";
        readonly p: readonly PropertyPlan[];
        readonly add?: PlanNode;
        readonly closed?: 1;
        /** Keys of a pattern and what their values take (JSON Schema's patternProperties), before `add`. */
        readonly pat?: readonly (readonly [string, PlanNode])[];
      }
    | {
        readonly t: "union";
        readonly m: readonly PlanNode[];
        /** The discriminator, and each member's value of it, in member order. */
        readonly d?: string;
        readonly dv?: readonly Literal[];
        readonly sum?: string;
      }
    | { readonly t: "ref"; readonly to: string }
  );

export interface PropertyPlan {
  /** The key in the input. */
  readonly k: string;
  readonly p: PlanNode;
  readonly req?: 1;
  /** What a missing required key expects, for its message (`, expected string`). */
  readonly exp?: string;
  /** The value when the key is missing. */
  readonly def?: JsonValue;
  /** The name in the result when it differs from the key; a dotted-key group sets `flat`. */
  readonly as?: string;
  /** A `@key a.b` group: its members are written into the parent result, not nested. */
  readonly flat?: 1;
  /** `x?: never`: the key may only be absent. */
  readonly absent?: 1;
}

export function isPlan(value: unknown): value is Plan {
  return typeof value === "object" && value !== null && (value as { "~plan"?: unknown })["~plan"] === 1;
}
