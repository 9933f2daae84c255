// `npm run try [url]`: the official MCP client lists the médiathèque's tools and calls one, against
// a server started with `npm start` (http://127.0.0.1:3000/mcp by default).
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

const url = new URL(process.argv[2] ?? "http://127.0.0.1:3000/mcp");
const client = new Client({ name: "mediatheque-try", version: "1.0.0" });
try {
  await client.connect(new StreamableHTTPClientTransport(url));
} catch (error) {
  console.error(
    `Could not reach the médiathèque at ${url}: ${error instanceof Error ? error.message : error}\nStart it first: npx --yes pnpm@12.4.2 start (from the repository root).`,
  );
  process.exit(1);
}
const { tools } = await client.listTools();
console.log(`tools/list: ${tools.map((tool) => tool.name).join(", ")}`);
const found = await client.callTool({ name: "rechercherLivres", arguments: { mots: "océan", limite: 2 } });
console.log(`tools/call rechercherLivres { mots: "océan", limite: 2 }:\n${JSON.stringify(found.structuredContent, null, 2)}`);
const refused = await client.callTool({ name: "rechercherLivres", arguments: { mots: "océan", limite: 500 } });
console.log(`tools/call rechercherLivres { mots: "océan", limite: 500 }:\n${refused.content.map((part) => part.text).join("\n")}`);
await client.close();
