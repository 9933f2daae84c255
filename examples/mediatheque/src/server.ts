/**
 * The média­thèque served to agents:
 *   GET /outils   the tool list (name, description, inputSchema, outputSchema) as a JSON array;
 *                 ?target=openai-strict (openai, anthropic, anthropic-strict, gemini, gemini-openapi) as that provider takes it
 *   /mcp          MCP over Streamable HTTP (stateless: each POST is answered on its own)
 *   --stdio       MCP over standard input and output instead, for clients that start the server
 * The environment sets what a deployment changes: PORT (3000), HOST (127.0.0.1: only this machine
 * reaches it), ALLOWED_HOSTS (comma-separated names it answers besides localhost, `name` on any port or
 * `name:port`), ALLOWED_ORIGINS (comma-separated origins of browser apps that call it), TOKEN (a bearer
 * token every request must carry: set it before HOST=0.0.0.0), LOG=1 (a line per request on stderr),
 * REQUEST_TIMEOUT_MS (30000), WORKERS (1: how many processes serve the port), DONNEES (a folder
 * that keeps the loans and annotations, shared by every process given it: WORKERS past 1, or
 * several servers behind a load balancer; in memory without it, a new folder with WORKERS past 1).
 * Every other protection is serveHttp's default.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { anthropicTool, geminiTool, openAITool } from "@schemaof/runtime";
import { bearerToken, serveHttp, serveStdio } from "@schemaof/runtime/mcp";
import { outils } from "./tools.js";

const info = { name: "mediatheque", version: "1.0.0" };
const log = process.env.LOG === "1";

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

function listFor(query: Readonly<Record<string, string>>) {
  const target = query.target ?? "mcp";
  const list = Object.hasOwn(PROVIDER_LISTS, target) ? PROVIDER_LISTS[target] : undefined;
  return list ? { body: list() } : { status: 400, body: { error: `no target '${target}'; try ${Object.keys(PROVIDER_LISTS).join(", ")}` } };
}

const listed = (value: string | undefined) => (value ?? "").split(",").filter(Boolean);

/** The HTTP server, and where it says it listens; a port it cannot take is said in one line, exit code 1. */
async function serveOverHttp(): Promise<void> {
  const workers = Number(process.env.WORKERS ?? 1);
  // Processes that share no memory share the loans through a folder; the workers inherit its name.
  if (workers > 1) process.env.DONNEES ||= mkdtempSync(join(tmpdir(), "mediatheque-"));
  const served = await serveHttp(outils, {
    workers,
    ...info,
    port: Number(process.env.PORT ?? 3000),
    host: process.env.HOST ?? "127.0.0.1",
    allowedHosts: listed(process.env.ALLOWED_HOSTS),
    allowedOrigins: listed(process.env.ALLOWED_ORIGINS),
    // With TOKEN set, a request must say `Authorization: Bearer <TOKEN>` (the scheme in any case, compared in constant time).
    ...(process.env.TOKEN ? { authorize: bearerToken(process.env.TOKEN) } : {}),
    ...(process.env.REQUEST_TIMEOUT_MS ? { requestTimeoutMs: Number(process.env.REQUEST_TIMEOUT_MS) } : {}),
    routes: { "/outils": listFor },
    log,
  });
  const everywhere = served.host === "0.0.0.0" || served.host === "::" ? ` (and every other interface: ${served.host})` : "";
  console.log(`Médiathèque listening on ${served.url}${everywhere}`);
  console.log(`  tools as JSON:  curl ${served.url}/outils`);
  console.log(`  MCP endpoint:   ${served.url}/mcp`);
  console.log(`  processes:      ${served.workers}; the loans kept in ${process.env.DONNEES || "memory"}`);
  console.log(
    `  try it:         npx --yes pnpm@12.4.2 --filter schemaof-mediatheque try ${served.url}/mcp   (from the repository root; npm run try in this folder)`,
  );
}

if (process.argv.includes("--stdio")) {
  await serveStdio(outils, { ...info, log });
} else {
  await serveOverHttp().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  });
}
