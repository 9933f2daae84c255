import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { Tool } from "../tools/tool";
import { printable, type Log } from "./log";
import type { ServerInfo } from "./options";
import { serveTools } from "./serveTools";

/**
 * An MCP SDK v1 server answering `tools/list` and `tools/call` for `tools`; `onCall` sees each call's
 * work; what the SDK cannot handle (a stray response, a cancellation of nothing) goes to the log.
 */
export function mcpServer(tools: readonly Tool[], info: ServerInfo, log: Log, onCall?: (work: Promise<unknown>) => void): Server {
  const server = new Server(
    { name: info.name ?? "schemaof", version: info.version ?? "1.0.0" },
    { capabilities: { tools: {} }, ...(info.instructions === undefined ? {} : { instructions: info.instructions }) },
  );
  serveTools(server, tools, { onCall, log: log.notice });
  server.onerror = (error) => log.often(`MCP: ${printable(error.message, 300)}`);
  return server;
}
