/**
 * `@schemaof/runtime/mcp`: tools served by the official MCP SDK's low-level `Server` (v1,
 * `@modelcontextprotocol/sdk`). Its own entry point, so the runtime's core needs no SDK.
 */
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from "@modelcontextprotocol/sdk/types.js";
import type { Tool } from "./tools/tool";

/**
 * The part of the SDK's `Server` this uses, written structurally: an ES module project gets the SDK's
 * ESM `Server` and a CommonJS one its CJS twin, and both must fit.
 */
export interface ToolServer {
  // The SDK's handler types are its own zod-inferred shapes; this side only needs the method.
  setRequestHandler(schema: object, handler: (request: any) => Promise<any>): void;
}

/** What `tools/list` shows of a tool: its name, description and schemas. */
export function toolDefinition(tool: Tool): Record<string, unknown> {
  return JSON.parse(JSON.stringify(tool)) as Record<string, unknown>;
}

/**
 * Answers `tools/list` with the tools' definitions and `tools/call` by calling the named tool. Wrong
 * arguments and a tool's own failure are `isError` results the model can read and correct (SEP-1303);
 * an unknown tool is a protocol error (-32602), as the MCP specification says.
 * The server must be created with `capabilities: { tools: {} }`.
 */
export function serveTools(server: ToolServer, tools: readonly Tool[]): void {
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  if (byName.size !== tools.length) throw new Error("Two tools have the same name; pass { name } to toolOf to tell them apart.");
  const definitions = tools.map(toolDefinition);
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: definitions }));
  server.setRequestHandler(CallToolRequestSchema, async (request: { params: { name: string; arguments?: unknown } }) => {
    const tool = byName.get(request.params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}; the tools are ${[...byName.keys()].join(", ")}`);
    return tool.call(request.params.arguments);
  });
}
