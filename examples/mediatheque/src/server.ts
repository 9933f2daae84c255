/**
 * The média­thèque served to agents:
 *   GET /outils   the tool list (name, description, inputSchema, outputSchema) as a JSON array;
 *                 ?target=openai-strict (openai, anthropic, anthropic-strict, gemini, gemini-openapi) as that provider takes it
 *   /mcp          MCP over Streamable HTTP (stateless: each POST is answered on its own)
 *   --stdio       MCP over standard input and output instead, for clients that start the server
 * PORT sets the port (3000 by default); HOST the interface it listens on: 127.0.0.1 by default, so
 * that only this machine reaches it (HOST=0.0.0.0 to serve others, behind what protects it).
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { serveTools } from "@schemaof/runtime/mcp";
import { anthropicTool, geminiTool, openAITool } from "@schemaof/runtime";
import { outils } from "./tools.js";

/** Larger bodies are refused before they are read whole (a tool's arguments are small). */
const MAX_BODY = 16 * 1024 * 1024;

function mcpServer(): Server {
  const server = new Server({ name: "mediatheque", version: "1.0.0" }, { capabilities: { tools: {} } });
  serveTools(server, outils);
  return server;
}

if (process.argv.includes("--stdio")) {
  await mcpServer().connect(new StdioServerTransport());
} else {
  const port = Number(process.env.PORT ?? 3000);
  const host = process.env.HOST ?? "127.0.0.1";
  const http = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      // Whatever a request did, the server answers it and goes on serving the others.
      if (!res.headersSent) send(res, 500, { error: error instanceof Error ? error.message : String(error) });
      else res.end();
    });
  });
  http.listen(port, host, () => {
    // The port actually taken: PORT=0 lets the system choose one (the tests do).
    const address = http.address();
    const shown = host === "0.0.0.0" || host === "::" ? "localhost" : host.includes(":") ? `[${host}]` : host;
    const base = `http://${shown}:${typeof address === "object" && address ? address.port : port}`;
    console.log(`Médiathèque listening on ${base}`);
    console.log(`  tools as JSON:  curl ${base}/outils`);
    console.log(`  MCP endpoint:   ${base}/mcp`);
    console.log(`  try it:         npx pnpm@12.4.2 --filter schemaof-mediatheque try ${base}/mcp   (from the repository root; npm run try in this folder)`);
  });
}

/**
 * DNS rebinding protection, as the MCP specification asks of a local server: a web page on
 * evil.example that resolves to 127.0.0.1 reaches this port with its own name in Host and Origin.
 * ALLOWED_HOSTS (comma-separated host names) adds names for a server deployed behind one.
 */
const ALLOWED_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", ...(process.env.ALLOWED_HOSTS ?? "").split(",").filter(Boolean)]);
const hostnameOf = (value: string) => (value.startsWith("[") ? value.slice(0, value.indexOf("]") + 1) : value.split(":")[0]);

function isAllowed(req: IncomingMessage): boolean {
  if (!req.headers.host || !ALLOWED_HOSTS.has(hostnameOf(req.headers.host))) return false;
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  try {
    return ALLOWED_HOSTS.has(new URL(origin).hostname);
  } catch {
    return false;
  }
}

/** `GET /outils?target=…`: the tool list as each provider's API takes it, its schemas written at build time. */
const PROVIDER_LISTS: Record<string, () => unknown[]> = {
  mcp: () => outils,
  openai: () => outils.map((tool) => openAITool(tool)),
  "openai-strict": () => outils.map((tool) => openAITool(tool, { strict: true })),
  anthropic: () => outils.map((tool) => anthropicTool(tool)),
  "anthropic-strict": () => outils.map((tool) => anthropicTool(tool, { strict: true })),
  gemini: () => outils.map((tool) => geminiTool(tool)),
  "gemini-openapi": () => outils.map((tool) => geminiTool(tool, { openapi: true })),
};

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (!isAllowed(req)) return send(res, 403, rpcError(-32000, "Forbidden: this server answers requests addressed to localhost only"));
  const path = new URL(req.url ?? "/", "http://localhost").pathname;
  if (path === "/outils" && req.method === "GET") {
    const target = new URL(req.url ?? "/", "http://localhost").searchParams.get("target") ?? "mcp";
    const list = PROVIDER_LISTS[target];
    return list ? send(res, 200, list()) : send(res, 400, { error: `no target '${target}'; try ${Object.keys(PROVIDER_LISTS).join(", ")}` });
  }
  if (path !== "/mcp") return send(res, 404, { error: `nothing at ${path}; try GET /outils or POST /mcp` });
  // Stateless: no session to resume (GET) or end (DELETE).
  if (req.method !== "POST") return send(res, 405, rpcError(-32000, "Method not allowed: this server answers POST /mcp"), { Allow: "POST" });

  const body = await readBody(req);
  if (body === undefined) return send(res, 413, rpcError(-32600, `Request too large: at most ${MAX_BODY} bytes`));
  let message: unknown;
  try {
    message = JSON.parse(body);
  } catch {
    return send(res, 400, rpcError(-32700, "Parse error: the body is not JSON"));
  }
  const server = mcpServer();
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  res.on("close", () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(req, res, message);
}

function readBody(req: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        resolve(undefined);
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

const rpcError = (code: number, message: string) => ({ jsonrpc: "2.0", error: { code, message }, id: null });

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}
