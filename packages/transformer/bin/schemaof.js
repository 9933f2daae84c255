#!/usr/bin/env node
// The `schemaof` command: `schemaof build [-p tsconfig.json] [--watch]`, `schemaof check`.
const { main } = require("../dist/cli.js");
main(process.argv.slice(2), process.cwd(), {
  out: (text) => process.stdout.write(text),
  error: (text) => process.stderr.write(text),
}).then((code) => {
  process.exitCode = code;
});
