import type { Tool } from "../tools/tool";
import { LineTransport } from "./lineTransport";
import { makeLog } from "./log";
import { mcpServer } from "./mcpServer";
import { limitsOf } from "./screenMessage";
import type { StdioOptions } from "./options";

/**
 * Serves `tools` over MCP's stdio transport, for clients that start the server themselves: messages
 * on standard input, answers on standard output, the log on standard error. What cannot be answered
 * as asked (too long, not JSON, not a message) is answered as an error and the server reads on;
 * it stops when the client closes its input.
 */
export async function serveStdio(tools: readonly Tool[], options: StdioOptions = {}): Promise<{ close(): Promise<void> }> {
  const log = makeLog(options.log);
  const transport = new LineTransport(process.stdin, process.stdout, {
    maxMessageBytes: options.maxMessageBytes ?? 4 * 1024 * 1024,
    limits: limitsOf(options),
    log,
    maxPendingBytes: options.maxPendingBytes ?? 16 * 1024 * 1024,
    maxUnanswered: options.maxUnanswered ?? 256,
  });
  const server = mcpServer(tools, options, log);
  await server.connect(transport);
  return { close: () => server.close() };
}
