// No import from "ai": the object is what ai's tool() takes and returns (tool() is the identity), so
// the runtime depends on nothing (tested with ai 7, test/frameworks.test.mjs).
import type { CallToolResult, Tool, ToolInput } from "../tool";
import type { StandardJsonSchemaOptions, StandardProps } from "../standard";
import { resultText } from "./resultText";

/**
 * A tool call that failed: wrong arguments, or the function's own error. The AI SDK hands a thrown
 * error to the next model turn as `error.toString()` (`"Error: …"` for an Error): here that is the
 * text alone, so the model reads what an MCP client would. `result` is the whole answer.
 */
export class ToolCallError extends Error {
  readonly result: CallToolResult;
  constructor(result: CallToolResult) {
    super(resultText(result));
    this.name = "ToolCallError";
    this.result = result;
  }
  override toString(): string {
    return this.message;
  }
}

/** The AI SDK's tool, the fields given here; `tool(aiSdkTool(t))` types `execute`'s input. */
export interface AiSdkTool<Input> {
  readonly description?: string;
  readonly title?: string;
  /** The SDK sends `jsonSchema.input({ target: "draft-07" })` to the provider. */
  readonly inputSchema: { readonly "~standard": StandardProps<Input, Input> };
  readonly execute: (input: Input, options?: unknown) => Promise<unknown>;
}

/**
 * A tool for the AI SDK (`generateText({ tools: { search: aiSdkTool(search) } })`, and Mastra's
 * agents, which take AI SDK tools). The SDK's own check would answer a wrong call with its JSON
 * dump of the issues; here every value passes it, and the tool's `call` checks, so the next model
 * turn reads schemaof's issue text. A valid call answers with the function's result (its structured
 * content when it has an output schema, else its text).
 */
export function aiSdkTool<F extends (...args: any[]) => any>(tool: Tool<F>): AiSdkTool<ToolInput<F>> {
  const { jsonSchema } = tool["~standard"];
  const input = (options?: StandardJsonSchemaOptions) => keepOpenObjects(jsonSchema.input(options));
  return {
    ...(tool.description !== undefined ? { description: tool.description } : {}),
    ...(tool.title !== undefined ? { title: tool.title } : {}),
    inputSchema: {
      "~standard": { version: 1, vendor: "schemaof", validate: (value) => ({ value: value as ToolInput<F> }), jsonSchema: { input, output: input } },
    },
    execute: async (value) => {
      const result = await tool.call(value);
      if (result.isError) throw new ToolCallError(result);
      return result.structuredContent ?? (result.content.length > 0 ? resultText(result) : undefined);
    },
  };
}

/**
 * The AI SDK sets `additionalProperties: false` on every object whose extra keys are not described by
 * a schema (`true` included), which would tell the model that an object of any keys (a
 * `Record<string, unknown>`) must be empty. `{}` says the same as `true` and is kept as it is.
 * Objects with properties keep the SDK's `false`: schemaof refuses keys a type does not declare.
 */
function keepOpenObjects(schema: unknown): Record<string, unknown> {
  const node = schema as Record<string, unknown>;
  if (typeof schema !== "object" || schema === null) return node;
  const types = Array.isArray(node.type) ? node.type : [node.type];
  if (types.includes("object") && node.properties === undefined && (node.additionalProperties ?? true) === true) node.additionalProperties = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === "properties" || key === "$defs" || key === "definitions") Object.values(value as object).forEach(keepOpenObjects);
    else if (key === "enum" || key === "const" || key === "default" || key === "examples") continue;
    else if (Array.isArray(value)) value.forEach(keepOpenObjects);
    else if (typeof value === "object") keepOpenObjects(value);
  }
  return node;
}
