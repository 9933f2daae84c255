import type { Tool } from "../tools/tool";
import { toolTable } from "./serveTools";

/**
 * The part of the MCP SDK's `McpServer` this uses, written structurally (SDK v1's ESM and CommonJS
 * builds and SDK v2's all fit).
 */
export interface McpServerLike {
  readonly server: object;
  registerTool(name: string, config: Record<string, unknown>, callback: (...args: any[]) => unknown): { remove(): void };
}

type Handler = (request: any, extra: unknown) => Promise<any>;

/** Where SDK v1's `Protocol` keeps a handler for each method. */
interface HandlerTable {
  readonly _requestHandlers?: Map<string, Handler>;
}

const PLACEHOLDER = "schemaof_placeholder";

/**
 * Puts `tools` on an MCP SDK `McpServer`, beside the tools registered there one by one: `tools/list`
 * lists both, `tools/call` answers each tool by its own check. SDK v1's `registerTool` takes a zod
 * schema only ("inputSchema must be a Zod schema or raw shape"), and SDK v2's, given a tool as its
 * `inputSchema`, answers a wrong call in its own words; so the tools are not registered one by one:
 * the server's own two handlers are wrapped, and a wrong call reads schemaof's issue text. The SDKs
 * keep those handlers in a map they do not export (`_requestHandlers`, in v1 1.x and v2 2.x); a
 * server without it is refused with what to do instead.
 */
export function registerTools(mcpServer: McpServerLike, tools: readonly Tool[]): void {
  // A tool registered and removed again has the McpServer install its handlers and declare `tools`.
  mcpServer.registerTool(PLACEHOLDER, {}, () => ({ content: [] })).remove();
  const handlers = (mcpServer.server as HandlerTable)._requestHandlers;
  const list = handlers?.get("tools/list");
  const call = handlers?.get("tools/call");
  if (!handlers || !list || !call) {
    throw new Error(
      "registerTools(mcpServer, tools) takes the MCP SDK's McpServer (@modelcontextprotocol/sdk 1.x or @modelcontextprotocol/server 2.x), and this one keeps no request handlers where those do: pass each tool as registerTool's inputSchema (SDK v2), or use serveTools(server, tools) with a Server of your own.",
    );
  }
  const table = toolTable(tools);
  const ours = new Set(tools.map((tool) => tool.name));
  const listed: Handler = async (request, extra) => {
    const theirs = (await list(request, extra)) as { tools: { name: string }[] };
    const clash = theirs.tools.find((tool) => ours.has(tool.name));
    if (clash) throw new Error(`Two tools are named '${clash.name}'; pass { name } to toolOf to tell them apart.`);
    return { ...theirs, tools: [...theirs.tools, ...table.definitions] };
  };
  // A name already taken is said now, where the tools are put on the server; one registered later, when listed.
  const registered = Object.keys((mcpServer as { _registeredTools?: object })._registeredTools ?? {});
  const taken = registered.find((name) => ours.has(name));
  if (taken) throw new Error(`Two tools are named '${taken}'; pass { name } to toolOf to tell them apart.`);
  handlers.set("tools/list", listed);
  handlers.set("tools/call", (request: { params?: { name?: unknown; arguments?: unknown } }, extra) =>
    typeof request.params?.name === "string" && ours.has(request.params.name)
      ? table.call(request.params.name, request.params.arguments)
      : call(request, extra),
  );
}
