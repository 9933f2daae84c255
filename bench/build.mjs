// pnpm bench: the cost of schemaof at build time, measured against the same project built without it.
// Generates 200 tool-input types, one schemaOf call each, and prints medians and ratios.
// Nothing here is asserted: benchmarks are read, not tested.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";
import { generateProject } from "./generateProject.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const runs = Number(process.env.RUNS ?? 7);
const work = mkdtempSync(join(tmpdir(), "schemaof-bench-"));
symlinkSync(join(here, "node_modules"), join(work, "node_modules"));
const count = generateProject(work, 200);
const tspc = join(here, "node_modules", "ts-patch", "bin", "tspc.js");

const cpuFile = join(work, "cpu-time");

/** One `tspc -p config`: its wall time and its CPU time, in ms. */
function build(config, env = {}) {
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, ["--require", join(here, "cpuTime.cjs"), tspc, "-p", config], {
    cwd: work,
    encoding: "utf8",
    env: { ...process.env, SCHEMAOF_CPU_FILE: cpuFile, ...env },
  });
  if (result.status !== 0) throw new Error(result.stdout + result.stderr);
  return { wall: Number(process.hrtime.bigint() - started) / 1e6, cpu: Number(readFileSync(cpuFile, "utf8")) };
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const bytes = (dir) =>
  readdirSync(dir)
    .filter((f) => f.endsWith(".js"))
    .reduce((n, f) => n + statSync(join(dir, f)).size, 0);

const plain = [];
const plugin = [];
const warm = [];
build("tsconfig.plain.json"); // warm the file cache once
build("tsconfig.plugin.json"); // and fill schemaof's
for (let i = 0; i < runs; i++) {
  plain.push(build("tsconfig.plain.json"));
  // Cold: every call analysed (SCHEMAOF_CACHE=0); warm: nothing changed, every file's rewrite from the cache.
  plugin.push(build("tsconfig.plugin.json", { SCHEMAOF_CACHE: "0" }));
  warm.push(build("tsconfig.plugin.json"));
}
const plainBytes = bytes(join(work, "dist-plain"));
const pluginBytes = bytes(join(work, "dist-plugin"));
const require = createRequire(join(work, "x.js"));
let schemaBytes = 0;
for (const file of readdirSync(join(work, "dist-plugin")).filter((f) => f.endsWith(".js"))) {
  schemaBytes += JSON.stringify(require(join(work, "dist-plugin", file)).schema).length;
}

const ms = (n) => `${n.toFixed(0)} ms`;
// Each run builds plain then with the plugin, back to back; the ratio of a pair cancels the machine's
// drift between runs, and the median of the pairs' ratios is the figure to read.
const ratio = (measure, runs = plugin) => median(runs.map((run, i) => run[measure] / plain[i][measure]));
const of = (runs, measure) => median(runs.map((run) => run[measure]));
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(`schemaof build benchmark: ${count} tool-input types, one schemaOf call each, median of ${runs} runs (${process.version})`);
console.log(`  tspc without the plugin   wall ${ms(of(plain, "wall"))}, CPU ${ms(of(plain, "cpu"))}`);
console.log(`  tspc with @schemaof       wall ${ms(of(plugin, "wall"))}, CPU ${ms(of(plugin, "cpu"))} (cold: no cache)`);
console.log(
  `  again, nothing changed    wall ${ms(of(warm, "wall"))}, CPU ${ms(of(warm, "cpu"))}: ${ratio("wall", warm).toFixed(2)}x the plain build (every file from the cache; goal <= 1.20x)`,
);
console.log(
  `  with / without            wall ${ratio("wall").toFixed(2)}x, CPU ${ratio("cpu").toFixed(2)}x the plain build (goal <= 1.10x; median of the runs' ratios)`,
);
console.log(`  emitted JavaScript        plain ${kb(plainBytes)}, with schemaof ${kb(pluginBytes)}`);
console.log(`  schemas as JSON           ${kb(schemaBytes)}`);
console.log(`  added bytes / schema JSON ${((pluginBytes - plainBytes) / schemaBytes).toFixed(2)}x (goal <= 1.00x: no more bytes than the schemas themselves)`);
console.log(`  for comparison, cited by the project: typia 12 at 2.5x plain tsc, 1.84 MB emitted against 28 KB plain`);
rmSync(work, { recursive: true, force: true });
