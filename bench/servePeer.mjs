// The peer of bench/serve.mjs: the médiathèque's tools behind the MCP SDK's Streamable HTTP
// transport alone, the body capped at 4 MB (the SDK's own default) and parsed with JSON.parse, as
// the médiathèque served before serveHttp. Run from examples/mediatheque (its SDK and its build).
// PEER_TOOLS=costly: bench/costlyTool.mjs's tool instead of the médiathèque's.
import { createServer } from "node:http";
import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const exampleDir = process.cwd();
const require = createRequire(join(exampleDir, "package.json"));
const sdk = async (path) => import(pathToFileURL(require.resolve(`@modelcontextprotocol/sdk/${path}`)).href);
const { Server } = await sdk("server/index.js");
const { StreamableHTTPServerTransport } = await sdk("server/streamableHttp.js");
const { CallToolRequestSchema, ListToolsRequestSchema } = await sdk("types.js");
const outils =
  process.env.PEER_TOOLS === "costly"
    ? [(await import("./costlyTool.mjs")).costlyTool]
    : (await import(pathToFileURL(join(exampleDir, "dist", "tools.js")).href)).outils;
const MAX_BODY = 4 * 1024 * 1024;

const http = createServer(async (req, res) => {
  if (req.url.startsWith("/outils")) return res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(outils));
  const chunks = [];
  let size = 0;
  try {
    for await (const chunk of req) {
      size += chunk.length;
      if (size > MAX_BODY) return res.writeHead(413).end();
      chunks.push(chunk);
    }
  } catch {
    // The client left before its body ended (a stalled body let go): nothing to answer.
    return;
  }
  let message;
  try {
    message = JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    return res.writeHead(400).end();
  }
  const server = new Server({ name: "peer", version: "1.0.0" }, { capabilities: { tools: {} } });
  // The tools as an SDK user registers them, with no help of ours (no turns between calls).
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: outils.map((tool) => JSON.parse(JSON.stringify(tool))) }));
  server.setRequestHandler(CallToolRequestSchema, async ({ params }) => {
    const tool = outils.find((candidate) => candidate.name === params.name);
    if (!tool) throw new Error(`Unknown tool: ${params.name}`);
    return tool.call(params.arguments);
  });
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  res.on("close", () => void server.close());
  await server.connect(transport);
  await transport.handleRequest(req, res, message);
});
http.listen(Number(process.env.PORT ?? 0), "127.0.0.1", () => console.log(`listening on http://127.0.0.1:${http.address().port}`));
