import type { ServerInfo } from "./options";
import type { ToolTable } from "./serveTools";
import { printable } from "./log";

/**
 * MCP 2026-07-28, which has no session and no `initialize`: every request names its revision and
 * the client's capabilities in `params._meta`, and is answered on its own. A request that names no
 * revision is 2025-11-25's, answered by the SDK's `Server` as before: the revision is negotiated per
 * request. Transport-free: serveHttp adds its header checks, serveStdio writes the answer as a line.
 */
export const MODERN_VERSION = "2026-07-28";

const META = {
  version: "io.modelcontextprotocol/protocolVersion",
  capabilities: "io.modelcontextprotocol/clientCapabilities",
  serverInfo: "io.modelcontextprotocol/serverInfo",
} as const;

/** The errors the revision adds (its changelog), beside JSON-RPC's. */
export const HEADER_MISMATCH = -32020;
export const UNSUPPORTED_VERSION = -32022;
const INVALID_PARAMS = -32602;
const METHOD_NOT_FOUND = -32601;

/** `ttlMs` and `cacheScope` as a server is given them: said before it serves when wrong. */
export function checkCacheOptions(info: ServerInfo): void {
  if (info.ttlMs !== undefined && !(Number.isSafeInteger(info.ttlMs) && info.ttlMs >= 0)) {
    throw new TypeError(`ttlMs takes a whole number of milliseconds, 0 or more, not ${String(info.ttlMs)}`);
  }
  if (info.cacheScope !== undefined && info.cacheScope !== "public" && info.cacheScope !== "private") {
    throw new TypeError(`cacheScope takes "public" or "private", not ${JSON.stringify(info.cacheScope)}`);
  }
}

/** An answer: its HTTP status (stdio writes only the body), and the JSON-RPC message; none for a notification. */
export interface ModernAnswer {
  readonly status: number;
  readonly body?: Record<string, unknown>;
}

type Message = Record<string, unknown>;

/** The revision a message names in `params._meta`, when it names one: a 2026-07-28 client's request. */
export function namedVersion(message: Message): unknown {
  const params = message.params;
  if (typeof params !== "object" || params === null) return undefined;
  const meta = (params as Message)._meta;
  return typeof meta === "object" && meta !== null && Object.hasOwn(meta, META.version) ? (meta as Message)[META.version] : undefined;
}

/**
 * A request or notification that names a revision, answered by that revision's rules: an unknown
 * revision is -32022 with the one supported; `headers` (HTTP) must agree with the body (-32020);
 * the client's capabilities must come with it (-32602); then `server/discover`, `tools/list` and
 * `tools/call`, each result with `resultType`. A method the revision does not have (`initialize`,
 * `ping`, `logging/setLevel` among them) is -32601, which HTTP answers 404. A notification gets no
 * answer (202).
 */
export async function answerModern(
  message: Message,
  table: ToolTable,
  info: ServerInfo,
  headers?: Readonly<Record<string, string | string[] | undefined>>,
): Promise<ModernAnswer> {
  const id = Object.hasOwn(message, "id") ? message.id : undefined;
  const method = String(message.method);
  const params = message.params as Message;
  const meta = params._meta as Message;
  const fail = (status: number, code: number, text: string, data?: unknown): ModernAnswer => ({
    status,
    body: { jsonrpc: "2.0", id: id ?? null, error: { code, message: text, ...(data === undefined ? {} : { data }) } },
  });
  const requested = meta[META.version];
  if (requested !== MODERN_VERSION) {
    return fail(
      400,
      UNSUPPORTED_VERSION,
      `Unsupported protocol version: ${printable(String(requested))}; this server speaks ${MODERN_VERSION} and 2025-11-25`,
      {
        supported: [MODERN_VERSION],
        requested,
      },
    );
  }
  const mismatch = headers && headerMismatch(headers, method, params, String(requested), id === undefined);
  if (mismatch) {
    return fail(400, HEADER_MISMATCH, `Bad Request: the request headers and body disagree: ${mismatch.text}`, {
      mismatch: { header: mismatch.header, body: mismatch.body },
    });
  }
  // A notification is taken and not answered: there is nothing a server keeps for a client to cancel.
  if (id === undefined) return { status: 202 };
  const capabilities = meta[META.capabilities];
  if (typeof capabilities !== "object" || capabilities === null || Array.isArray(capabilities)) {
    return fail(400, INVALID_PARAMS, `Invalid params: _meta["${META.capabilities}"] must be the client's capabilities, an object`, {
      envelope: capabilities === undefined ? { missing: [META.capabilities] } : { key: META.capabilities, problem: "not an object" },
    });
  }
  const stamp = (result: Message): ModernAnswer => ({
    status: 200,
    body: {
      jsonrpc: "2.0",
      id,
      result: {
        ...result,
        resultType: "complete",
        _meta: { ...(result._meta as Message | undefined), [META.serverInfo]: { name: info.name ?? "schemaof", version: info.version ?? "1.0.0" } },
      },
    },
  });
  const cached = { ttlMs: info.ttlMs ?? 0, cacheScope: info.cacheScope ?? "private" };
  switch (method) {
    case "server/discover":
      return stamp({
        supportedVersions: [MODERN_VERSION],
        capabilities: { tools: {} },
        ...(info.instructions === undefined ? {} : { instructions: info.instructions }),
        ...cached,
      });
    case "tools/list":
      return stamp({ tools: table.definitions, ...cached });
    case "tools/call":
      try {
        return stamp({ ...(await table.call(params.name, params.arguments)) });
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (code !== INVALID_PARAMS) throw error;
        return fail(200, INVALID_PARAMS, (error as Error).message);
      }
    default:
      return fail(
        404,
        METHOD_NOT_FOUND,
        `Method not found: ${printable(method)}; under ${MODERN_VERSION} this server answers server/discover, tools/list and tools/call`,
      );
  }
}

/**
 * What of the standard headers disagrees with the body: `MCP-Protocol-Version` with the revision
 * named, `Mcp-Method` with the method, `Mcp-Name` with a `tools/call`'s tool (raw, or
 * `=?base64?…?=`). A request must carry them; a notification is held only to those it carries.
 */
function headerMismatch(
  headers: Readonly<Record<string, string | string[] | undefined>>,
  method: string,
  params: Message,
  version: string,
  notification: boolean,
): { header: string; body: string; text: string } | undefined {
  const read = (name: string) => {
    const value = headers[name];
    return (Array.isArray(value) ? value.join(", ") : value)?.trim();
  };
  const checks: [string, string | undefined, string | undefined, string][] = [
    ["MCP-Protocol-Version", read("mcp-protocol-version"), version, `the revision ${version}`],
    ["Mcp-Method", read("mcp-method"), method, `the method ${method}`],
  ];
  if (method === "tools/call" && typeof params.name === "string") {
    const name = read("mcp-name");
    checks.push(["Mcp-Name", name === undefined ? undefined : decodedName(name), params.name, `the tool ${params.name}`]);
  }
  for (const [header, value, body, said] of checks) {
    if (value === body || (value === undefined && notification)) continue;
    const shown = value === undefined ? "(missing)" : value;
    return { header: shown, body: said, text: `${header} is ${value === undefined ? "missing" : `"${printable(value, 80)}"`}, the body has ${said}` };
  }
  return undefined;
}

/** `Mcp-Name` as the client wrote the name: raw, or `=?base64?<UTF-8 in base64>?=` for one that is not plain ASCII. */
function decodedName(value: string): string {
  const sentinel = /^=\?base64\?([A-Za-z0-9+/=]*)\?=$/.exec(value);
  return sentinel ? Buffer.from(sentinel[1], "base64").toString("utf8") : value;
}
