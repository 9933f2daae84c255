// The checks a transformer writes call the helpers of the runtime of its own version by name. A file
// whose @schemaof/runtime is another version gets TS99024 at each call that writes a check, on
// every host, with the runtime's folder, its version and the install that fixes it; a schema alone
// (no check) is written as before. Without the guard, an older runtime failed at the first call
// (`h.at is not a function`), valid arguments included.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { compilers } from "./lib/compilers.mjs";
import { compileFiles, formatDiagnostics } from "./lib/compile.mjs";
import { buildFiles, ts7Lines } from "./lib/build7.mjs";

const require = createRequire(import.meta.url);
const here = dirname(fileURLToPath(import.meta.url));
const runtimeDir = dirname(require.resolve("@schemaof/runtime/package.json"));
const transformerVersion = JSON.parse(readFileSync(require.resolve("@schemaof/transformer/package.json"), "utf8")).version;

/** A folder whose @schemaof/runtime says `version` (the real one's files, its manifest edited), and a tool module in it. */
function projectWithRuntime(version) {
  mkdirSync(join(here, ".tmp"), { recursive: true });
  const dir = mkdtempSync(join(here, ".tmp", "runtime-version-"));
  const runtime = join(dir, "node_modules", "@schemaof", "runtime");
  mkdirSync(runtime, { recursive: true });
  const manifest = JSON.parse(readFileSync(join(runtimeDir, "package.json"), "utf8"));
  writeFileSync(join(runtime, "package.json"), JSON.stringify({ ...manifest, version }));
  symlinkSync(join(runtimeDir, "dist"), join(runtime, "dist"));
  // The loader reads types through the project's tsconfig.json.
  writeFileSync(
    join(dir, "tsconfig.json"),
    JSON.stringify({ compilerOptions: { strict: true, module: "nodenext", target: "es2022", skipLibCheck: true, types: [] } }),
  );
  const file = join(dir, "tool.ts");
  writeFileSync(
    file,
    `import { schemaOf, validateArgs } from "@schemaof/runtime";
export interface Search { query: string; limit?: number }
export const schema = schemaOf<Search>();
export const check = (args: unknown) => validateArgs<Search>(args);
`,
  );
  return { dir, file, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

const hosts = [
  ...compilers.map(({ label, ts }) => ({
    label: `${label}, ts-patch`,
    compile(file) {
      const r = compileFiles(ts, [file]).get(file);
      return { js: r.js, diagnostics: formatDiagnostics(ts, r.diagnostics, file) };
    },
  })),
  {
    // The loader's hooks are an ES module bundle (it once failed here: no __dirname to find its version by).
    label: "the loader on TypeScript 5.9, under tsx",
    compile(file) {
      const run = spawnSync(process.execPath, ["--import", "@schemaof/transformer/register", "--import", "tsx", file], {
        cwd: dirname(file),
        encoding: "utf8",
      });
      return { status: run.status, diagnostics: run.status === 0 ? "" : run.stderr };
    },
  },
  ...ts7Lines.slice(0, 1).map(({ label, packageDir }) => ({
    label: `${label}, schemaof build`,
    async compile(file) {
      const { results } = await buildFiles(packageDir, [file]);
      return results.get(file);
    },
  })),
];

for (const host of hosts) {
  test(`${host.label}: a runtime of another version is TS99024 at the call that writes a check, with the install that fixes it`, async () => {
    const project = projectWithRuntime("0.0.9");
    try {
      const { js, diagnostics } = await host.compile(project.file);
      assert.match(diagnostics, /tool\.ts\(4,\d+\): error TS99024: The check of 'Search' would run against a @schemaof\/runtime of another version\./);
      assert.ok(diagnostics.includes(`node_modules/@schemaof/runtime) is version 0.0.9`), diagnostics);
      assert.ok(diagnostics.includes(`install @schemaof/runtime@${transformerVersion}`), diagnostics);
      assert.is(diagnostics.match(/TS99024/g).length, 1, "schemaOf writes no check: nothing to say of it");
      if (js !== undefined) assert.match(js, /properties: ?\{ ?query/, "the schema is written as before");
    } finally {
      project.dispose();
    }
  });

  test(`${host.label}: the runtime of the transformer's version, at the same place, is taken`, async () => {
    const project = projectWithRuntime(transformerVersion);
    try {
      const { js, diagnostics } = await host.compile(project.file);
      assert.is(diagnostics, "");
      if (js !== undefined) assert.match(js, /"~plan":1/);
    } finally {
      project.dispose();
    }
  });
}

test.run();
