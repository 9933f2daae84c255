// The cache of module rewrites under node_modules/.cache/schemaof, through the hosts that see one module
// at a time: the loader (TypeScript 5.9 in process, 7.0 through its API) and the esbuild plugin. A
// run of hits opens no TypeScript; a declaration changed in another file misses; a corrupt file is
// ignored with one line; two runs at once leave a cache a third trusts; and over every fixture the
// rewrite is byte-identical with and without the cache. Nothing here is timed.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { listFixtures } from "./lib/fixtures.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const packageDir = (name) => dirname(require.resolve(`${name}/package.json`));

/** A project with a node_modules of its own (so its cache is its own), on the TypeScript given. */
function project(name, typescript) {
  const dir = join(here, ".tmp", `cache-${name}-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, "src"), { recursive: true });
  mkdirSync(join(dir, "node_modules", "@schemaof"), { recursive: true });
  for (const pkg of ["@schemaof/runtime", "@schemaof/transformer", "tsx"]) symlinkSync(packageDir(pkg), join(dir, "node_modules", pkg));
  symlinkSync(packageDir(typescript), join(dir, "node_modules", "typescript"));
  writeFileSync(join(dir, "package.json"), JSON.stringify({ type: "module" }));
  writeFileSync(
    join(dir, "tsconfig.json"),
    JSON.stringify({ compilerOptions: { target: "es2022", module: "nodenext", strict: true, skipLibCheck: true, types: [] }, include: ["src"] }),
  );
  writeFileSync(join(dir, "src", "types.ts"), `export interface Search {\n  query: string;\n  limit?: number;\n}\n`);
  writeFileSync(
    join(dir, "src", "main.ts"),
    `import { schemaOf, validateArgs } from "@schemaof/runtime";\nimport type { Search } from "./types.js";\nimport { other } from "./other.js";\n` +
      `console.log(JSON.stringify(schemaOf<Search>()));\nconsole.log(JSON.stringify(validateArgs<Search>({ query: 1 }).issues?.map((issue) => issue.message)));\nconsole.log(other);\n`,
  );
  writeFileSync(
    join(dir, "src", "other.ts"),
    `import { schemaOf } from "@schemaof/runtime";\nexport const other = JSON.stringify(schemaOf<{ id: string }>());\n`,
  );
  return dir;
}

const cacheDir = (dir) => join(dir, "node_modules", ".cache", "schemaof");
/** The folder of a project's module entries (node_modules/.cache/schemaof/<project>/modules). */
const modulesDir = (dir) => {
  const [project] = readdirSync(cacheDir(dir));
  return join(cacheDir(dir), project, "modules");
};
const traced = { ...process.env, SCHEMAOF_TRACE: "cache" };

/** What a host printed, and its cache trace apart: `hit`/`miss` per module, `opening` when TypeScript was opened. */
function outcome(run) {
  assert.is(run.status, 0, run.stdout + run.stderr);
  const trace = run.stderr
    .split("\n")
    .filter((line) => line.startsWith("schemaof cache: "))
    .map((line) =>
      line
        .slice("schemaof cache: ".length)
        .replace(/ \/.*\/src\//, " src/")
        .replace(/^opening .*/, "opening TypeScript"),
    );
  const other = run.stderr.split("\n").filter((line) => line && !line.startsWith("schemaof cache: "));
  return { stdout: run.stdout, trace: trace.sort(), other };
}

const hosts = [
  {
    label: "the loader on TypeScript 5.9",
    typescript: "typescript",
    args: () => ["--import", "@schemaof/transformer/register", "--import", "tsx", "src/main.ts"],
    run: (dir, env = traced) => spawnSync(process.execPath, hosts[0].args(), { cwd: dir, encoding: "utf8", env }),
  },
  {
    label: "the loader on TypeScript 7.0 (its API process)",
    typescript: "typescript7",
    run: (dir, env = traced) => spawnSync(process.execPath, hosts[0].args(), { cwd: dir, encoding: "utf8", env }),
  },
  {
    label: "the esbuild plugin on TypeScript 5.9",
    typescript: "typescript",
    run(dir, env = traced) {
      const script = join(dir, "bundle.mjs");
      writeFileSync(
        script,
        `import { build } from ${JSON.stringify(pathToFileURL(require.resolve("esbuild")).href)};\n` +
          `import schemaof from ${JSON.stringify(pathToFileURL(require.resolve("@schemaof/unplugin/esbuild")).href)};\n` +
          `await build({ absWorkingDir: ${JSON.stringify(dir)}, entryPoints: ["src/main.ts"], bundle: true, platform: "node", format: "esm", outfile: "out/main.mjs", logLevel: "silent", plugins: [schemaof()] });\n`,
      );
      const built = spawnSync(process.execPath, [script], { cwd: dir, encoding: "utf8", env });
      if (built.status !== 0) return built;
      const ran = spawnSync(process.execPath, ["out/main.mjs"], { cwd: dir, encoding: "utf8" });
      return { status: ran.status, stdout: ran.stdout, stderr: built.stderr + ran.stderr };
    },
  },
];

const FIRST = [
  JSON.stringify({ type: "object", properties: { query: { type: "string" }, limit: { type: "number" } }, required: ["query"] }),
  JSON.stringify(["/query must be string, got integer 1"]),
  JSON.stringify({ type: "object", properties: { id: { type: "string" } }, required: ["id"] }),
].join("\n");

hosts.forEach((host, index) => {
  test(`${host.label}: a second run asks TypeScript for nothing; a declaration changed in another file misses`, () => {
    const dir = project(`host${index}`, host.typescript);
    const cold = outcome(host.run(dir));
    assert.is(cold.stdout.trim(), FIRST);
    assert.equal(cold.trace, ["miss src/main.ts", "miss src/other.ts", "opening TypeScript"]);

    const warm = outcome(host.run(dir));
    assert.is(warm.stdout, cold.stdout);
    assert.equal(warm.trace, ["hit src/main.ts", "hit src/other.ts"], "nothing opened");

    // A declaration main.ts's schema read, in another file: an edit of the project misses every module.
    writeFileSync(join(dir, "src", "types.ts"), `export interface Search {\n  query: string;\n  limit?: number;\n  page: number;\n}\n`);
    const edited = outcome(host.run(dir));
    assert.equal(edited.trace, ["miss src/main.ts", "miss src/other.ts", "opening TypeScript"]);
    assert.match(edited.stdout, `"page":{"type":"number"}},"required":["query","page"]}`);
    assert.equal(outcome(host.run(dir)).trace, ["hit src/main.ts", "hit src/other.ts"]);
    rmSync(dir, { recursive: true, force: true });
  });
});

test("what a schema reads beyond the declarations it notes misses too: a Record's keys, an Omit's names, a file that now resolves", () => {
  const host = hosts[0];
  const dir = project("beyond", host.typescript);
  writeFileSync(join(dir, "src", "keys.ts"), `export type Keys = "a" | "b";\nexport type Drop = "x";\n`);
  writeFileSync(
    join(dir, "src", "main.ts"),
    `import { schemaOf } from "@schemaof/runtime";\nimport type { Keys, Drop } from "./keys.js";\n` +
      `interface Base { x: string; y: string }\nconsole.log(JSON.stringify(schemaOf<{ r: Record<Keys, string>; o: Omit<Base, Drop> }>()));\n`,
  );
  const keysOf = (run) => {
    const schema = JSON.parse(outcome(run).stdout);
    return [Object.keys(schema.properties.r.properties), Object.keys(schema.properties.o.properties)];
  };
  assert.equal(keysOf(host.run(dir)), [["a", "b"], ["y"]]);
  assert.equal(outcome(host.run(dir)).trace, ["hit src/main.ts"]);
  writeFileSync(join(dir, "src", "keys.ts"), `export type Keys = "a" | "b" | "c";\nexport type Drop = "y";\n`);
  assert.equal(keysOf(host.run(dir)), [["a", "b", "c"], ["x"]]);

  // A module whose type did not resolve: the file that resolves it is new, and the module misses.
  writeFileSync(
    join(dir, "src", "main.ts"),
    `import { schemaOf } from "@schemaof/runtime";\nimport type { Later } from "./later.js";\nconsole.log(JSON.stringify(schemaOf<Later>()));\n`,
  );
  const missing = host.run(dir);
  assert.is.not(missing.status, 0);
  assert.match(missing.stderr, "TS99015");
  writeFileSync(join(dir, "src", "later.ts"), `export interface Later { when: string }\n`);
  const resolved = outcome(host.run(dir));
  assert.is(resolved.stdout.trim(), JSON.stringify({ type: "object", properties: { when: { type: "string" } }, required: ["when"] }));
  rmSync(dir, { recursive: true, force: true });
});

test("a corrupt or foreign cache file is ignored with one line on stderr, and written again", () => {
  const host = hosts[0];
  const dir = project("corrupt", host.typescript);
  const cold = outcome(host.run(dir));
  const modules = modulesDir(dir);
  const entries = readdirSync(modules);
  assert.is(entries.length, 2);
  writeFileSync(join(modules, entries[0]), "{ not json");
  // Another module's entry under this one's name: well formed, and foreign.
  const foreign = readFileSync(join(modules, entries[1]), "utf8").replace(/"file":"[^"]*"/, '"file":"/elsewhere.ts"');
  writeFileSync(join(modules, entries[1]), foreign);
  const after = outcome(host.run(dir));
  assert.is(after.stdout, cold.stdout);
  assert.is(after.other.length, 2, after.other.join("\n"));
  for (const line of after.other)
    assert.match(line, /^schemaof: ignored the cache file .*\.json: schemaof did not write it for this module; it will be written again$/);
  assert.equal(after.trace, ["miss src/main.ts", "miss src/other.ts", "opening TypeScript"]);
  assert.equal(outcome(host.run(dir)).trace, ["hit src/main.ts", "hit src/other.ts"], "written again, and trusted");
  rmSync(dir, { recursive: true, force: true });
});

test("two runs at once leave a cache that a third trusts; SCHEMAOF_CACHE=0 keeps none", async () => {
  const host = hosts[0];
  const dir = project("together", host.typescript);
  const both = await Promise.all(
    [0, 1].map(
      () =>
        new Promise((resolve) => {
          const child = spawn(process.execPath, host.args(), { cwd: dir, env: traced });
          let stdout = "";
          let stderr = "";
          child.stdout.on("data", (chunk) => (stdout += chunk));
          child.stderr.on("data", (chunk) => (stderr += chunk));
          child.on("close", (status) => resolve({ status, stdout, stderr }));
        }),
    ),
  );
  for (const run of both) assert.is(outcome(run).stdout.trim(), FIRST);
  const third = outcome(host.run(dir));
  assert.equal(third.trace, ["hit src/main.ts", "hit src/other.ts"]);
  assert.equal(third.other, []);

  rmSync(cacheDir(dir), { recursive: true, force: true });
  const off = outcome(host.run(dir, { ...traced, SCHEMAOF_CACHE: "0" }));
  assert.is(off.stdout.trim(), FIRST);
  assert.equal(off.trace, []);
  assert.not.ok(existsSync(cacheDir(dir)), "nothing written");
  rmSync(dir, { recursive: true, force: true });
});

test("over every fixture, a module's rewrite is byte-identical with and without the cache", async () => {
  const { openModules } = await import("@schemaof/transformer/source");
  const dir = project("fixtures", "typescript");
  const fixtures = listFixtures();
  const files = fixtures.map((fixture, i) => {
    const file = join(dir, "src", `f${i}.ts`);
    writeFileSync(file, readFileSync(fixture.input, "utf8"));
    return file;
  });
  const rewrites = async (env) => {
    const saved = process.env.SCHEMAOF_CACHE;
    if (env === "off") process.env.SCHEMAOF_CACHE = "0";
    const modules = await openModules({ tsconfig: join(dir, "tsconfig.json"), cwd: dir });
    if (saved === undefined) delete process.env.SCHEMAOF_CACHE;
    else process.env.SCHEMAOF_CACHE = saved;
    try {
      return files.map((file) => JSON.stringify(modules.transform(file, readFileSync(file, "utf8")) ?? null));
    } finally {
      modules.close();
    }
  };
  const without = await rewrites("off");
  const cold = await rewrites("on");
  const warm = await rewrites("on");
  assert.is(readdirSync(modulesDir(dir)).length, files.length, "every module written");
  fixtures.forEach((fixture, i) => {
    assert.is(cold[i], without[i], `${fixture.name}, the run that writes the cache`);
    assert.is(warm[i], without[i], `${fixture.name}, the run that reads it`);
  });
  rmSync(dir, { recursive: true, force: true });
});

test.run();
