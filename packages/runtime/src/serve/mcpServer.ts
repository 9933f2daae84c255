import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { printable, type Log } from "./log";
import type { ServerInfo } from "./options";
import { answerTools, type ToolTable } from "./serveTools";

/**
 * An MCP SDK v1 server answering `tools/list` and `tools/call` from `table` (MCP 2025-11-25); what the
 * SDK cannot handle (a stray response, a cancellation of nothing) goes to the log.
 */
export function mcpServer(table: ToolTable, info: ServerInfo, log: Log): Server {
  const server = new Server(
    { name: info.name ?? "schemaof", version: info.version ?? "1.0.0" },
    {
      capabilities: { tools: {} },
      ...(info.instructions === undefined ? {} : { instructions: info.instructions }),
      jsonSchemaValidator: NO_ELICITATION,
    },
  );
  answerTools(server, table);
  server.onerror = (error) => log.often(`MCP: ${printable(error.message, 300)}`);
  return server;
}

/**
 * The SDK's Server checks what a client answers to an elicitation against its schema, and builds an
 * Ajv instance for it by default: over HTTP that is one per request, a third of a call's time. These
 * servers never ask the client anything, so there is nothing to check.
 */
const NO_ELICITATION = {
  getValidator(): never {
    throw new Error("schemaof's servers ask no elicitation of a client: there is no answer to check");
  },
};
