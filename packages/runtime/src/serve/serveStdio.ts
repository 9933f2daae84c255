import type { Tool } from "../tools/tool";
import { LineTransport } from "./lineTransport";
import { makeLog } from "./log";
import { mcpServer } from "./mcpServer";
import { answerModern, checkCacheOptions, namedVersion } from "./modern";
import { toolTable } from "./serveTools";
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
  checkCacheOptions(options);
  const table = toolTable(tools, { log: log.notice });
  const server = mcpServer(table, options, log);
  await server.connect(transport);
  // A message that names its revision in `_meta` is 2026-07-28's, answered here, line for line; the
  // others go on to the SDK's Server (2025-11-25: initialize, then calls), as before.
  const sdk = transport.onmessage!;
  transport.onmessage = (message) => {
    if (namedVersion(message) === undefined) return sdk(message);
    answerModern(message, table, options).then(
      (answer) => answer.body && transport.send(answer.body),
      (error: unknown) => {
        log.error(`stdio: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        void transport.send({ jsonrpc: "2.0", id: message.id ?? null, error: { code: -32603, message: "Internal error: the server's log has the details" } });
      },
    );
  };
  return { close: () => server.close() };
}
