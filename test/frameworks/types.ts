// Compiled, never run: each framework's handler reads the tool's input as its type. A line that reads
// a property the input has must compile (it fails if the input is untyped), and a line that reads
// one it lacks must not (its @ts-expect-error fails if the input is `any`). frameworks.test.mjs also
// compiles this file over an untyped tool and expects both kinds of error.
import { tool as aiTool, jsonSchema } from "ai";
import { tool as agentsTool } from "@openai/agents";
import { tool as langChainFactory } from "@langchain/core/tools";
import { createTool } from "@mastra/core/tools";
import { McpServer } from "@modelcontextprotocol/server";
import type Anthropic from "@anthropic-ai/sdk";
import type OpenAI from "openai";
import { aiSdkTool, langChainTool, openAIAgentsTool, schemaOf, standardSchemaOf } from "@schemaof/runtime";
import { registerTools } from "@schemaof/runtime/mcp";
import { tools, type SearchInput } from "./library";

// AI SDK: ai's tool() types execute's input from the adapter's Standard Schema.
export const aiSdk = aiTool(aiSdkTool(tools.search));
export function aiSdkHandler(input: Parameters<NonNullable<typeof aiSdk.execute>>[0]): string {
  const query: string = input.query;
  // @ts-expect-error: the search has no such argument
  return query + input.nope;
}

// Mastra: createTool takes the tool as its inputSchema and types execute's input.
export const mastra = createTool({
  id: "search",
  description: "Finds books.",
  inputSchema: tools.search,
  execute: async (input) => {
    const query: string = input.query;
    // @ts-expect-error: the search has no such argument
    return query + input.nope;
  },
});

// MCP SDK v2: registerTool takes the tool as its inputSchema and types the callback's arguments.
export function mcpV2(server: McpServer): void {
  server.registerTool("search", { inputSchema: tools.search }, async (args) => {
    const query: string = args.query;
    // @ts-expect-error: the search has no such argument
    return { content: [{ type: "text", text: query + args.nope }] };
  });
  registerTools(server, [tools.search, tools.order]);
}

// MCP SDK v1 (registerTools), OpenAI Agents and LangChain hand the arguments to the function itself,
// whose parameter is the tool's input: the tool's Standard Schema types (ToolInput) say so, and the
// adapters take the SDKs' factories without a cast.
export function standardInput(input: NonNullable<(typeof tools.search)["~standard"]["types"]>["input"]): string {
  const query: string = input.query;
  // @ts-expect-error: the search has no such argument
  return query + input.nope;
}
export const agents = [
  openAIAgentsTool(tools.searchStrict, agentsTool),
  openAIAgentsTool(tools.order, agentsTool, { strict: false, with: { timeoutMs: 5000 } }),
];
export const langChain = langChainTool(tools.search, langChainFactory);

// OpenAI Agents with a Standard Schema of its own: the SDK types execute's input.
export const agentsTyped = agentsTool({
  name: "search",
  description: "Finds books.",
  parameters: standardSchemaOf<SearchInput>({ target: "openai-strict" }),
  execute: async (input) => {
    const query: string = input.query;
    // @ts-expect-error: the search has no such argument
    return query + input.nope;
  },
});

// schemaOf<T>() where each SDK takes an object schema, with no cast.
export const agentsStrict = agentsTool({
  name: "search",
  description: "Finds books.",
  parameters: schemaOf<SearchInput>({ target: "openai-strict" }),
  strict: true,
  execute: async () => "found",
});
export const anthropic: Anthropic.Tool = { name: "search", input_schema: schemaOf<SearchInput>() };
export const openAI: OpenAI.ChatCompletionFunctionTool = { type: "function", function: { name: "search", parameters: schemaOf<SearchInput>() } };
export const aiSdkJson = aiTool({ inputSchema: jsonSchema<SearchInput>(schemaOf<SearchInput>()), execute: async (input) => input.query });
