import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { printable } from "./log";
import { COERCED, type CallToolResult, type Tool } from "../tools/tool";
import type { Coerced } from "../check/coerce";

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
 * The server must be created with `capabilities: { tools: {} }`. `onCall` is given each call's work
 * as it starts (a server counts what runs, even once its client has left).
 */
export function serveTools(
  server: ToolServer,
  tools: readonly Tool[],
  options: { readonly onCall?: (work: Promise<unknown>) => void; readonly log?: (line: string) => void } = {},
): void {
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  if (byName.size !== tools.length) throw new Error("Two tools have the same name; pass { name } to toolOf to tell them apart.");
  const definitions = tools.map(toolDefinition);
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: definitions }));
  server.setRequestHandler(CallToolRequestSchema, async (request: { params: { name: string; arguments?: unknown } }) => {
    const tool = byName.get(request.params.name);
    if (!tool) throw protocolError(-32602, `Unknown tool: ${printable(request.params.name)}; the tools are ${[...byName.keys()].join(", ")}`);
    const work = tool.call(request.params.arguments);
    options.onCall?.(work);
    const { log } = options;
    return log ? work.then((result) => (logRepairs(log, tool.name, result), result)) : work;
  });
}

/** A call whose arguments were repaired says so in the log: which tool, where, by which rule. */
function logRepairs(log: (line: string) => void, name: string, result: CallToolResult): void {
  const repairs = result._meta?.[COERCED] as readonly Coerced[] | undefined;
  if (!repairs?.length) return;
  log(`tools/call ${printable(name)}: arguments repaired: ${repairs.map((r) => `${printable(r.pointer || "(root)", 60)} ${r.rule}`).join(", ")}`);
}

/**
 * An error the SDK answers with its code and this message as they are. (The SDK's McpError puts
 * "MCP error -32602: " in its message, and a client that shows the error puts it there again.)
 */
const protocolError = (code: number, message: string) => Object.assign(new Error(message), { code });
