import type { JsonSchema, ObjectSchema } from "../schema";
import type { Target, Tool } from "./tool";

/**
 * A tool as each provider's API takes it, with the schemas written at compile time. Plain objects,
 * no SDK needed: pass them in the request's `tools` array. A strict variant needs the tool built for
 * it (`toolOf(fn, { target: "openai-strict" })`) and says so when it was not; a plain one takes the
 * provider's schema when the tool has it, else the MCP schema, as before targets.
 */

/** OpenAI Chat Completions: `{ type: "function", function: { name, description, parameters, strict? } }`. */
export function openAITool(
  tool: Tool,
  options: { readonly strict?: boolean } = {},
): { type: "function"; function: { name: string; description?: string; parameters: JsonSchema; strict?: true } } {
  const parameters = options.strict ? tool.schemaFor("openai-strict") : preferred(tool, "openai");
  return { type: "function", function: { name: tool.name, ...described(tool), parameters, ...(options.strict ? { strict: true as const } : {}) } };
}

/** OpenAI Responses API: `{ type: "function", name, description, parameters, strict }`, flat where Chat Completions nests. */
export function openAIResponsesTool(
  tool: Tool,
  options: { readonly strict?: boolean } = {},
): { type: "function"; name: string; description?: string; parameters: JsonSchema; strict: boolean } {
  const { function: declared } = openAITool(tool, options);
  // The Responses API takes `strict` as on by default; a tool without the strict schema says false.
  return { type: "function", ...declared, strict: options.strict === true };
}

/** Anthropic Messages: `{ name, description, input_schema, strict? }`. */
export function anthropicTool(
  tool: Tool,
  options: { readonly strict?: boolean } = {},
): { name: string; description?: string; input_schema: ObjectSchema; strict?: true } {
  const input_schema = (options.strict ? tool.schemaFor("anthropic-strict") : preferred(tool, "anthropic")) as ObjectSchema;
  return { name: tool.name, ...described(tool), input_schema, ...(options.strict ? { strict: true as const } : {}) };
}

/**
 * Gemini `functionDeclarations` (`@google/genai`): `{ name, description, parametersJsonSchema }`,
 * or with `openapi`, `parameters` in Gemini's OpenAPI 3.0 subset. A tool without arguments has no
 * `parameters`: Gemini refuses an object schema without properties there.
 */
export function geminiTool(tool: Tool, options?: { readonly openapi?: false }): { name: string; description?: string; parametersJsonSchema: ObjectSchema };
export function geminiTool(tool: Tool, options: { readonly openapi: true }): { name: string; description?: string; parameters?: ObjectSchema };
export function geminiTool(
  tool: Tool,
  options: { readonly openapi?: boolean },
): { name: string; description?: string; parametersJsonSchema?: ObjectSchema; parameters?: ObjectSchema };
export function geminiTool(
  tool: Tool,
  options: { readonly openapi?: boolean } = {},
): { name: string; description?: string; parametersJsonSchema?: ObjectSchema; parameters?: ObjectSchema } {
  if (!options.openapi) return { name: tool.name, ...described(tool), parametersJsonSchema: preferred(tool, "gemini") as ObjectSchema };
  const parameters = tool.schemaFor("gemini-openapi") as ObjectSchema;
  const none = parameters.properties === undefined || Object.keys(parameters.properties).length === 0;
  return { name: tool.name, ...described(tool), ...(none ? {} : { parameters }) };
}

const preferred = (tool: Tool, target: Target) => (tool.hasSchemaFor(target) ? tool.schemaFor(target) : tool.inputSchema);
const described = (tool: Tool) => (tool.description === undefined ? {} : { description: tool.description });
