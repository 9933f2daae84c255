// Collects the tools of real MCP servers, by hand (the suite never runs it):
//
//   node test/real-tools/collect.mjs [scratch folder, /tmp/mcp-real by default] [server ...]
//
// It installs the servers below into the scratch folder (npm, --ignore-scripts: no browser is
// downloaded), starts each over stdio with dummy tokens where it insists on one, says `initialize`
// and `tools/list` (following `nextCursor`) as raw JSON-RPC lines, stops it, and writes what it
// listed to test/real-tools/<server>.json. Every wait is bounded; a server that does not list is
// skipped and said. No network is needed for listing: redis connects before it serves, so it is given
// a stand-in on 127.0.0.1 that answers every command +OK.
//
// `node test/real-tools/collect.mjs --write-ts` writes the .ts files beside them from these JSON files
// (to-typescript.mjs, then Prettier): what it writes is what is committed.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync, readdirSync } from "node:fs";
import { createServer } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const writeTs = args.includes("--write-ts");
const [scratch = "/tmp/mcp-real", ...only] = args.filter((a) => a !== "--write-ts");
const WAIT_MS = 20_000;

/** Each server: its package, the arguments and environment it needs to start, and what it is written as. */
const SERVERS = [
  { name: "filesystem", pkg: "@modelcontextprotocol/server-filesystem", args: (dir) => [dir] },
  { name: "memory", pkg: "@modelcontextprotocol/server-memory", env: (dir) => ({ MEMORY_FILE_PATH: join(dir, "memory.jsonl") }) },
  { name: "everything", pkg: "@modelcontextprotocol/server-everything", args: () => ["stdio"] },
  { name: "sequential-thinking", pkg: "@modelcontextprotocol/server-sequential-thinking" },
  { name: "github", pkg: "@modelcontextprotocol/server-github", env: () => ({ GITHUB_PERSONAL_ACCESS_TOKEN: "dummy" }) },
  {
    name: "gitlab",
    pkg: "@modelcontextprotocol/server-gitlab",
    env: () => ({ GITLAB_PERSONAL_ACCESS_TOKEN: "dummy", GITLAB_API_URL: "http://127.0.0.1:9/api/v4" }),
  },
  { name: "slack", pkg: "@modelcontextprotocol/server-slack", env: () => ({ SLACK_BOT_TOKEN: "xoxb-dummy", SLACK_TEAM_ID: "T0000000" }) },
  { name: "puppeteer", pkg: "@modelcontextprotocol/server-puppeteer", env: () => ({ PUPPETEER_SKIP_DOWNLOAD: "1" }) },
  { name: "brave-search", pkg: "@modelcontextprotocol/server-brave-search", env: () => ({ BRAVE_API_KEY: "dummy" }) },
  { name: "google-maps", pkg: "@modelcontextprotocol/server-google-maps", env: () => ({ GOOGLE_MAPS_API_KEY: "dummy" }) },
  { name: "postgres", pkg: "@modelcontextprotocol/server-postgres", args: () => ["postgresql://dummy@127.0.0.1:9/dummy"] },
  { name: "redis", pkg: "@modelcontextprotocol/server-redis", args: (dir, port) => [`redis://127.0.0.1:${port}`], fakeRedis: true },
  { name: "gdrive", pkg: "@modelcontextprotocol/server-gdrive", env: (dir) => ({ GDRIVE_CREDENTIALS_PATH: join(dir, "gdrive-credentials.json") }) },
  {
    name: "aws-kb-retrieval",
    pkg: "@modelcontextprotocol/server-aws-kb-retrieval",
    env: () => ({ AWS_ACCESS_KEY_ID: "dummy", AWS_SECRET_ACCESS_KEY: "dummy", AWS_REGION: "us-east-1" }),
  },
  { name: "everart", pkg: "@modelcontextprotocol/server-everart", env: () => ({ EVERART_API_KEY: "dummy" }) },
  // Two well-known servers beyond the official ones. (@notionhq/notion-mcp-server 2.5.2 lists 24 tools
  // too, but generated from an OpenAPI document: each carries the same nine $defs it mostly does not
  // use, anyOf members repeated, `format: "json"`; no TypeScript author writes those, so it is left out.)
  { name: "playwright", pkg: "@playwright/mcp", args: () => ["--headless"] },
  { name: "context7", pkg: "@upstash/context7-mcp", args: () => ["--transport", "stdio"] },
];

/** Speaks JSON-RPC lines to a started server: `initialize`, `notifications/initialized`, then `tools/list` pages. */
function listTools(command, commandArgs, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [command, ...commandArgs], {
      env: { PATH: process.env.PATH, HOME: scratch, ...env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stderr = "";
    let buffer = "";
    let nextId = 1;
    const waiting = new Map();
    const timer = setTimeout(() => finish(new Error(`no answer in ${WAIT_MS} ms; stderr: ${stderr.slice(-500)}`)), WAIT_MS);
    const finish = (error, value) => {
      clearTimeout(timer);
      child.kill("SIGKILL");
      if (error) reject(error);
      else resolve(value);
    };
    child.on("exit", (code) => finish(new Error(`exited ${code}; stderr: ${stderr.slice(-500)}`)));
    child.on("error", (error) => finish(error));
    child.stderr.on("data", (data) => (stderr += data));
    child.stdout.on("data", (data) => {
      buffer += data;
      let end;
      while ((end = buffer.indexOf("\n")) >= 0) {
        const line = buffer.slice(0, end).trim();
        buffer = buffer.slice(end + 1);
        if (!line) continue;
        let message;
        try {
          message = JSON.parse(line);
        } catch {
          continue; // a server's own log line on stdout
        }
        const answer = waiting.get(message.id);
        if (!answer) continue;
        waiting.delete(message.id);
        if (message.error) finish(new Error(`${message.error.code} ${message.error.message}`));
        else answer(message.result);
      }
    });
    const request = (method, params) =>
      new Promise((answer) => {
        const id = nextId++;
        waiting.set(id, answer);
        child.stdin.write(JSON.stringify({ jsonrpc: "2.0", id, method, params }) + "\n");
      });
    (async () => {
      const init = await request("initialize", {
        protocolVersion: "2025-06-18",
        capabilities: {},
        clientInfo: { name: "schemaof-collect", version: "1.0.0" },
      });
      child.stdin.write(JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }) + "\n");
      const tools = [];
      let cursor;
      do {
        const page = await request("tools/list", cursor ? { cursor } : {});
        tools.push(...page.tools);
        cursor = page.nextCursor;
      } while (cursor);
      finish(undefined, { serverInfo: init.serverInfo, tools });
    })().catch((error) => finish(error));
  });
}

/** A stand-in for redis on 127.0.0.1: every command is answered +OK (node-redis connects before the server serves). */
function fakeRedis() {
  return new Promise((resolve) => {
    const server = createServer((socket) =>
      socket.on("data", (data) => {
        const commands = String(data)
          .split("\r\n")
          .filter((line) => line.startsWith("*")).length;
        socket.write("+OK\r\n".repeat(Math.max(commands, 1)));
      }),
    );
    server.listen(0, "127.0.0.1", () => resolve(server));
  });
}

async function collect() {
  const servers = SERVERS.filter((server) => only.length === 0 || only.includes(server.name));
  mkdirSync(scratch, { recursive: true });
  const missing = servers.filter((server) => !existsSync(join(scratch, "node_modules", server.pkg, "package.json")));
  if (missing.length) {
    if (!existsSync(join(scratch, "package.json"))) writeFileSync(join(scratch, "package.json"), "{}\n");
    const install = spawnSync("npm", ["install", "--no-audit", "--no-fund", "--ignore-scripts", ...missing.map((server) => server.pkg)], {
      cwd: scratch,
      stdio: "inherit",
      env: { ...process.env, PUPPETEER_SKIP_DOWNLOAD: "1" },
      timeout: 600_000,
    });
    if (install.status !== 0) throw new Error("npm install failed");
  }
  writeFileSync(join(scratch, "gdrive-credentials.json"), "{}\n");
  mkdirSync(join(scratch, "files"), { recursive: true });
  let total = 0;
  for (const server of servers) {
    const pkgDir = join(scratch, "node_modules", server.pkg);
    const manifest = JSON.parse(readFileSync(join(pkgDir, "package.json"), "utf8"));
    const bin = typeof manifest.bin === "string" ? manifest.bin : Object.values(manifest.bin)[0];
    const redis = server.fakeRedis ? await fakeRedis() : undefined;
    try {
      const { serverInfo, tools } = await listTools(
        join(pkgDir, bin),
        server.args?.(join(scratch, "files"), redis?.address().port) ?? [],
        server.env?.(scratch) ?? {},
      );
      const published = { package: manifest.name, version: manifest.version, serverInfo, tools };
      writeFileSync(join(here, `${server.name}.json`), JSON.stringify(published, null, 2) + "\n");
      console.log(`${server.name}: ${tools.length} tools (${manifest.name}@${manifest.version})`);
      total += tools.length;
    } catch (error) {
      console.log(`${server.name}: skipped, ${error.message.split("\n")[0]}`);
    } finally {
      redis?.close();
    }
  }
  console.log(`${total} tools`);
}

if (writeTs) {
  const { toTypeScript } = await import("./to-typescript.mjs");
  const prettier = await import("prettier");
  for (const file of readdirSync(here).filter((name) => name.endsWith(".json"))) {
    const published = JSON.parse(readFileSync(join(here, file), "utf8"));
    const path = join(here, file.replace(/\.json$/, ".ts"));
    const options = { ...(await prettier.resolveConfig(path)), filepath: path };
    writeFileSync(path, await prettier.format(toTypeScript(published, file.replace(/\.json$/, "")), options));
  }
} else {
  await collect();
}
