// pnpm bench: `schemaof build` on TypeScript 7, measured in the same run against plain `tsc` 7 on the
// same 200-type project and against the TypeScript 6 `tspc` build of it: cold (SCHEMAOF_CACHE=0, every
// call analysed) and a second build with nothing changed (every file from the cache); then the latency
// of one edited file under `schemaof build --watch`. Printed, never asserted.
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
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

// One edit under --watch: the time from writing a source file to its rebuilt output on disk.
const watcher = spawn(process.execPath, [schemaof, "build", "-p", "tsconfig.plugin.json", "--watch"], { cwd: ts7, stdio: ["ignore", "pipe", "inherit"] });
let printed = "";
watcher.stdout.on("data", (chunk) => (printed += chunk));
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(check) {
  for (let waited = 0; waited < 30000; waited += 2) {
    if (check()) return;
    await sleep(2);
  }
  throw new Error(`--watch did not rebuild:\n${printed}`);
}
const latencies = [];
try {
  await edit();
} finally {
  watcher.kill();
}
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
console.log(`  one edited file under --watch ${median(latencies).toFixed(0)} ms to its rebuilt schema on disk, median of ${edits} edits (goal <= 150 ms)`);
console.log(
  `  tsc 7 --incremental, run again ${median(incremental).toFixed(0)} ms after the same edit (its --watch does not rebuild on 7.0): --watch is ${(median(latencies) / median(incremental)).toFixed(2)}x it`,
);
for (const dir of [ts7, ts6]) rmSync(dir, { recursive: true, force: true });

async function edit() {
  await until(() => /Watching for file changes/.test(printed));
  const source = join(ts7, "src", "tool5.ts");
  const output = join(ts7, "dist-plugin", "tool5.js");
  const original = readFileSync(source, "utf8");
  for (let i = 0; i < edits; i++) {
    const marker = `Edited ${i} times.`;
    const started = performance.now();
    writeFileSync(source, original.replace("/** Input of tool 5. */", `/** Input of tool 5. ${marker} */`));
    await until(() => {
      try {
        return readFileSync(output, "utf8").includes(marker);
      } catch {
        return false;
      }
    });
    latencies.push(performance.now() - started);
    await sleep(100);
  }
}
