// The hosts that run TypeScript 5/6's compiler with a program and take the program transformer
// itself, as docs/hosts.md shows them: ts-loader (webpack), @rollup/plugin-typescript, and ts-node's
// `transformers`. Each runs in a process of its own, as a user runs it: it gives the schema, and a
// File in a type prints TS99001 with its path and ends the process with exit code 1 (these hosts
// hand the transformer no way to report an error).
import { test } from "uvu";
import * as assert from "uvu/assert";
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { writeProject } from "./lib/projectOptions.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const app = join(here, ".tmp", "program-hosts");
rmSync(app, { recursive: true, force: true });
writeProject(
  app,
  { name: "program-hosts", type: "commonjs" },
  { target: "es2022", module: "commonjs", moduleResolution: "node10", strict: true, skipLibCheck: true, lib: ["es2022", "dom"], types: [] },
);

writeFileSync(
  join(app, "src", "types.ts"),
  `/** What to look for. */\nexport interface SearchInput {\n  /** The words. */\n  query: string;\n  limit?: number;\n}\n`,
);
writeFileSync(
  join(app, "src", "main.ts"),
  `import { schemaOf } from "@schemaof/runtime";\nimport type { SearchInput } from "./types";\n\nexport const schema = schemaOf<SearchInput>();\n`,
);
const upload = `import { schemaOf } from "@schemaof/runtime";\n\nexport const schema = schemaOf<{ title: string; upload: File }>();\n`;

const expected = {
  type: "object",
  properties: { query: { type: "string", description: "The words." }, limit: { type: "number" } },
  required: ["query"],
  description: "What to look for.",
};

/** Runs a host's script on the app as it is, then with the File module added: the schema, then the error. */
function assertHost(script, run) {
  writeFileSync(join(app, script.name), script.text);
  rmSync(join(app, "src", "upload.ts"), { force: true });
  const ok = spawnSync(process.execPath, run, { cwd: app, encoding: "utf8", timeout: 120_000 });
  assert.is(ok.status, 0, ok.stdout + ok.stderr);
  assert.equal(JSON.parse(ok.stdout.trim().split("\n").pop()), expected);

  writeFileSync(join(app, "src", "upload.ts"), upload);
  const failed = spawnSync(process.execPath, [...run.slice(0, -1), run.at(-1).replace("main", "upload")], { cwd: app, encoding: "utf8", timeout: 120_000 });
  assert.is(failed.status, 1, failed.stdout + failed.stderr);
  assert.match(
    failed.stderr,
    /src\/upload\.ts\(3,32\): error TS99001: '\{ title: string; upload: File \}' holds values that JSON tool arguments cannot carry\.\n  upload: 'File': a file upload cannot travel in JSON tool arguments/,
  );
}

test("ts-loader with getCustomTransformers: the schema; TS99001 printed and exit code 1", () => {
  assertHost(
    {
      name: "webpack-ts-loader.cjs",
      text: `const webpack = require("webpack");
const { join } = require("node:path");
const schemaof = require("@schemaof/transformer");
const entry = process.argv[2];
webpack({
  mode: "none", target: "node", context: __dirname, entry: join(__dirname, "src", entry + ".ts"),
  output: { path: join(__dirname, "out", "ts-loader"), filename: entry + ".cjs", library: { type: "commonjs2" } },
  resolve: { extensions: [".ts", ".js"] },
  module: { rules: [{ test: /\\.ts$/, exclude: /node_modules/, use: [{ loader: "ts-loader", options: { getCustomTransformers: (program) => ({ before: [schemaof(program)] }) } }] }] },
}, (error, stats) => {
  if (error || stats.hasErrors()) throw error ?? new Error(stats.toString("errors-only"));
  console.log(JSON.stringify(require(join(__dirname, "out", "ts-loader", entry + ".cjs")).schema ?? null));
});
`,
    },
    ["webpack-ts-loader.cjs", "main"],
  );
});

test("@rollup/plugin-typescript with a program transformer: the schema; TS99001 printed and exit code 1", () => {
  assertHost(
    {
      name: "rollup-typescript.mjs",
      text: `import { rollup } from "rollup";
import typescript from "@rollup/plugin-typescript";
import schemaof from "@schemaof/transformer";
import { pathToFileURL } from "node:url";
const entry = process.argv[2];
const bundle = await rollup({
  input: "src/" + entry + ".ts",
  external: [/^@schemaof\\//],
  onwarn: () => undefined,
  plugins: [typescript({ module: "esnext", transformers: { before: [{ type: "program", factory: (program) => schemaof(program) }] } })],
});
await bundle.write({ file: "out/rollup/" + entry + ".mjs", format: "es" });
await bundle.close();
console.log(JSON.stringify((await import(pathToFileURL("out/rollup/" + entry + ".mjs").href)).schema ?? null));
`,
    },
    ["rollup-typescript.mjs", "main"],
  );
});

test("ts-node's transformers: the schema; TS99001 printed and exit code 1", () => {
  assertHost(
    {
      name: "ts-node-schemaof.cjs",
      text: `require("ts-node").register({ transformers: (program) => ({ before: [require("@schemaof/transformer")(program)] }) });\n`,
    },
    ["-r", "./ts-node-schemaof.cjs", "-e", "console.log(JSON.stringify(require(process.argv[1]).schema))", "./src/main.ts"],
  );
});

test.run();
