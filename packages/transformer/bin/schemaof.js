#!/usr/bin/env node
// The `schemaof` command: `schemaof build [-p tsconfig.json] [--watch]`, `schemaof check`.
const { main } = require("../dist/cli.js");
// Ctrl-C under --watch ends the watch the way it ends itself, its compiler process and scratch
// files with it; any other build stops at once, as tsc does.
const watching = process.argv.includes("--watch") || process.argv.includes("-w");
const stop = new AbortController();
for (const [signal, code] of [
  ["SIGINT", 130],
  ["SIGTERM", 143],
])
  process.once(signal, () => (watching ? stop.abort() : process.exit(code)));
main(
  process.argv.slice(2),
  process.cwd(),
  {
    out: (text) => process.stdout.write(text),
    error: (text) => process.stderr.write(text),
  },
  stop.signal,
).then((code) => {
  process.exitCode = code;
});
