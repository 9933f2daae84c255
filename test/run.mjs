// Runs every test file with uvu, each in its own process, two or more at once, and ends with the one
// line CI reads: `N passed, N failed`. A file's output is printed whole when it ends, so files never
// interleave; the slowest start first, so the run ends soon after the longest file.
//
// `node run.mjs [pattern]`: the files whose names match (default: every `*.test.mjs`).
// TEST_JOBS=n: how many files run at once (default: the cores, at least 2: much of a file's time is
// spent waiting on child processes and npm).
import { spawn } from "node:child_process";
import { readdirSync, rmSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";

const here = dirname(fileURLToPath(import.meta.url));
const pattern = new RegExp(process.argv[2] ?? "\\.test\\.mjs$");
const uvu = join(here, "node_modules", "uvu", "bin.js");
const jobs = Math.max(1, Number(process.env.TEST_JOBS) || Math.max(2, availableParallelism()));

// Files that build and start the médiathèque example in its own folder: one at a time, in one lane.
const SHARED_EXAMPLE = ["mediatheque.test.mjs", "serving.test.mjs"];
// The files that take longest (about a minute or more each), started first.
const SLOWEST = ["unseen-types.test.mjs", "consumer.test.mjs", "bundlers.test.mjs", "generative.test.mjs"];

// The scratch folder the tests compile into starts empty on every run, so it does not grow.
rmSync(join(here, ".tmp"), { recursive: true, force: true });

const files = readdirSync(here)
  .filter((name) => name.endsWith(".test.mjs") && pattern.test(name))
  .sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : 1));
// A lane is what one process runs in turn: a file, or the files that share the example.
const lanes = [];
for (const file of files) {
  const shared = SHARED_EXAMPLE.includes(file) && lanes.find((lane) => SHARED_EXAMPLE.includes(lane[0]));
  if (shared) shared.push(file);
  else lanes.push([file]);
}

let total = 0;
let passed = 0;
let skipped = 0;
const broken = [];
await Promise.all(Array.from({ length: Math.min(jobs, lanes.length) }, worker));

const failed = total - passed - skipped + broken.length;
for (const file of broken) console.log(`${file}: ended without uvu's summary (a crash, or an error outside a test)`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed === 0 ? 0 : 1);

function rank(file) {
  const at = SLOWEST.indexOf(file);
  return at < 0 ? SLOWEST.length : at;
}

async function worker() {
  for (let lane = lanes.shift(); lane; lane = lanes.shift()) {
    for (const file of lane) await runFile(file);
  }
}

/** One file in its own uvu process; its output, printed when it ends; its counts, added. */
function runFile(file) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [uvu, here, `^${file.replace(/\./g, "\\.")}$`], { cwd: here, stdio: ["ignore", "pipe", "pipe"] });
    const out = [];
    child.stdout.on("data", (chunk) => out.push(chunk));
    child.stderr.on("data", (chunk) => out.push(chunk));
    child.on("close", (status) => {
      const text = Buffer.concat(out).toString("utf8");
      process.stdout.write(text.endsWith("\n") ? text : `${text}\n`);
      const number = (label) => Number(text.match(new RegExp(`${label}:\\s+(\\d+)`))?.[1] ?? NaN);
      const [t, p] = [number("Total"), number("Passed")];
      if (!Number.isFinite(t) || !Number.isFinite(p)) broken.push(file);
      else {
        total += t;
        passed += p;
        skipped += number("Skipped") || 0;
        // A file whose tests all passed but that exited non-zero (an error after them) counts as failed.
        if (status !== 0 && t === p) broken.push(file);
      }
      resolve();
    });
  });
}
