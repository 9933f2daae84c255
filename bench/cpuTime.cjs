// Preloaded into each measured `tspc` (node --require): writes the process's own CPU time
// (user + system, in ms) to the file named by SCHEMAOF_CPU_FILE when it exits. On a shared machine
// the wall clock also counts time spent waiting for a core; CPU time counts only the build's work.
const { writeFileSync } = require("node:fs");
process.on("exit", () => {
  const { user, system } = process.cpuUsage();
  writeFileSync(process.env.SCHEMAOF_CPU_FILE, String((user + system) / 1000));
});
