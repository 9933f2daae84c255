#!/usr/bin/env node
// The `schemaof` command: `schemaof build [-p tsconfig.json] [--watch]`, `schemaof check`.
const { spawn } = require("node:child_process");

const watching = process.argv.includes("--watch") || process.argv.includes("-w");
if (watching && !process.send) watchInOwnGroup();
else run();

function run() {
  // tsc 7 starts first, as this command line last started it (cli/early.ts); where nothing changed
  // since that build, it is finished from its snapshot without loading the rest of schemaof.
  // Neither throws (cli/early.ts): whatever goes wrong there, the build goes the usual way.
  const { startEarly, finishEarly } = require("../dist/early.js");
  const early = startEarly(process.argv.slice(2), process.cwd());
  const finished = early && finishEarly(process.argv.slice(2), process.cwd(), early);
  if (!finished) return build(early);
  finished.then((done) => {
    if (!done) return build(early);
    process.stdout.write(done.printed);
    if (done.error) process.stderr.write(done.error);
    process.exitCode = done.code;
  });
}

function build(early) {
  const { main } = require("../dist/cli.js");
  // Ctrl-C under --watch ends the watch the way it ends itself, its compiler process and scratch
  // files with it; any other build stops at once, as tsc does.
  const stop = new AbortController();
  for (const [signal, code] of [
    ["SIGINT", 130],
    ["SIGTERM", 143],
  ])
    process.once(signal, () => (watching ? stop.abort() : process.exit(code)));
  // The watch below runs for a parent that is gone: it ends too.
  process.once("disconnect", () => stop.abort());
  main(
    process.argv.slice(2),
    process.cwd(),
    {
      out: (text) => process.stdout.write(text),
      error: (text) => process.stderr.write(text),
    },
    stop.signal,
    early,
  ).then((code) => {
    process.exitCode = code;
    process.disconnect?.();
  });
}

/**
 * The watch runs in a process group of its own: Ctrl-C reaches every process of the terminal's
 * group, TypeScript 7's compiler among them, which would print "context canceled" as it dies. Here
 * only this process hears it, and ends the watch, which closes the compiler.
 */
function watchInOwnGroup() {
  const child = spawn(process.execPath, [__filename, ...process.argv.slice(2)], { stdio: ["inherit", "inherit", "inherit", "ipc"], detached: true });
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill("SIGTERM"));
  child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
