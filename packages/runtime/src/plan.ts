import type { JsonValue } from "./schema";
import type { Issue } from "./issues";
import type { Rules } from "./check/keywords";
import type { RepairingCheck } from "./check/repair";

/**
 * What the transformer emits beside a mapArgs/validateArgs call: the type's rules as plain data,
 * read by the checker in check/. The same model as the schema, plus what mapping needs (defaults,
 * Date, dotted keys, the class to instantiate, positional arguments). Not a public API.
 */
export interface Plan {
  readonly "~plan": 1;
  /**
   * The check specialised to the type, as the transformer emits it: called once, it returns the
   * function that reports every issue of a value into the context and returns the value mapped (in
   * one pass; the value counts only when no issue was reported), bound to the helpers it imports
   * from `@schemaof/runtime/helpers`. The interpreter reads `root` instead.
   */
  readonly check?: () => (value: unknown, ctx: Context) => unknown;
  /**
   * The check of a plan built with `coerce`, in place of checkArgs: the runtime's `fix` over the
   * generated repair pass, which undoes the mistakes asked for in a copy of the arguments and lists
   * them. The arguments repaired if the repaired value passes the whole check; else the issues of the
   * arguments as sent.
   */
  readonly coerce?: RepairingCheck;
  readonly root?: PlanNode;
  /** Recursive types, by name (`{ kind: "ref", to: "Comment" }`). */
  readonly defs?: Readonly<Record<string, PlanNode>>;
  /** `positional`: a function's parameters, mapped to its argument tuple; `single`: its one destructured parameter. */
  readonly call?: "positional" | "single";
  /** With `positional`: the parameters' names, in order (the result's keys the tuple is read from). */
  readonly names?: readonly string[];
  /** The class whose instance the root maps to (its constructor does not run). */
  readonly cls?: () => { prototype: object };
  /** The project's choice for keys the type does not declare (the plugin entry's `unknownKeys`), when it made one. */
  readonly unknownKeys?: "drop" | "reject";
}

export type Literal = string | number | boolean | null;
// A node's validation keywords: the keyword table (check/keywords.ts) says which there are.
export type { Rules };

/**
 * The type's rules as data, one node per place: what `toPlan` (the transformer) makes of a type,
 * what the two code generators (`toCheckSource`, `toMapSource`) and the reference interpreter read,
 * and what the tests make of a JSON Schema. The one type they all import: a new kind or keyword is a
 * compile error wherever an exhaustive switch does not handle it yet. Never emitted as such (the
 * generated code is), so the names are for readers.
 */
export type PlanNode = NodeCommon &
  (
    | {
        readonly kind: "any";
        /** Any JSON object. */
        readonly object?: true;
        /** Its top-level `null`s are keys left out: openai-strict writes it as an object that takes no key, whose model sends null for one. */
        readonly nullsAbsent?: true;
      }
    | { readonly kind: "string"; readonly rules?: Rules }
    | { readonly kind: "number"; readonly integer?: true; readonly rules?: Rules }
    | { readonly kind: "boolean" }
    | { readonly kind: "null" }
    | {
        readonly kind: "enum";
        readonly values: readonly Literal[];
        /** A numeric enum's member names, one per value (`Priority.Low`): said beside each value in an issue. */
        readonly names?: readonly string[];
      }
    | { readonly kind: "date"; /** `date`: a calendar date, midnight UTC once mapped. */ readonly format?: "date" }
    | { readonly kind: "array"; readonly items: PlanNode; readonly rules?: Rules }
    | { readonly kind: "tuple"; readonly prefix: readonly PlanNode[]; readonly minItems: number; readonly rest?: PlanNode; readonly rules?: Rules }
    | ObjectPlan
    | {
        readonly kind: "union";
        readonly members: readonly PlanNode[];
        /** The discriminator, and each member's value of it, in member order. */
        readonly discriminator?: string;
        readonly discriminatorValues?: readonly Literal[];
        /** What a value no member takes is told (`must be an object with isbn, or null`). */
        readonly summary?: string;
      }
    | { readonly kind: "ref"; /** A recursive type, by its name in `defs`. */ readonly to: string }
  );

interface NodeCommon {
  /** `null` is accepted too. */
  readonly nullable?: true;
}

export interface ObjectPlan {
  readonly kind: "object";
  readonly properties: readonly PropertyPlan[];
  /** What keys no property or pattern takes hold (an index signature): JSON Schema's additionalProperties. */
  readonly additional?: PlanNode;
  /** Keys no property takes are refused (`additionalProperties: false`). */
  readonly closed?: true;
  /**
   * A `null` under a key no property takes is that key left out, never an unknown key: openai-strict's
   * model sends one for each key of a flattened root union's other branches.
   */
  readonly nullsAbsent?: true;
  /** Keys of a pattern and what their values take (JSON Schema's patternProperties), before `additional`. */
  readonly patterns?: readonly (readonly [string, PlanNode])[];
}

export type PlanKind = PlanNode["kind"];

export interface PropertyPlan {
  /** The key in the input. */
  readonly key: string;
  readonly plan: PlanNode;
  readonly required?: true;
  /** What a missing required key expects, for its message (`, expected string`). */
  readonly expects?: string;
  /** The value when the key is missing. */
  readonly default?: JsonValue;
  /** The type lets the key be left out (`x?:`): left out, it stays out, nullable or not (a nullable key that is not optional gets `null`). */
  readonly optional?: true;
  /** The name in the result when it differs from the key. */
  readonly name?: string;
  /** A `@key a.b` group: its members are written into the parent result, not nested. */
  readonly flat?: true;
  /** `x?: never`: the key may only be absent. */
  readonly absent?: true;
  /** `null` is the key left out: what a provider's model sends for an optional property under openai-strict. */
  readonly nullAbsent?: true;
}

export function isPlan(value: unknown): value is Plan {
  return typeof value === "object" && value !== null && (value as { "~plan"?: unknown })["~plan"] === 1;
}

/** What a check runs in: the issues found so far, the cap, where it is, the recursive types, the caller's choices. */
export interface Context {
  readonly issues: Issue[];
  readonly max: number;
  /**
   * Keys and indexes from the root to the value being checked, kept by the plan interpreter (a
   * generated check passes each issue its own path, and starts with NO_PATH).
   */
  path: (string | number)[];
  readonly defs: Readonly<Record<string, PlanNode>> | undefined;
  /** Unknown keys are issues instead of being dropped. */
  readonly reject: boolean;
  depth: number;
}
