import type { JsonSchema } from "../schema";
import type { Tool } from "./tool";

/**
 * A tool as each provider's API takes it, with the compiled schemas. Plain objects, no SDK needed:
 * pass them in the request's `tools` array.
 */

/** OpenAI Chat Completions: `{ type: "function", function: { name, description, parameters } }`. */
export function openAITool(tool: Tool): { type: "function"; function: { name: string; description?: string; parameters: JsonSchema } } {
  return { type: "function", function: { name: tool.name, ...described(tool), parameters: tool.inputSchema } };
}

/** Anthropic Messages: `{ name, description, input_schema }`. */
export function anthropicTool(tool: Tool): { name: string; description?: string; input_schema: JsonSchema } {
  return { name: tool.name, ...described(tool), input_schema: tool.inputSchema };
}

const described = (tool: Tool) => (tool.description === undefined ? {} : { description: tool.description });
