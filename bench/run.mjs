// pnpm bench: the build-time benchmarks (tspc with and without the plugin; schemaof build on TypeScript 7
// against tsc 7 and tspc 6, and an edit under --watch; the bundler plugin and the tsx loader), the
// emitted code against typia's (bench/emitted.mjs), then the run-time one. Numbers are printed,
// never asserted. Last, the stall one hostile request causes a server (bench/serve.mjs).
import { spawnSync } from "node:child_process";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
for (const script of ["build.mjs", "build7.mjs", "bundle.mjs", "emitted.mjs", "validate.mjs", "serve.mjs"]) {
  const run = spawnSync(process.execPath, [join(here, script)], { stdio: "inherit" });
  if (run.status !== 0) process.exit(run.status ?? 1);
  console.log();
}
