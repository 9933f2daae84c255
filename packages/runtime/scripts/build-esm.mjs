// The runtime's ES module build, beside tsc's CommonJS one: the entry points bundled with their
// shared code split into chunks, so an app's bundler keeps only what it calls (a validator pulls in
// the helpers its generated check names, not every format and message).
import { build } from "esbuild";
import { rmSync, writeFileSync } from "node:fs";

// What a user's code imports, split into shared chunks; and what only builds and tests read (the
// plan's facts, what an interpreter runs with), bundled each on its own so that they change
// nothing of the chunks a user's bundle is made of.
const shipped = ["index", "helpers", "mcp"];
const buildTime = ["planFacts", "interpret"];
const entries = [...shipped, ...buildTime];
rmSync("dist/esm", { recursive: true, force: true });
const options = {
  outdir: "dist/esm",
  bundle: true,
  format: "esm",
  platform: "neutral",
  target: "es2022",
  // The SDK is the user's, as an optional peer dependency; Node's modules are the servers' (the mcp entry).
  external: ["@modelcontextprotocol/sdk", "@modelcontextprotocol/sdk/*", "node:*"],
  outExtension: { ".js": ".mjs" },
  chunkNames: "chunks/[name]-[hash]",
  logLevel: "warning",
};
// The ES module of the helpers is helperList.ts: helpers.ts adds what only a CommonJS module reads.
const source = (name) => ({ in: `src/${name === "helpers" ? "helperList" : name}.ts`, out: name });
await build({ ...options, entryPoints: shipped.map(source), splitting: true });
await build({ ...options, entryPoints: buildTime.map((name) => `src/${name}.ts`) });
// The types are tsc's, written for the CommonJS files; the ES entries re-export them.
for (const name of entries) writeFileSync(`dist/esm/${name}.d.mts`, `export * from "../${name === "helpers" ? "helperList" : name}.js";\n`);
