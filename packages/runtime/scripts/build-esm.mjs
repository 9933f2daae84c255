// The runtime's ES module build, beside tsc's CommonJS one: the entry points bundled with their
// shared code split into chunks, so an app's bundler keeps only what it calls (a validator pulls in
// the helpers its generated check names, not every format and message).
import { build } from "esbuild";
import { rmSync, writeFileSync } from "node:fs";

const entries = ["index", "helpers", "mcp", "planFacts"];
rmSync("dist/esm", { recursive: true, force: true });
await build({
  entryPoints: entries.map((name) => `src/${name}.ts`),
  outdir: "dist/esm",
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "neutral",
  target: "es2022",
  // The SDK is the user's, as an optional peer dependency; Node's modules are the servers' (the mcp entry).
  external: ["@modelcontextprotocol/sdk", "@modelcontextprotocol/sdk/*", "node:*"],
  outExtension: { ".js": ".mjs" },
  chunkNames: "chunks/[name]-[hash]",
  logLevel: "warning",
});
// The types are tsc's, written for the CommonJS files; the ES entries re-export them.
for (const name of entries) writeFileSync(`dist/esm/${name}.d.mts`, `export * from "../${name}.js";\n`);
