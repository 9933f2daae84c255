// `schemaof build` on TypeScript 7 starts tsc before loading the rest of schemaof, as the last run of
// the same command line in the same folder started it (cli/early.ts, cli/launchRecord.ts). The build
// takes that tsc only when it would run the very same command: a tsconfig edited since starts nothing
// early, and a tsc started early that ran another command has what it wrote removed, so the outputs
// are always the build's own. Nothing here is timed.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const packageDir = (name) => dirname(require.resolve(`${name}/package.json`));
const schemaof = join(packageDir("@schemaof/transformer"), "bin", "schemaof.js");

/** A TypeScript 7 project with a node_modules of its own (so its records are its own). */
function project(name, compilerOptions = {}) {
  const dir = join(here, ".tmp", `early-${name}-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, "src"), { recursive: true });
  mkdirSync(join(dir, "node_modules", "@schemaof"), { recursive: true });
  for (const pkg of ["@schemaof/runtime", "@schemaof/transformer"]) symlinkSync(packageDir(pkg), join(dir, "node_modules", pkg));
  symlinkSync(packageDir("typescript7"), join(dir, "node_modules", "typescript"));
  writeFileSync(join(dir, "package.json"), JSON.stringify({ type: "module" }));
  writeTsconfig(dir, compilerOptions);
  writeFileSync(
    join(dir, "src", "main.ts"),
    `import { schemaOf } from "@schemaof/runtime";\n// a comment tsc keeps\nexport interface Search {\n  query: string;\n}\nconsole.log(JSON.stringify(schemaOf<Search>()));\n`,
  );
  return dir;
}

function writeTsconfig(dir, compilerOptions) {
  writeFileSync(
    join(dir, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        target: "es2022",
        module: "nodenext",
        strict: true,
        skipLibCheck: true,
        types: [],
        rootDir: "src",
        outDir: "dist",
        ...compilerOptions,
      },
      include: ["src"],
    }),
  );
}

/** One `schemaof build`: its status, and its trace lines about tsc. */
function build(dir, env = {}) {
  const run = spawnSync(process.execPath, [schemaof, "build"], { cwd: dir, encoding: "utf8", env: { ...process.env, SCHEMAOF_TRACE: "cache", ...env } });
  assert.is(run.status, 0, run.stdout + run.stderr);
  const tsc = run.stderr
    .split("\n")
    .filter((line) => line.startsWith("schemaof cache: tsc: "))
    .map((line) => line.slice("schemaof cache: tsc: ".length));
  return { tsc, output: readFileSync(join(dir, "dist", "main.js"), "utf8") };
}

const launchFolder = (dir) => join(dir, "node_modules", ".cache", "schemaof", "launch");
const records = (dir) => (existsSync(launchFolder(dir)) ? readdirSync(launchFolder(dir)) : []);
const SCHEMA = '{type:"object",properties:{query:{type:"string"}},required:["query"]}';

const SNAPSHOT = "took the one started early; the build is the last one's (its snapshot)";
const snapshotOf = (dir) =>
  join(
    launchFolder(dir),
    records(dir).find((name) => name.endsWith(".snapshot.json")),
  );
/** The build's snapshot, changed by `change`. */
function editSnapshot(dir, change) {
  const path = snapshotOf(dir);
  writeFileSync(path, JSON.stringify(change(JSON.parse(readFileSync(path, "utf8")))));
}
/** Edits a source file: the project is not as the snapshot saw it. */
const touch = (dir, marker) => writeFileSync(join(dir, "src", "extra.ts"), `export const marker = ${JSON.stringify(marker)};\n`);

test("a second build starts tsc before schemaof loads and, nothing changed, is finished from the last one's snapshot", () => {
  const dir = project("again");
  const first = build(dir);
  assert.equal(first.tsc, [], "nothing to start early on a first build");
  assert.ok(first.output.includes(SCHEMA), first.output);
  assert.is(records(dir).length, 2, "the command line's record and the build's snapshot");
  const second = build(dir);
  assert.equal(second.tsc, [SNAPSHOT]);
  assert.is(second.output, first.output);
  // A file edited: the snapshot does not hold, and the build takes the tsc started early.
  touch(dir, "one");
  const third = build(dir);
  assert.equal(third.tsc, ["took the one started early"]);
  assert.is(third.output, first.output);
  assert.equal(build(dir).tsc, [SNAPSHOT]);
  const uncached = build(dir, { SCHEMAOF_CACHE: "0" });
  assert.equal(uncached.tsc, [], "SCHEMAOF_CACHE=0 starts nothing early");
  assert.is(uncached.output, first.output);
  rmSync(dir, { recursive: true, force: true });
});

test("a tsconfig edited since the record starts nothing early; the build follows the new tsconfig", () => {
  const dir = project("edited");
  build(dir);
  writeTsconfig(dir, { removeComments: true });
  const after = build(dir);
  assert.equal(after.tsc, []);
  assert.not.ok(after.output.includes("a comment tsc keeps"), after.output);
  assert.ok(after.output.includes(SCHEMA), after.output);
  // The next one runs the new command line early, and is the snapshot's.
  assert.equal(build(dir).tsc, [SNAPSHOT]);
  rmSync(dir, { recursive: true, force: true });
});

test("a tsc started early that ran another command: what it wrote is removed, and the outputs are the build's", () => {
  const dir = project("other");
  const first = build(dir);
  // A record whose guards hold but whose command is not the one the build runs: it writes elsewhere too.
  const [name] = records(dir);
  const path = join(launchFolder(dir), name);
  const record = JSON.parse(readFileSync(path, "utf8"));
  writeFileSync(path, JSON.stringify({ ...record, args: [...record.args, "--outDir", join(dir, "elsewhere")] }));
  touch(dir, "other");
  const second = build(dir);
  assert.equal(second.tsc, ["the one started early ran another command; what it wrote is removed"]);
  assert.equal(existsSync(join(dir, "elsewhere")) ? readdirSync(join(dir, "elsewhere"), { recursive: true }).filter((f) => f.endsWith(".js")) : [], []);
  assert.is(second.output, first.output);
  // The build put its own command line back.
  assert.equal(build(dir).tsc, [SNAPSHOT]);
  rmSync(dir, { recursive: true, force: true });
});

test("a snapshot whose output tsc now writes otherwise is not used: the build goes on with that tsc", () => {
  const dir = project("outputs");
  const first = build(dir);
  // As if something outside the project (a const enum in a package) changed what tsc emits.
  editSnapshot(dir, (snapshot) => {
    const [output] = Object.keys(snapshot.outputs).filter((file) => file.endsWith("main.js"));
    return { ...snapshot, outputs: { ...snapshot.outputs, [output]: { ...snapshot.outputs[output], raw: "0".repeat(64) } } };
  });
  const second = build(dir);
  assert.equal(second.tsc, ["took the one started early"]);
  assert.is(second.output, first.output);
  assert.equal(build(dir).tsc, [SNAPSHOT], "written again");
  rmSync(dir, { recursive: true, force: true });
});

test("a corrupt snapshot is ignored with one line on stderr, and written again; a schema error is printed and exits as before", () => {
  const dir = project("corrupt");
  writeFileSync(join(dir, "src", "bad.ts"), `import { schemaOf } from "@schemaof/runtime";\nexport const bad = schemaOf<{ run: () => void }>();\n`);
  const run = (env = {}) => spawnSync(process.execPath, [schemaof, "build"], { cwd: dir, encoding: "utf8", env: { ...process.env, ...env } });
  const first = run();
  assert.is.not(first.status, 0, first.stdout);
  assert.match(first.stdout, "bad.ts");
  writeFileSync(snapshotOf(dir), "{ not json");
  const second = run();
  assert.equal(second.stderr.split("\n").filter(Boolean), [
    `schemaof: ignored the cache file ${snapshotOf(dir)}: schemaof did not write it; it will be written again`,
  ]);
  assert.is(second.stdout, first.stdout);
  assert.is(second.status, first.status);
  const third = run({ SCHEMAOF_TRACE: "cache" });
  assert.match(third.stderr, SNAPSHOT);
  assert.is(third.stdout, first.stdout);
  assert.is(third.status, first.status);
  rmSync(dir, { recursive: true, force: true });
});

test("a project switched to another TypeScript starts nothing early, and builds with the new one", () => {
  const dir = project("switch");
  const first = build(dir);
  assert.equal(build(dir).tsc, [SNAPSHOT]);
  // node_modules/typescript now a link to 5.9: the old 7's folder is as it was, and must not be used.
  rmSync(join(dir, "node_modules", "typescript"));
  symlinkSync(packageDir("typescript"), join(dir, "node_modules", "typescript"));
  const switched = build(dir);
  assert.equal(switched.tsc, []);
  assert.is(switched.output, first.output.replace(/\n\/\/# sourceMappingURL=.*\n?$/, "\n"));
  rmSync(dir, { recursive: true, force: true });
});

test("a snapshot that does not read as one, item by item, or names another launch record, is not used", () => {
  const dir = project("items");
  const first = build(dir);
  const snapshot = JSON.parse(readFileSync(snapshotOf(dir), "utf8"));
  for (const broken of [{ dependencies: [null] }, { files: [3] }, { outputs: { x: null } }, { launch: "0".repeat(64) }]) {
    editSnapshot(dir, () => ({ ...snapshot, ...broken }));
    const run = build(dir);
    assert.not.ok(run.tsc.includes(SNAPSHOT), JSON.stringify(broken));
    assert.is(run.output, first.output, JSON.stringify(broken));
  }
  assert.equal(build(dir).tsc, [SNAPSHOT], "written again");
  rmSync(dir, { recursive: true, force: true });
});

test("no record where tsc's command depends on the build: noEmitOnError, incremental, project references", () => {
  for (const [name, options] of [
    ["noemitonerror", { noEmitOnError: true }],
    ["incremental", { incremental: true }],
  ]) {
    const dir = project(name, options);
    build(dir);
    assert.equal(build(dir).tsc, [], name);
    assert.equal(records(dir), [], name);
    rmSync(dir, { recursive: true, force: true });
  }
  const dir = project("references");
  mkdirSync(join(dir, "lib"));
  writeFileSync(
    join(dir, "lib", "tsconfig.json"),
    JSON.stringify({ compilerOptions: { composite: true, target: "es2022", module: "nodenext", types: [] }, include: ["*.ts"] }),
  );
  writeFileSync(join(dir, "lib", "lib.ts"), "export const lib = 1;\n");
  const config = JSON.parse(readFileSync(join(dir, "tsconfig.json"), "utf8"));
  writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ ...config, references: [{ path: "./lib" }] }));
  build(dir);
  assert.equal(build(dir).tsc, []);
  assert.equal(records(dir), []);
  rmSync(dir, { recursive: true, force: true });
});

test.run();
