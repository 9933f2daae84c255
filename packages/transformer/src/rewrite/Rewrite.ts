import type * as ts from "typescript";
import type { JsonValue } from "../model/Json";

/**
 * What rewriting a file comes to, as plain data that every host renders its own way: the ts-patch
 * host as AST nodes (render/toAst), the other hosts as text edits of the emitted JavaScript
 * (render/toEdits). Deciding it is the same everywhere, so the output is too.
 */
export interface FileRewrite {
  /** Each call of ours that is rewritten, in source order. */
  readonly calls: readonly CallRewrite[];
  /** The module-level constants the calls read, in order of first use; one per distinct text. */
  readonly constants: readonly Constant[];
  /** The name of the module's namespace import of `@schemaof/runtime/helpers`, when a plan needs it. */
  readonly helpers?: string;
  /** The files whose declarations the file's schemas were read from (this file included). */
  readonly dependencies: readonly string[];
}

export type CallRewrite =
  /** `schemaOf<T>()` -> `schema_1`. */
  | { readonly call: ts.CallExpression; readonly kind: "replace"; readonly by: Piece }
  /**
   * `mapArgs<T>(args)` -> `mapArgs(args, plan_1)`: the callee and the first `keep` arguments as written
   * (`void 0` for any left out), then `add`. `callee`, a helper that takes the callee's place: a check
   * built with `coerce` calls `__schemaof.mapRepairing(args, plan_1)`.
   */
  | {
      readonly call: ts.CallExpression;
      readonly kind: "arguments";
      readonly keep: number;
      readonly add: readonly Piece[];
      readonly tool?: ToolFacts;
      readonly callee?: string;
    };

/**
 * What a `toolOf` call makes, as a catalogue lists it: the definition a model is shown, for the
 * tool's own schema (MCP's) and each target it is built for.
 */
export interface ToolFacts {
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly annotations?: JsonValue;
  /** The input schema per target, MCP's first. */
  readonly schemas: Readonly<Record<string, JsonValue>>;
  readonly outputSchema?: JsonValue;
  /** The tool sets it is served in (`toolSet`), when it names any. */
  readonly sets?: readonly string[];
  /** Written flattened, the bytes its input schema would save with `$defs` (`refs: "auto"`), when it would. */
  readonly hoistingSaves?: number;
}

/** A part of the code that replaces a call. */
export type Piece =
  | { readonly constant: Constant }
  | { readonly json: JsonValue }
  | { readonly object: readonly (readonly [string, Piece])[] }
  /** The object of the first argument's property access, read again: `catalogue` of `toolOf(catalogue.search)`. */
  | { readonly receiver: ts.Expression };

/**
 * A hoisted constant: `const schema_1 = {…}` or `const plan_1 = {…}`. Its entries are source text
 * (a schema is one entry with no key); `classRef` names the class mapArgs<T> returns an instance of,
 * a value reference in the file that the host emits as it emits that reference (`loan_js_1.Loan` in
 * CommonJS), read lazily (`cls: () => Loan`) because the class may be declared below.
 */
export interface Constant {
  readonly kind: "schema" | "plan";
  /** The whole text, which tells constants apart. */
  readonly key: string;
  readonly entries: readonly (readonly [string | undefined, string])[];
  /** A schema's value, for hosts that show it (the editor's quick info). */
  readonly value?: object;
  readonly classRef?: ts.Identifier;
  /** The class is declared in this module: its name is the reference (`classRef` is then the name in the type). */
  readonly classDeclaredHere?: boolean;
  /** Where the first call that needs it wrote its type: what the constant maps to in a source map. */
  readonly origin?: ts.Node;
}
