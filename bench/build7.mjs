// pnpm bench: `schemaof build` on TypeScript 7, measured in the same run against plain `tsc` 7 on the
// same 200-type project and against the TypeScript 6 `tspc` build of it: cold (SCHEMAOF_CACHE=0, every
// call analysed) and a second build with nothing changed (every file from the cache); then the latency
// of one edited file under `schemaof build --watch`. Printed, never asserted.
import { spawn, spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { generateProject } from "./generateProject.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const runs = Number(process.env.RUNS ?? 7);
const edits = Number(process.env.EDITS ?? 15);
const modules = join(here, "node_modules");
const schemaof = join(modules, "@schemaof", "transformer", "bin", "schemaof.js");

/** The generated project, with its own `typescript` (the one it is built with). */
function project(typescript) {
  const dir = mkdtempSync(join(tmpdir(), "schemaof-bench7-"));
  mkdirSync(join(dir, "node_modules", "@schemaof"), { recursive: true });
  symlinkSync(join(modules, typescript), join(dir, "node_modules", "typescript"));
  symlinkSync(join(modules, "@schemaof", "runtime"), join(dir, "node_modules", "@schemaof", "runtime"));
  symlinkSync(join(modules, "@schemaof", "transformer"), join(dir, "node_modules", "@schemaof", "transformer"));
  generateProject(dir, 200);
  return dir;
}

const ts7 = project("typescript7");
const ts6 = project("typescript6");
const commands = {
  "tsc 7 (plain)": { cwd: ts7, args: [join(modules, "typescript7", "bin", "tsc"), "-p", "tsconfig.plain.json"] },
  "schemaof build, TypeScript 7": { cwd: ts7, args: [schemaof, "build", "-p", "tsconfig.plugin.json"], env: { SCHEMAOF_CACHE: "0" } },
  // The warm-up round below leaves the cache this one reads.
  "schemaof build, nothing changed": { cwd: ts7, args: [schemaof, "build", "-p", "tsconfig.plugin.json"] },
  // ts-patch finds its TypeScript by its own place in the store; TSP_COMPILER_TS_PATH points it at 6.
  "tspc, TypeScript 6 + ts-patch": {
    cwd: ts6,
    args: [join(modules, "ts-patch4", "bin", "tspc.js"), "-p", "tsconfig.plugin.json"],
    env: { TSP_COMPILER_TS_PATH: join(modules, "typescript6") },
  },
};

/** One build: its wall time in ms. */
function wall({ cwd, args, env }) {
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, args, { cwd, encoding: "utf8", env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`${args.join(" ")}: ${result.stdout}${result.stderr}`);
  return Number(process.hrtime.bigint() - started) / 1e6;
}

const times = Object.fromEntries(Object.keys(commands).map((name) => [name, []]));
for (const command of Object.values(commands)) wall(command); // warm the file cache once
for (let i = 0; i < runs; i++) for (const [name, command] of Object.entries(commands)) times[name].push(wall(command));

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
// Within a round the machine is in one state: the median of the rounds' ratios is the figure to read.
const ratio = (a, b) => median(times[a].map((t, i) => t / times[b][i]));
const ours = "schemaof build, TypeScript 7";
console.log(`schemaof build on TypeScript 7: the same 200-type project, median of ${runs} rounds (${process.version})`);
for (const name of Object.keys(commands)) console.log(`  ${name.padEnd(30)} wall ${median(times[name]).toFixed(0)} ms`);
console.log(`  schemaof build / tsc 7        ${ratio(ours, "tsc 7 (plain)").toFixed(2)}x cold, no cache (goal <= 2.00x)`);
console.log(
  `  a second build / tsc 7        ${ratio("schemaof build, nothing changed", "tsc 7 (plain)").toFixed(2)}x, nothing changed: the last build's snapshot, every file from the cache (goal <= 1.20x)`,
);
console.log(`  schemaof build / tspc 6       ${ratio(ours, "tspc, TypeScript 6 + ts-patch").toFixed(2)}x (goal < 1.00x: faster)`);

// Edits under --watch: from writing a source file to its rebuilt output on disk, and to the end of
// the rebuild (tsc's status line). An edit of a type or a description is written before tsc runs
// (cli/sourceEdit); other edits wait for tsc.
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
async function watchEdits(cwd, config, steps) {
  const watcher = spawn(process.execPath, [schemaof, "build", "-p", config, "--watch"], { cwd, stdio: ["ignore", "pipe", "inherit"] });
  let printed = "";
  watcher.stdout.on("data", (chunk) => (printed += chunk));
  async function until(check) {
    for (let waited = 0; waited < 30000; waited += 2) {
      if (check()) return;
      await sleep(2);
    }
    throw new Error(`--watch did not rebuild:\n${printed}`);
  }
  const results = [];
  try {
    await until(() => /Watching for file changes/.test(printed));
    // The project opens in the background after the first build: edits come once it has.
    await sleep(1000);
    for (const { source, output, from, to } of steps) {
      const original = readFileSync(join(cwd, source), "utf8");
      const toOutput = [];
      const toEnd = [];
      for (let i = 0; i < edits; i++) {
        const marker = `Edited ${i} times`;
        const seen = printed.length;
        const started = performance.now();
        writeFileSync(join(cwd, source), original.replace(from, to(marker)));
        await until(() => {
          try {
            return readFileSync(join(cwd, output), "utf8").includes(marker);
          } catch {
            return false;
          }
        });
        toOutput.push(performance.now() - started);
        await until(() => /Watching for file changes/.test(printed.slice(seen)));
        toEnd.push(performance.now() - started);
        await sleep(100);
      }
      writeFileSync(join(cwd, source), original);
      results.push({ output: median(toOutput), end: median(toEnd) });
    }
  } finally {
    watcher.kill();
  }
  return results;
}
const [benchEdit] = await watchEdits(ts7, "tsconfig.plugin.json", [
  {
    source: join("src", "tool5.ts"),
    output: join("dist-plugin", "tool5.js"),
    from: "/** Input of tool 5. */",
    to: (marker) => `/** Input of tool 5. ${marker}. */`,
  },
]);

// A small real project: the médiathèque example (four tools read off functions, the MCP SDK and
// Node's types in its program), its sources copied, its node_modules linked.
const example = join(here, "..", "examples", "mediatheque");
const small = mkdtempSync(join(tmpdir(), "schemaof-bench7-mediatheque-"));
for (const file of ["package.json", "tsconfig.json", "src"]) cpSync(join(example, file), join(small, file), { recursive: true });
symlinkSync(join(example, "node_modules"), join(small, "node_modules"));
const outils = join("src", "outils.ts");
const smallEdits = await watchEdits(small, "tsconfig.json", [
  {
    source: outils,
    output: join("dist", "tools.js"),
    from: "/** The new note; null removes it. */",
    to: (marker) => `/** The new note; null removes it. ${marker}. */`,
  },
  {
    source: outils,
    output: join("dist", "tools.js"),
    from: "Fails when no book has this ISBN.",
    to: (marker) => `Fails when no book has this ISBN. ${marker}.`,
  },
  {
    source: outils,
    output: join("dist", "outils.js"),
    from: "search with rechercherLivres first",
    to: (marker) => `search with rechercherLivres first (${marker})`,
  },
]);
rmSync(small, { recursive: true, force: true });

// The peer: tsc 7.0's own --watch does not rebuild on an edit, so a TypeScript 7 user's rebuild is
// tsc run again with its build info, timed from the edit to its exit (the output is then on disk).
const incremental = [];
const info = join(ts7, "bench.tsbuildinfo");
const tscAgain = [join(modules, "typescript7", "bin", "tsc"), "-p", "tsconfig.plain.json", "--incremental", "--tsBuildInfoFile", info];
wall({ cwd: ts7, args: tscAgain });
const tool5 = join(ts7, "src", "tool5.ts");
const before = readFileSync(tool5, "utf8");
for (let i = 0; i < edits; i++) {
  writeFileSync(tool5, before.replace("/** Input of tool 5. */", `/** Input of tool 5. Again ${i}. */`));
  incremental.push(wall({ cwd: ts7, args: tscAgain }));
}
writeFileSync(tool5, before);
const ms = (value) => `${value.toFixed(0)} ms`;
console.log(`  one edited file under --watch, median of ${edits} edits each (goal <= 150 ms to the schema on disk):`);
console.log(`    200 types, a tool's input type   ${ms(benchEdit.output)} to its rebuilt schema on disk, the rebuild done in ${ms(benchEdit.end)}`);
console.log(
  `    tsc 7 --incremental, run again   ${ms(median(incremental))} after the same edit (its --watch does not rebuild on 7.0): the schema in ${(benchEdit.output / median(incremental)).toFixed(2)}x its time`,
);
const [input, description, code] = smallEdits;
console.log(`    médiathèque (a small real project, the MCP SDK in its program):`);
console.log(`      a tool's input type, another file  ${ms(input.output)} to the schema, the rebuild done in ${ms(input.end)}`);
console.log(`      a tool's description (its JSDoc)   ${ms(description.output)} to the schema, the rebuild done in ${ms(description.end)}`);
console.log(`      code (no schema changes: tsc's)    ${ms(code.output)} to tsc's output, the rebuild done in ${ms(code.end)}`);
for (const dir of [ts7, ts6]) rmSync(dir, { recursive: true, force: true });
