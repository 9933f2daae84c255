// Runs every test file with uvu and ends with the one line CI reads: `N passed, N failed`.
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";

const here = dirname(fileURLToPath(import.meta.url));
const pattern = process.argv[2] ?? "\\.test\\.mjs$";
const uvu = join(here, "node_modules", "uvu", "bin.js");
// The scratch folder the tests compile into starts empty on every run, so it does not grow.
rmSync(join(here, ".tmp"), { recursive: true, force: true });
const run = spawnSync(process.execPath, [uvu, here, pattern], {
  cwd: here,
  encoding: "utf8",
  stdio: ["ignore", "pipe", "inherit"],
  maxBuffer: 256 * 1024 * 1024,
});
process.stdout.write(run.stdout ?? "");
const number = (label) => Number((run.stdout ?? "").match(new RegExp(`${label}:\\s+(\\d+)`))?.[1] ?? NaN);
const total = number("Total");
const passed = number("Passed");
const skipped = number("Skipped") || 0;
if (!Number.isFinite(total) || !Number.isFinite(passed)) {
  console.log("0 passed, 1 failed");
  process.exit(1);
}
const failed = total - passed - skipped;
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed === 0 && run.status === 0 ? 0 : 1);
