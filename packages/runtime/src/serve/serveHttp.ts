import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import type { Tool } from "../tools/tool";
import { addressed, isLoopback } from "./hosts";
import { answerHttp, type Settings } from "./answerHttp";
import { limitsOf } from "./screenMessage";
import { makeLog, type Log } from "./log";
import { checkCacheOptions } from "./modern";
import type { HttpOptions, HttpServing } from "./options";
import { isWorker, serveAsWorker, superviseWorkers, workerCount } from "./workers";
import { arrived } from "./turns";
import { toolTable } from "./serveTools";

/**
 * Serves `tools` over MCP's Streamable HTTP with what an exposed server needs: it listens on
 * 127.0.0.1 unless told otherwise; bodies, keys, nesting, time, connections and calls in flight are
 * bounded, and what passes a bound is answered (413, 408, 503, -32600), never dropped; `Host` and
 * `Origin` are checked against the server's own names; every request can pass `authorize` first;
 * errors are logged, and access too with `log: true`.
 */
export async function serveHttp(tools: readonly Tool[], options: HttpOptions = {}): Promise<HttpServing> {
  const log = makeLog(options.log);
  // A wrong option is said before anything listens, or any worker is forked.
  addressed(0, options.allowedHosts, options.allowedOrigins);
  checkCacheOptions(options);
  const workers = workerCount(options.workers);
  if (workers === 1) return listen(tools, options, log);
  return isWorker() ? serveAsWorker(() => listen(tools, options, log)) : superviseWorkers(workers, log);
}

/** One process's server: listens, and answers until closed (`drain`: once the answers begun are written). */
async function listen(tools: readonly Tool[], options: HttpOptions, log: Log): Promise<HttpServing & { drain(graceMs: number): Promise<void> }> {
  const host = options.host ?? "127.0.0.1";
  const requestTimeout = options.requestTimeoutMs ?? 30_000;
  const bodyTimeout = options.bodyTimeoutMs ?? 10_000;
  const server = createServer({
    // The headers are part of the request: their time is within the request's.
    headersTimeout: Math.min(options.headersTimeoutMs ?? 10_000, requestTimeout),
    requestTimeout,
    // Node checks those timeouts every 30 s by default: a stalled body would live that much longer.
    connectionsCheckingInterval: 1_000,
    keepAliveTimeout: 5_000,
  });
  server.maxConnections = options.maxConnections ?? 2048;
  // A connection with nothing read or written for this long is closed: a client that stops reading
  // its answers lets go of what they hold.
  // (Never shorter than the request timeout, whose 408 it would cut off.)
  server.setTimeout(Math.max(options.idleTimeoutMs ?? 120_000, requestTimeout));
  await new Promise<void>((resolve, reject) => {
    const failed = (error: NodeJS.ErrnoException) => {
      const why = error.code === "EADDRINUSE" ? "another process has that port; choose another (0: any free one)" : error.message;
      reject(new Error(`serveHttp cannot listen on ${host}:${options.port ?? 3000}: ${why}`));
    };
    server.once("error", failed);
    server.listen(options.port ?? 3000, host, () => {
      server.off("error", failed);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const settings: Settings = {
    table: toolTable(tools, { log: log.notice }),
    info: options,
    path: options.path ?? "/mcp",
    maxBodyBytes: options.maxBodyBytes ?? 4 * 1024 * 1024,
    buffered: { bytes: 0, max: options.maxBufferedBytes ?? 64 * 1024 * 1024 },
    limits: limitsOf(options),
    maxInFlight: options.maxInFlight ?? 1024,
    // Only when shorter than the request's own timeout, which answers a late body already.
    bodyTimeoutMs: bodyTimeout < requestTimeout ? bodyTimeout : undefined,
    names: addressed(port, options.allowedHosts, options.allowedOrigins),
    authorize: options.authorize,
    routes: options.routes ?? {},
    log,
  };
  /** The request each connection is reading or answering, until it is both read and answered. */
  const answering = new WeakMap<Socket, Exchange>();
  /** How many requests each connection has that are not answered yet (pipelined ones wait their turn). */
  const outstanding = new WeakMap<Socket, number>();
  const state = { inFlight: 0 };
  // Node answers `Expect: 100-continue` itself unless told not to: answerHttp says it, after its checks.
  server.on("checkContinue", (req, res) => server.emit("request", req, res));
  // Calls wait while connections arrive: Node accepts one a turn (turns.ts).
  server.on("connection", arrived);
  server.on("request", (req, res) => {
    const count = (outstanding.get(req.socket) ?? 0) + 1;
    outstanding.set(req.socket, count);
    res.once("close", () => outstanding.set(req.socket, (outstanding.get(req.socket) ?? 1) - 1));
    // A client that sends requests and reads no answers is not queued answers without end.
    if (count > MAX_PIPELINED) return void req.socket.destroy();
    answering.set(req.socket, { req, res });
    // Once this request is read and answered, the connection's next one has answered nothing yet.
    const done = () => answering.get(req.socket)?.res === res && answering.delete(req.socket);
    res.once("finish", () => (req.complete ? done() : req.once("end", done)));
    void answerHttp(req, res, settings, state);
  });
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Socket) =>
    clientError(error, socket, (outstanding.get(socket) ?? 0) > 1 ? "several" : answering.get(socket), log),
  );
  reportDrops(server, log, server.maxConnections);
  if (!isLoopback(host) && !options.authorize) {
    log.error(`listening on ${host}:${port} with no authorize: whoever reaches this port can call the tools`);
  }
  const shown = host === "0.0.0.0" ? "127.0.0.1" : host === "::" ? "[::1]" : host.includes(":") ? `[${host}]` : host;
  return {
    url: `http://${shown}:${port}`,
    port,
    host,
    workers: 1,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
    drain: (graceMs) =>
      new Promise<void>((resolve) => {
        // No new connection; idle ones go now, busy ones once their answer is written (Node closes a
        // keep-alive connection after its answer once the server is closing), the rest after graceMs.
        const timer = setTimeout(() => server.closeAllConnections(), graceMs);
        server.close(() => {
          clearTimeout(timer);
          resolve();
        });
        server.closeIdleConnections();
      }),
  };
}

/** Requests a connection may have waiting for their answers; one more closes it. */
const MAX_PIPELINED = 8;

/** Connections to close once the answer they are waiting for is written. */
const closing = new WeakSet<Socket>();

interface Exchange {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
}

/**
 * A request Node could not take (headers too large, bad syntax, a timeout): answered with its status,
 * then the connection closed, whether or not the client closes its side. Where a request read whole
 * is still being answered on that connection (a pipelined one after it failed), a status written now
 * would be taken for its answer: that one is answered, then the connection closed. A client that went
 * away is not an error.
 */
function clientError(error: NodeJS.ErrnoException, socket: Socket, pending: Exchange | "several" | undefined, log: Log): void {
  // Several requests wait for their answers: no status can be said to be whose; the connection goes.
  if (error.code === "ECONNRESET" || !socket.writable || pending === "several" || pending?.res.headersSent) return void socket.destroy();
  if (pending?.req.complete) {
    if (!closing.has(socket)) pending.res.once("close", () => socket.destroy());
    return void closing.add(socket);
  }
  const status = error.code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : error.code === "HPE_HEADER_OVERFLOW" ? 431 : 400;
  const reason = { 408: "Request Timeout", 431: "Request Header Fields Too Large", 400: "Bad Request" }[status];
  log.access(`${socket.remoteAddress ?? "-"} (unread request) ${status} ${error.code ?? error.message}`);
  const body = JSON.stringify({ error: `${reason}: ${status === 408 ? "the request did not arrive in time" : "the request could not be read"}` });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    () => socket.destroy(),
  );
}

/** Connections closed for being one too many, said at most every 10 s with how many. */
function reportDrops(server: HttpServer, log: Log, max: number): void {
  let dropped = 0;
  let timer: NodeJS.Timeout | undefined;
  server.on("drop", () => {
    dropped++;
    timer ??= setTimeout(() => {
      log.error(`${dropped} connection(s) closed at once: ${max} were open (maxConnections)`);
      dropped = 0;
      timer = undefined;
    }, 10_000).unref();
  });
}
