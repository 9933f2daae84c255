// No import from @openai/agents: the caller hands in its `tool` factory, seen here structurally.
import type { StrictObjectSchema } from "../../schema";
import type { Tool } from "../tool";
import { resultText } from "./resultText";

/** Non-strict `parameters`, as @openai/agents types them (`JsonObjectSchemaNonStrict`, which says `additionalProperties: true`). */
type OpenObjectSchema = Omit<StrictObjectSchema, "additionalProperties"> & { additionalProperties: true };

interface Fields {
  name: string;
  description: string;
  execute: (input: unknown) => Promise<string>;
}

/**
 * `tool` from @openai/agents, as far as the adapter calls it: one signature per mode, since the
 * SDK's generic infers `parameters` from one mode at a time (a union of both fails against it).
 */
export interface OpenAIAgentsToolFactory<R, X> {
  (options: Fields & X & { parameters: StrictObjectSchema; strict: true }): R;
  (options: Fields & X & { parameters: OpenObjectSchema; strict: false }): R;
}

export interface OpenAIAgentsToolOptions<X> {
  /**
   * `true`: the tool's openai-strict schema with `strict: true` (the tool must be built with
   * `toolOf(fn, { target: "openai-strict" })`); `false`: its MCP schema. By default, strict when
   * the tool was built for it.
   */
  readonly strict?: boolean;
  /** More of the factory's options (`needsApproval`, `timeoutMs`, …), checked against the SDK's own types. */
  readonly with?: X;
}

/**
 * A tool for the OpenAI Agents SDK: `openAIAgentsTool(search, tool)` with `tool` from
 * `@openai/agents`. The SDK is handed a plain JSON Schema, which it only parses, and the tool's
 * `call` checks: a wrong call answers the model with schemaof's issue text as the tool's output.
 * (Handed a Standard Schema, the SDK validates by itself and, unless its tool-data logging is on,
 * tells the model only "An error occurred while running the tool".)
 */
export function openAIAgentsTool<R, X extends object = {}>(
  tool: Tool,
  // X is read off `options.with` alone (this is TypeScript 5.0's spelling of NoInfer<X>): read off the
  // factory too, it would be the SDK's whole options type.
  factory: OpenAIAgentsToolFactory<R, [X][X extends unknown ? 0 : never]>,
  options: OpenAIAgentsToolOptions<X> = {},
): R {
  const strict = options.strict ?? tool.hasSchemaFor("openai-strict");
  const fields: Fields & X = {
    ...(options.with as X),
    name: tool.name,
    description: tool.description ?? "",
    // A strict model sends `null` for a property it leaves out: the strict plan reads it so.
    execute: async (input: unknown) => resultText(await tool.call(input, strict ? { target: "openai-strict" } : {})),
  };
  return strict
    ? factory({ ...fields, parameters: tool.schemaFor("openai-strict") as StrictObjectSchema, strict: true })
    : factory({ ...fields, parameters: tool.inputSchema as OpenObjectSchema, strict: false });
}
