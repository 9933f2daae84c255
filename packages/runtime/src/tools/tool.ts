import type { JsonSchema, SchemaOptions } from "../schema";
import type { CoerceRule } from "../check/coerce";
import type { Plan } from "../plan";
import { ArgumentsError } from "../issues";
import { checkEither } from "../check/checkArgs";
import { toStandard, type StandardProps } from "./standard";

/** What the transformer emits beside a `toolOf(fn)` call: everything it read off the function. */
export interface ToolMeta {
  readonly "~tool": 1;
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly annotations?: ToolAnnotations;
  readonly inputSchema: JsonSchema;
  readonly outputSchema?: JsonSchema;
  /** Maps the arguments object to the function's positional arguments. */
  readonly plan: Plan;
  /** The input schema as each provider the tool was built for accepts it (`toolOf(fn, { target })`), made at compile time. */
  readonly schemas?: Readonly<Partial<Record<Target, JsonSchema>>>;
  /** The plan for a target whose model sends the arguments its own way (openai-strict: `null` for a property left out). */
  readonly plans?: Readonly<Partial<Record<Target, Plan>>>;
}

/**
 * MCP's tool annotations: hints a client weighs before it lets a model call the tool (MCP assumes a
 * tool may change things, destructively, and reach the outside world until told otherwise). From
 * the function's JSDoc: `@readOnly`, `@destructive`, `@idempotent`, `@openWorld`, `@closedWorld`.
 */
export interface ToolAnnotations {
  readonly readOnlyHint?: boolean;
  readonly destructiveHint?: boolean;
  readonly idempotentHint?: boolean;
  readonly openWorldHint?: boolean;
}

/** An icon a client shows beside the tool (MCP 2025-11-25). */
export interface ToolIcon {
  readonly src: string;
  readonly mimeType?: string;
  readonly sizes?: readonly string[];
  readonly theme?: "light" | "dark";
}

/** The providers a schema can be written for (see SchemaOptions.target). */
export type Target = NonNullable<SchemaOptions["target"]>;

export interface ToolOptions {
  /** The tool's name; the function's own by default. */
  readonly name?: string;
  /** What the tool does, for the model; the function's JSDoc summary by default. */
  readonly description?: string;
  /** A name for people (MCP's `title`); the function's `@title` by default. */
  readonly title?: string;
  /** MCP's hints, over those the function's JSDoc gives. */
  readonly annotations?: ToolAnnotations;
  /** Icons a client shows beside the tool. */
  readonly icons?: readonly ToolIcon[];
  /**
   * The providers to write the input schema for as well, at compile time (a literal): the adapters
   * (`openAITool(tool, { strict: true })`, `anthropicTool`, `geminiTool`) take theirs from the tool.
   */
  readonly target?: Target | readonly Target[];
  /**
   * `true`: named types used more than once, and recursive types, go to `$defs`; `"auto"`: only where
   * that makes the schema smaller (a literal, read at compile time).
   */
  readonly refs?: boolean | "auto";
  /** `false`: every object with fixed properties gets `"additionalProperties": false` (a literal, read at compile time). */
  readonly additionalProperties?: false;
  /**
   * Keys the function's parameters do not declare: `"reject"` (the default) answers the model with
   * each one and the keys allowed, so it never hears "done" for input that was ignored; `"drop"`
   * leaves them out. The plugin entry's `unknownKeys` sets it for every tool of the project.
   */
  readonly unknownKeys?: "drop" | "reject";
  /**
   * Repair the mistakes models are known to make before refusing them (a literal, read at compile
   * time): `true`, or a list of rules (see `Coerce`). What was repaired is in the result's
   * `_meta["schemaof/coerced"]`; the schema the model reads is the same.
   */
  readonly coerce?: boolean | readonly CoerceRule[];
  /**
   * The tool sets it is served in, where one project serves several (a literal, read at compile
   * time): each set is counted against the providers' limits a request on its own, by the build and
   * by `schemaof tools --set`. A tool that names none is in the set `"default"`.
   */
  readonly toolSet?: string | readonly string[];
}

/** MCP's `CallToolResult` (2025-11-25), as a tool call answers. */
export interface CallToolResult {
  readonly content: { readonly type: "text"; readonly text: string }[];
  readonly structuredContent?: Record<string, unknown>;
  readonly isError?: boolean;
  /** `"schemaof/coerced"`: the repairs made to the arguments before the call (a tool built with `coerce`). */
  readonly _meta?: Readonly<Record<string, unknown>>;
}

type AnyFunction = (...args: any[]) => any;

/**
 * The arguments object a tool's handler is handed. A function whose only parameter is an object
 * (not optional, no default) is described by that object, as the transformer reads it
 * (analyze/analyzeCall.ts, isSingleObject), so that object is the type: `search(input: SearchInput)`
 * gives `SearchInput`. Any other function's arguments are named after its parameters, which a type
 * cannot read: `Record<string, unknown>`.
 */
export type ToolInput<F> = F extends (...args: infer P) => any ? (P extends [infer Only] ? (IsSingleObject<Only> extends true ? Only : Named) : Named) : Named;

type Named = Record<string, unknown>;

/** An object type that is not a union, an array, a function, or a type that travels as its toJSON(). */
export type IsSingleObject<T> = [T] extends [object]
  ? IsUnion<T> extends true
    ? false
    : [T] extends [readonly unknown[] | AnyFunction | { toJSON(...args: any[]): unknown }]
      ? false
      : true
  : false;

type IsUnion<T, All = T> = T extends unknown ? ([All] extends [T] ? false : true) : never;

export const isToolMeta = (value: unknown): value is ToolMeta => typeof value === "object" && value !== null && (value as { "~tool"?: unknown })["~tool"] === 1;

/** What a tool keeps to itself. Not `#private` fields: those show in the declarations as `#private`,
 * which TypeScript refuses under a target below ES2015 (TS18028) even in a library's `.d.ts`. */
interface Internals {
  readonly fn: AnyFunction;
  readonly self: unknown;
  readonly plan: Plan;
  readonly plans: Readonly<Partial<Record<Target, Plan>>> | undefined;
  readonly unknownKeys: "drop" | "reject";
  readonly schemas: Readonly<Partial<Record<Target, JsonSchema>>>;
  // What an SDK validates is the object of named arguments, whatever the function's own parameters.
  readonly standard: StandardProps<unknown, unknown>;
}
const internals = new WeakMap<Tool, Internals>();

/**
 * A function as a tool a model can call. Its own enumerable fields are the tool's definition
 * (`name`, `title`, `description`, `inputSchema`, `outputSchema`, `annotations`, `icons`, each
 * only when it has one), so `JSON.stringify(tools)` is a tool list;
 * `call(args)` answers a call, and `~standard` validates arguments for SDKs that take a Standard Schema.
 */
export class Tool<F extends AnyFunction = AnyFunction> {
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly inputSchema: JsonSchema;
  readonly outputSchema?: JsonSchema;
  readonly annotations?: ToolAnnotations;
  readonly icons?: readonly ToolIcon[];

  constructor(fn: F, self: unknown, meta: ToolMeta, options: ToolOptions = {}) {
    // Assigned in MCP's order, which JSON.stringify keeps; a field nobody gave is not there at all.
    this.name = options.name ?? meta.name;
    const title = options.title ?? meta.title;
    if (title !== undefined) this.title = title;
    const description = options.description ?? meta.description;
    if (description !== undefined) this.description = description;
    this.inputSchema = meta.inputSchema;
    if (meta.outputSchema) this.outputSchema = meta.outputSchema;
    if (meta.annotations || options.annotations) this.annotations = { ...meta.annotations, ...options.annotations };
    if (options.icons) this.icons = options.icons;
    const unknownKeys = options.unknownKeys ?? meta.plan.unknownKeys ?? "reject";
    internals.set(this, {
      fn,
      self,
      plan: meta.plan,
      plans: meta.plans,
      unknownKeys,
      schemas: { ...meta.schemas, mcp: meta.inputSchema },
      // An SDK that validates through it hands the function what it let through: the same keys refused.
      standard: toStandard<unknown, unknown>(meta.inputSchema, { ...meta.plan, unknownKeys })["~standard"],
    });
  }

  /**
   * The input schema as `target`'s provider accepts it; the tool must have been built for it
   * (`toolOf(fn, { target: "openai-strict" })`), as schemas are written at compile time.
   */
  schemaFor(target: Target): JsonSchema {
    const schema = internals.get(this)!.schemas[target];
    if (schema) return schema;
    throw new Error(notBuiltFor(this.name, target));
  }

  /** Whether the tool was built with `target`'s schema. */
  hasSchemaFor(target: Target): boolean {
    return internals.get(this)!.schemas[target] !== undefined;
  }

  /**
   * Standard Schema V1 and Standard JSON Schema V1 of the tool's arguments, typed as `ToolInput<F>`:
   * a framework that takes a Standard Schema hands its handler typed input.
   */
  get "~standard"(): StandardProps<ToolInput<F>, ToolInput<F>> {
    return internals.get(this)!.standard as StandardProps<ToolInput<F>, ToolInput<F>>;
  }

  /**
   * Checks and maps the arguments, calls the function and answers as MCP's tools/call does:
   * wrong arguments and the function's own errors come back as `isError` results with a text the
   * model can act on (SEP-1303); nothing is thrown. `target` says whose model sent them: for a tool
   * built for `openai-strict`, a `null` for an optional property whose type has none is that
   * property left out. A target the tool was not built for is refused, with the build that fixes it:
   * its model was shown a schema this tool never wrote (where the transformer can see both, TS99019).
   * @schemaofIntrinsic call
   */
  async call(args: unknown, options: { readonly target?: Target } = {}): Promise<CallToolResult> {
    const { plan, plans, schemas, unknownKeys, fn, self } = internals.get(this)!;
    const { target } = options;
    if (target !== undefined && !schemas[target]) return errorResult(notBuiltFor(this.name, target));
    const checked = checkEither((target !== undefined && plans?.[target]) || plan, args ?? {}, { unknownKeys });
    if ("issues" in checked) return errorResult(new ArgumentsError(checked.issues).message);
    try {
      const result = answer(this, await fn.apply(self, checked.value as unknown[]));
      // What was repaired is told beside the answer, never silently: the client, the log and the model can read it.
      return checked.coerced ? { ...result, _meta: { ...result._meta, [COERCED]: checked.coerced } } : result;
    } catch (error) {
      // The function's own error, or a result JSON cannot carry (a bigint, a cycle).
      return errorResult(`${this.name} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

/** The key of a tool result's `_meta` that lists the repairs made to its arguments. */
export const COERCED = "schemaof/coerced";

/** A function's result as MCP's tools/call answers it. */
function answer(tool: Tool, result: unknown): CallToolResult {
  if (!tool.outputSchema && result === undefined) return { content: [] };
  if (!tool.outputSchema && typeof result === "string") return { content: [{ type: "text", text: result }] };
  // The result as JSON carries it (a Date as its ISO string, undefined properties gone), written once.
  const text = JSON.stringify(result ?? null);
  if (text === undefined) throw new TypeError("the result is not a JSON value");
  const content = [{ type: "text" as const, text }];
  return tool.outputSchema ? { content, structuredContent: JSON.parse(text) as Record<string, unknown> } : { content };
}

/** A target the tool has no schema for, and the build that gives it one. */
const notBuiltFor = (name: string, target: Target) =>
  `the tool '${name}' has no schema for ${target}: build it with toolOf(fn, { target: "${target}" }) (the schema is written at compile time)`;

const errorResult = (text: string): CallToolResult => ({ content: [{ type: "text", text }], isError: true });
