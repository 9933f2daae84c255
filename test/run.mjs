// Runs every test file with uvu, each in its own process, two or more at once, and ends with the one
// line CI reads: `N passed, N failed`. A file's output is printed whole when it ends, so files never
// interleave; the slowest start first, so the run ends soon after the longest file.
//
// `node run.mjs [pattern]`: the files whose names match (default: every `*.test.mjs`).
// TEST_JOBS=n: how many files run at once (default: the cores, at least 2: much of a file's time is
// spent waiting on child processes and npm).
// TEST_FILE_LIMIT_S=n: a file still running after n seconds (default 600) is stopped and counts as
// failed, so that one hung file cannot keep CI from its summary line.
import { spawn } from "node:child_process";
import { readFileSync, readdirSync, rmSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";

const here = dirname(fileURLToPath(import.meta.url));
const pattern = new RegExp(process.argv[2] ?? "\\.test\\.mjs$");
const uvu = join(here, "node_modules", "uvu", "bin.js");
const jobs = Math.max(1, Number(process.env.TEST_JOBS) || Math.max(2, availableParallelism()));
const fileLimitMs = 1000 * (Number(process.env.TEST_FILE_LIMIT_S) || 600);
/** How long a file's output may stay open after its process ended: past it, what holds it is a leak. */
const PIPE_GRACE_MS = 2000;

// Files that build and start the médiathèque example in its own folder: one at a time, in one lane.
const SHARED_EXAMPLE = ["mediatheque.test.mjs", "serving.test.mjs", "protocol.test.mjs", "scale.test.mjs"];
// The files that take longest (about a minute or more each), started first.
const SLOWEST = ["unseen-types.test.mjs", "consumer.test.mjs", "cache.test.mjs", "bundlers.test.mjs", "generative.test.mjs"];

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
for (const { file, why } of broken) console.log(`${file}: ${why}`);
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

/**
 * One file in its own uvu process; its output, printed when it ends; its counts, added.
 * The process leads a process group of its own, so that what it started (servers, nginx, compilers)
 * is stopped with it: a child left running would hold the output pipe open, and the run would wait
 * on it for ever.
 */
function runFile(file) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [uvu, here, `^${file.replace(/\./g, "\\.")}$`], {
      cwd: here,
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    const out = [];
    const notes = [];
    child.stdout.on("data", (chunk) => out.push(chunk));
    child.stderr.on("data", (chunk) => out.push(chunk));
    const limit = setTimeout(() => {
      notes.push(`${file}: still running after ${fileLimitMs / 1000} s, stopped (TEST_FILE_LIMIT_S)`);
      stopGroup(child.pid);
    }, fileLimitMs);
    let status = null;
    let done = false;
    const finish = async () => {
      if (done) return;
      done = true;
      clearTimeout(limit);
      // Whatever the file left running goes with it; what is still ending on its own (a compiler
      // service whose input just closed) is given a second first.
      for (let waited = 0; waited < PIPE_GRACE_MS / 2 && groupAlive(child.pid); waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
      if (groupAlive(child.pid)) {
        notes.push(`${file}: left processes running a second after it ended; they were stopped`);
        stopGroup(child.pid);
      }
      const text = Buffer.concat(out).toString("utf8");
      process.stdout.write(text.endsWith("\n") ? text : `${text}\n`);
      for (const note of notes) console.log(note);
      const number = (label) => Number(text.match(new RegExp(`${label}:\\s+(\\d+)`))?.[1] ?? NaN);
      const [t, p] = [number("Total"), number("Passed")];
      if (!Number.isFinite(t) || !Number.isFinite(p)) broken.push({ file, why: "ended without uvu's summary (a crash, a stop, or an error outside a test)" });
      else {
        total += t;
        passed += p;
        skipped += number("Skipped") || 0;
        // A file whose tests all passed but that exited non-zero (an error after them) counts as failed.
        if (status !== 0 && t === p) broken.push({ file, why: `every test passed, but it ended with ${status}` });
      }
      resolve();
    };
    child.on("exit", (code, signal) => {
      status = code ?? signal;
      // The output pipes close once everything writing to them has ended: give a grandchild a moment.
      setTimeout(finish, PIPE_GRACE_MS).unref();
    });
    child.on("close", finish);
  });
}

/**
 * Whether a process of the group still runs. A zombie does not count: one that ended and whose parent
 * ended before reaping it (TypeScript 7's API process, closed as the test file's process exits) holds
 * nothing open, and init reaps it; on Linux the group's processes are read off /proc to tell them apart.
 */
function groupAlive(pid) {
  try {
    process.kill(-pid, 0);
  } catch {
    return false;
  }
  if (process.platform !== "linux") return true;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue; // ended meanwhile
    }
    // After the command's name in parentheses: state, parent, process group.
    const [state, , group] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (Number(group) === pid && state !== "Z") return true;
  }
  return false;
}

function stopGroup(pid) {
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // Already gone.
  }
}
