import type { IncomingMessage, ServerResponse } from "node:http";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { refusal, type Addressed } from "./hosts";
import { printable, type Log } from "./log";
import { mcpServer } from "./mcpServer";
import { MODERN_VERSION, answerModern, namedVersion } from "./modern";
import { counting, type ToolTable } from "./serveTools";
import type { RequestInfo, Route, ServerInfo } from "./options";
import { dropRest, readBody } from "./readBody";
import { INVALID_PARAMS, describeMessage, screenMessage, type MessageLimits } from "./screenMessage";

/** `serveHttp`'s options with their defaults, and the server's names once it listens. */
export interface Settings {
  /** The tools, made once for the server. */
  readonly table: ToolTable;
  readonly info: ServerInfo;
  readonly path: string;
  readonly maxBodyBytes: number;
  /** The bytes of the bodies being read now, and how many there may be. */
  readonly buffered: { bytes: number; readonly max: number };
  readonly limits: MessageLimits;
  readonly maxInFlight: number;
  /** Time for a body to arrive once its headers have; undefined: the request timeout alone. */
  readonly bodyTimeoutMs: number | undefined;
  readonly names: Addressed;
  readonly authorize: ((request: RequestInfo) => boolean | Promise<boolean>) | undefined;
  readonly routes: Readonly<Record<string, Route>>;
  readonly log: Log;
}

/** How long a client still sending a refused body is given to read the answer before it is cut off. */
const GRACE_MS = 2_000;

/**
 * Answers one request, whatever it holds: every path ends in an answer with a status and a body that
 * says what to do, and a failure of the server's own is a 500 in the log, never a stack trace sent.
 */
export async function answerHttp(req: IncomingMessage, res: ServerResponse, settings: Settings, state: { inFlight: number }): Promise<void> {
  const started = Date.now();
  let note = "";
  const exchange = { closed: false };
  res.once("close", () => {
    exchange.closed = true;
    const status = res.headersSent ? res.statusCode : "-";
    settings.log.access(`${req.socket.remoteAddress ?? "-"} "${req.method} ${printable(req.url ?? "")}" ${status} ${Date.now() - started}ms${note}`);
  });
  try {
    note = await answer(req, res, settings, state, exchange);
  } catch (error) {
    settings.log.error(`"${req.method} ${printable(req.url ?? "")}": ${error instanceof Error ? (error.stack ?? error.message) : printable(String(error))}`);
    if (!res.headersSent) send(res, 500, rpcError(-32603, "Internal error: the server's log has the details"));
    else res.end();
  }
}

/** The answer; resolves with what the access line should add (the MCP method, the tool). */
async function answer(
  req: IncomingMessage,
  res: ServerResponse,
  settings: Settings,
  state: { inFlight: number },
  exchange: { readonly closed: boolean },
): Promise<string> {
  const target = req.url ?? "";
  // Origin-form only (`/mcp?x`): `//host/path`, absolute forms and backslashes (which URL reads as
  // slashes: `/\x/outils` would be `/outils`) are not this server's to serve.
  const url = /^\/(?!\/)[^\\]*$/.test(target) ? parseUrl(target) : undefined;
  if (!url) return refuse(req, res, 400, "Bad Request: the request target must be a path, such as /mcp");
  const refused = refusal(settings.names, req.headers.host, req.headers.origin);
  if (refused) return refuse(req, res, 403, `Forbidden: ${printable(refused)}`);
  if (settings.authorize && !(await settings.authorize(req))) {
    return refuse(req, res, 401, "Unauthorized: this server answers authorized requests only", { "WWW-Authenticate": "Bearer" });
  }
  // The client may have left while `authorize` was awaited: nothing to answer, nothing to count.
  if (exchange.closed) return " (the client left)";
  const route = Object.hasOwn(settings.routes, url.pathname) ? settings.routes[url.pathname] : undefined;
  if (route) {
    // HEAD is GET without the body (Node writes none for it), as RFC 9110 asks of every GET resource.
    if (req.method !== "GET" && req.method !== "HEAD")
      return refuse(req, res, 405, `Method Not Allowed: ${url.pathname} answers GET and HEAD`, { Allow: "GET, HEAD" });
    const { status = 200, body } = await route(Object.fromEntries(url.searchParams), req);
    send(res, status, body);
    return "";
  }
  if (url.pathname !== settings.path) {
    const known = [...Object.keys(settings.routes).map((path) => `GET ${path}`), `POST ${settings.path}`].join(", ");
    return refuse(req, res, 404, `Not Found: nothing at ${printable(url.pathname)}; try ${known}`);
  }
  // Stateless: no session to resume (GET) or end (DELETE).
  if (req.method !== "POST") return refuse(req, res, 405, `Method Not Allowed: ${settings.path} answers POST`, { Allow: "POST" });
  // `Expect: 100-continue`: the client waits to send its body until told to; told only past every
  // check that could refuse it (readBody's of the declared length last), so a refused client never
  // sends a body it was going to be refused for.
  const continues = /^100-continue$/i.test(String(req.headers.expect ?? ""));
  if (continues && state.inFlight >= settings.maxInFlight) return busy(req, res, settings);
  const body = await readBody(req, settings.maxBodyBytes, settings.buffered, settings.bodyTimeoutMs, continues ? () => res.writeContinue() : undefined);
  if (body.kind === "gone") return " (the client left)";
  if (body.kind === "late")
    return refuse(req, res, 408, `Request Timeout: the body did not arrive within ${settings.bodyTimeoutMs} ms`, { Connection: "close" });
  if (body.kind === "too large") return refuse(req, res, 413, `Request too large: at most ${settings.maxBodyBytes} bytes`, {}, -32600);
  if (body.kind === "no room") {
    return refuse(req, res, 503, "Service Unavailable: the server is reading as many bodies as it holds; try again in a moment", { "Retry-After": "1" });
  }
  // Counted from here, the body read, until the answer is written or the connection closed and the
  // tool it called has returned: a client that leaves does not stop the work it started. A body
  // still arriving counts nowhere but in the buffer budget, so stalled bodies hold no slot.
  if (state.inFlight >= settings.maxInFlight) return busy(req, res, settings);
  state.inFlight++;
  let holds = 1;
  const release = () => --holds === 0 && state.inFlight--;
  res.once("close", release);
  const onCall = (work: Promise<unknown>) => {
    holds++;
    work.then(release, release);
  };
  const screened = screenMessage(body.text, settings.limits);
  if (!screened.ok) {
    // A notification is not answered, even when wrong: accepted, as the transport accepts one (202).
    if (screened.notification) res.writeHead(202).end();
    else send(res, screened.error.code === INVALID_PARAMS ? 200 : 400, { jsonrpc: "2.0", error: screened.error, id: screened.id });
    return ` ${screened.error.code} ${printable(screened.error.message)}`;
  }
  // A request that names its revision in `_meta` is 2026-07-28's, answered without the SDK's session
  // machinery; one that names none is 2025-11-25's (initialize, then calls), as before.
  if (namedVersion(screened.message) !== undefined) {
    if (!/^application\/json\s*(;|$)/i.test(String(req.headers["content-type"] ?? ""))) {
      send(res, 415, rpcError(-32000, "Unsupported Media Type: Content-Type must be application/json"));
      return " 415";
    }
    const answer = await answerModern(screened.message, counting(settings.table, onCall), settings.info, req.headers);
    if (answer.body) send(res, answer.status, answer.body);
    else res.writeHead(answer.status).end();
    return ` ${describeMessage(screened.message)}${answer.status === 200 || answer.status === 202 ? "" : ` ${answer.status}`}`;
  }
  // The header of the new revision on a body without its `_meta` is neither revision's request.
  if (String(req.headers["mcp-protocol-version"] ?? "").trim() === MODERN_VERSION && "id" in screened.message) {
    const message = `Invalid params: the MCP-Protocol-Version header names ${MODERN_VERSION}, but params._meta does not name it with the client's capabilities`;
    send(res, 400, { jsonrpc: "2.0", id: screened.message.id, error: { code: INVALID_PARAMS, message, data: { envelope: { missing: ["_meta"] } } } });
    return " 400";
  }
  const server = mcpServer(counting(settings.table, onCall), settings.info, settings.log);
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  res.once("close", () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(req, res, screened.message);
  return ` ${describeMessage(screened.message)}`;
}

/** As many requests as `maxInFlight` are being answered: 503, to try again in a moment. */
const busy = (req: IncomingMessage, res: ServerResponse, settings: Settings) =>
  refuse(req, res, 503, `Service Unavailable: ${settings.maxInFlight} requests are being answered; try again in a moment`, { "Retry-After": "1" });

function parseUrl(target: string): URL | undefined {
  try {
    return new URL(target, "http://localhost");
  } catch {
    return undefined;
  }
}

/** A refusal, as JSON-RPC says it (every client of /mcp reads that shape); the unread body is dropped. */
function refuse(req: IncomingMessage, res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}, code = -32000): string {
  send(res, status, rpcError(code, message), headers);
  dropRest(req, res, GRACE_MS);
  return "";
}

const rpcError = (code: number, message: string) => ({ jsonrpc: "2.0", error: { code, message }, id: null });

/** Answers with `body` as JSON; written only once it is JSON, so a body that is not is still a 500. */
function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body) as string | undefined;
  if (text === undefined) throw new TypeError(`the answer's body is not JSON (${body === undefined ? "no body" : typeof body})`);
  res.writeHead(status, { "content-type": "application/json", "content-length": String(Buffer.byteLength(text)), ...headers });
  res.end(text);
}
