// The cache of rewrites under node_modules/.cache/schemaof, through every host: those that see one
// module at a time (the loader on TypeScript 5.9 in process and on 7.0 through its API, the esbuild
// plugin) and those that build the project (`schemaof build` on 7.0 and on 5.9, tspc). A run of hits
// opens no TypeScript (analyses nothing, where tsc holds the program); a declaration changed in
// another file misses; a corrupt file is ignored with one line; two runs at once leave a cache a third
// trusts; and over every fixture the output is byte-identical with and without the cache. Nothing
// here is timed.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { basename, dirname, join } from "node:path";
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
  for (const pkg of ["@schemaof/runtime", "@schemaof/transformer", "tsx", "ts-patch"]) symlinkSync(packageDir(pkg), join(dir, "node_modules", pkg));
  symlinkSync(packageDir(typescript), join(dir, "node_modules", "typescript"));
  writeFileSync(join(dir, "package.json"), JSON.stringify({ type: "module" }));
  writeFileSync(
    join(dir, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: { target: "es2022", module: "nodenext", strict: true, skipLibCheck: true, types: [], plugins: [{ transform: "@schemaof/transformer" }] },
      include: ["src"],
    }),
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
/** The folder of a project's entries (node_modules/.cache/schemaof/<project>/modules/<key>, or build/<key> for `schemaof build` on 7). */
const entriesDir = (dir, name = "modules") => {
  const [project] = readdirSync(cacheDir(dir));
  const [key, ...more] = readdirSync(join(cacheDir(dir), project, name));
  assert.is(more.length, 0, "one key");
  return join(cacheDir(dir), project, name, key);
};
const traced = { ...process.env, SCHEMAOF_TRACE: "cache" };

/** What a host printed, and its cache trace apart: `hit`/`miss` per module, `opening` when TypeScript was opened. */
function outcome(run) {
  assert.is(run.status, 0, run.stdout + run.stderr);
  const trace = run.stderr
    .split("\n")
    // Whether tsc was started early is early-tsc.test's: here, what each module's cache did.
    .filter((line) => line.startsWith("schemaof cache: ") && !line.startsWith("schemaof cache: tsc: "))
    .map((line) =>
      line
        .slice("schemaof cache: ".length)
        .replace(/ \/.*\/src\//, " src/")
        .replace(/^opening .*/, "opening TypeScript"),
    );
  // TypeScript 7's API process shares our stderr and, closed while it reads its pipe, may say
  // "context canceled" (CI met it once in five runs): its line, not one of ours.
  const other = run.stderr.split("\n").filter((line) => line && !line.startsWith("schemaof cache: ") && line !== "context canceled");
  return { stdout: run.stdout, trace: trace.sort(), other };
}

const schemaof = join(packageDir("@schemaof/transformer"), "bin", "schemaof.js");

/** A build host: the project built in place (src/*.js beside the sources), then its main module run. */
function builtWith(args) {
  return (dir, env = traced) => {
    const built = spawnSync(process.execPath, args, { cwd: dir, encoding: "utf8", env });
    if (built.status !== 0) return built;
    const ran = spawnSync(process.execPath, ["src/main.js"], { cwd: dir, encoding: "utf8" });
    return { status: ran.status, stdout: ran.stdout, stderr: built.stderr + ran.stderr };
  };
}

const hosts = [
  {
    label: "the loader on TypeScript 5.9",
    typescript: "typescript",
    args: () => ["--import", "@schemaof/transformer/register", "--import", "tsx", "src/main.ts"],
    command: () => [process.execPath, ...hosts[0].args()],
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
  {
    label: "schemaof build on TypeScript 7.0",
    typescript: "typescript7",
    // Without the last build's snapshot (early-tsc.test's), which would answer before any file is looked up.
    run: (dir, env) => (rmSync(join(cacheDir(dir), "launch"), { recursive: true, force: true }), builtWith([schemaof, "build"])(dir, env)),
    command: () => [process.execPath, schemaof, "build"],
    then: ["src/main.js"],
  },
  // tsc holds the program here: a hit is a file whose calls are not analysed, and nothing is opened.
  { label: "schemaof build on TypeScript 5.9", typescript: "typescript", inProgram: true, run: builtWith([schemaof, "build"]) },
  {
    label: "tspc on TypeScript 5.9 (ts-patch)",
    typescript: "typescript",
    inProgram: true,
    run: builtWith([join(packageDir("ts-patch"), "bin", "tspc.js"), "-p", "."]),
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
    const opening = host.inProgram ? [] : ["opening TypeScript"];
    const cold = outcome(host.run(dir));
    assert.is(cold.stdout.trim(), FIRST);
    assert.equal(cold.trace, ["miss src/main.ts", "miss src/other.ts", ...opening]);

    const warm = outcome(host.run(dir));
    assert.is(warm.stdout, cold.stdout);
    assert.equal(warm.trace, ["hit src/main.ts", "hit src/other.ts"], "nothing opened");

    // A declaration main.ts's schema read, in another file: an edit of the project misses every module.
    writeFileSync(join(dir, "src", "types.ts"), `export interface Search {\n  query: string;\n  limit?: number;\n  page: number;\n}\n`);
    const edited = outcome(host.run(dir));
    assert.equal(edited.trace, ["miss src/main.ts", "miss src/other.ts", ...opening]);
    assert.match(edited.stdout, `"page":{"type":"number"}},"required":["query","page"]}`);
    assert.equal(outcome(host.run(dir)).trace, ["hit src/main.ts", "hit src/other.ts"]);
    rmSync(dir, { recursive: true, force: true });
  });
});

hosts.forEach((host, index) => {
  test(`${host.label}: a declaration file added to the project that augments a type misses`, () => {
    const dir = project(`augment${index}`, host.typescript);
    const cold = outcome(host.run(dir));
    assert.is(cold.stdout.trim(), FIRST);
    writeFileSync(join(dir, "src", "augment.d.ts"), `import "./types.js";\ndeclare module "./types.js" {\n  interface Search {\n    page: number;\n  }\n}\n`);
    const after = outcome(host.run(dir));
    assert.match(after.stdout, `"page":{"type":"number"}},"required":["query","page"]}`);
    rmSync(dir, { recursive: true, force: true });
  });
});

for (const host of [hosts[0], hosts[3], hosts[5]]) {
  test(`${host.label}: a package upgraded by the package manager (a new version at another path, the lockfile changed) misses`, () => {
    const dir = project(`upgrade-${host.typescript}-${hosts.indexOf(host)}`, host.typescript);
    // Two versions of a package of types, installed side by side as pnpm's store keeps them; the project's link points at one.
    for (const [version, field] of [
      ["1.0.0", "size: number;"],
      ["2.0.0", "size: number;\n  unit: string;"],
    ]) {
      const at = join(dir, "store", `shapes@${version}`);
      mkdirSync(at, { recursive: true });
      writeFileSync(join(at, "package.json"), JSON.stringify({ name: "shapes", version, types: "index.d.ts" }));
      writeFileSync(join(at, "index.d.ts"), `export interface Box {\n  ${field}\n}\n`);
    }
    const install = (version) => {
      rmSync(join(dir, "node_modules", "shapes"), { force: true });
      symlinkSync(join(dir, "store", `shapes@${version}`), join(dir, "node_modules", "shapes"));
      writeFileSync(join(dir, "package-lock.json"), JSON.stringify({ packages: { "node_modules/shapes": { version } } }));
    };
    install("1.0.0");
    writeFileSync(
      join(dir, "src", "other.ts"),
      `import { schemaOf } from "@schemaof/runtime";\nimport type { Box } from "shapes";\nexport const other = JSON.stringify(schemaOf<Box>());\n`,
    );
    assert.match(outcome(host.run(dir)).stdout, `{"type":"object","properties":{"size":{"type":"number"}},"required":["size"]}`);
    install("2.0.0");
    assert.match(outcome(host.run(dir)).stdout, `"unit":{"type":"string"}},"required":["size","unit"]}`);
    rmSync(dir, { recursive: true, force: true });
  });
}

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

/** The hosts the tests of a corrupt cache and of two runs at once go through: a loader, and a build. */
const writers = [
  { host: hosts[0], entries: "modules" },
  { host: hosts[3], entries: "build" },
];

for (const { host, entries: folder } of writers) {
  test(`${host.label}: a corrupt or foreign cache file is ignored with one line on stderr, and written again`, () => {
    const dir = project(`corrupt-${folder}`, host.typescript);
    const cold = outcome(host.run(dir));
    const entriesAt = entriesDir(dir, folder);
    const entries = readdirSync(entriesAt);
    assert.is(entries.length, 2);
    writeFileSync(join(entriesAt, entries[0]), "{ not json");
    // Another file's entry under this one's name: well formed, and foreign.
    const foreign = readFileSync(join(entriesAt, entries[1]), "utf8").replace(/"file":"[^"]*"/, '"file":"/elsewhere.ts"');
    writeFileSync(join(entriesAt, entries[1]), foreign);
    const after = outcome(host.run(dir));
    assert.is(after.stdout, cold.stdout);
    assert.is(after.other.length, 2, after.other.join("\n"));
    for (const line of after.other)
      assert.match(line, /^schemaof: ignored the cache file .*\.json: schemaof did not write it for this file; it will be written again$/);
    assert.equal(after.trace, ["miss src/main.ts", "miss src/other.ts", "opening TypeScript"]);
    assert.equal(outcome(host.run(dir)).trace, ["hit src/main.ts", "hit src/other.ts"], "written again, and trusted");
    rmSync(dir, { recursive: true, force: true });
  });

  test(`${host.label}: two runs at once leave a cache that a third trusts; SCHEMAOF_CACHE=0 keeps none`, async () => {
    const dir = project(`together-${folder}`, host.typescript);
    const both = (await Promise.all([0, 1].map(() => runAsync(host, dir)))).map((built) => thenRun(host, dir, built));
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
}

test("the entries of an older key are let go once nothing was written to them for a week", () => {
  const host = hosts[0];
  const dir = project("prune", host.typescript);
  outcome(host.run(dir));
  const current = entriesDir(dir);
  const keys = dirname(current);
  for (const [name, days] of [
    ["old-key", 8],
    ["recent-key", 2],
  ]) {
    mkdirSync(join(keys, name));
    writeFileSync(join(keys, name, "entry.json"), "{}");
    const then = new Date(Date.now() - days * 24 * 60 * 60 * 1000);
    utimesSync(join(keys, name), then, then);
  }
  // An edit, so that this run writes entries (a run of hits writes nothing, and prunes nothing).
  writeFileSync(
    join(dir, "src", "other.ts"),
    `import { schemaOf } from "@schemaof/runtime";\nexport const other = JSON.stringify(schemaOf<{ id: string }>());\n\n`,
  );
  outcome(host.run(dir));
  assert.equal(readdirSync(keys).sort(), [basename(current), "recent-key"].sort());
  rmSync(dir, { recursive: true, force: true });
});

/** A host's run, in a child process that does not hold this one up (two at once). */
function runAsync(host, dir) {
  const [command, ...args] = host.command(dir);
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: dir, env: traced });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}

/**
 * A build's program run, once every build of the project has ended: two builds at once write the
 * same output files, and a program run while the other build writes could read a file that build's
 * tsc has written and its edit not yet (CI met it once).
 */
function thenRun(host, dir, built) {
  if (built.status !== 0 || !host.then) return built;
  const ran = spawnSync(process.execPath, host.then, { cwd: dir, encoding: "utf8" });
  return { status: ran.status, stdout: ran.stdout, stderr: built.stderr + ran.stderr };
}

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
  assert.is(readdirSync(entriesDir(dir)).length, files.length, "every module written");
  fixtures.forEach((fixture, i) => {
    assert.is(cold[i], without[i], `${fixture.name}, the run that writes the cache`);
    assert.is(warm[i], without[i], `${fixture.name}, the run that reads it`);
  });
  rmSync(dir, { recursive: true, force: true });
});

/** Every JavaScript file of a folder, by name, with its text. */
const outputsOf = (dir) =>
  Object.fromEntries(
    readdirSync(dir)
      .filter((name) => name.endsWith(".js"))
      .sort()
      .map((name) => [name, readFileSync(join(dir, name), "utf8")]),
  );

for (const [label, typescript] of [
  ["schemaof build on TypeScript 7.0", "typescript7"],
  ["schemaof build on TypeScript 5.9", "typescript"],
]) {
  test(`${label}: over every fixture, the output and the diagnostics are byte-identical with and without the cache`, () => {
    const dir = project(`fixtures-${typescript}`, typescript);
    rmSync(join(dir, "src"), { recursive: true, force: true });
    mkdirSync(join(dir, "src"));
    const fixtures = listFixtures();
    fixtures.forEach((fixture, i) => writeFileSync(join(dir, "src", `f${i}.ts`), readFileSync(fixture.input, "utf8")));
    const build = (env) => {
      const run = spawnSync(process.execPath, [schemaof, "build"], { cwd: dir, encoding: "utf8", env: { ...traced, ...env } });
      assert.ok(run.status === 0 || run.status === 2, run.stdout + run.stderr);
      return { status: run.status, stdout: run.stdout, outputs: outputsOf(join(dir, "src")), trace: outcome({ ...run, status: 0 }).trace };
    };
    const without = build({ SCHEMAOF_CACHE: "0" });
    assert.is(Object.keys(without.outputs).length, fixtures.length);
    const cold = build({});
    // On 7, a build with nothing changed is the last one's snapshot (early-tsc.test); without it, every file hits.
    const snapshot = build({});
    rmSync(join(cacheDir(dir), "launch"), { recursive: true, force: true });
    const warm = build({});
    assert.not.ok(
      warm.trace.some((line) => !line.startsWith("hit ")),
      `a build of hits: ${warm.trace.filter((line) => !line.startsWith("hit ")).join(", ")}`,
    );
    for (const [name, run] of [
      ["the build that writes the cache", cold],
      ["the build that reads it", warm],
      ["the build from the snapshot", snapshot],
    ]) {
      assert.is(run.stdout, without.stdout, `${name}: the same diagnostics`);
      assert.is(run.status, without.status, `${name}: the same exit code`);
      for (const [file, text] of Object.entries(without.outputs))
        assert.is(run.outputs[file], text, `${name}: ${file} (${fixtures[Number(file.slice(1, -3))].name})`);
    }
    rmSync(dir, { recursive: true, force: true });
  });
}

test.run();
