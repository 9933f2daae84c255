// What the transformer emits, as one text: every fixture, corpus case and unseen-types probe compiled
// on TypeScript 5.9 (the hosts emit alike, which the tests check), each file's diagnostics and
// JavaScript. A change that should not change the output (a restructuring) is checked by comparing
// the text before and after:
//
//   node test/snapshot.mjs before.txt        # on the commit before (built)
//   node test/snapshot.mjs --check before.txt # after the change (built): exit 1 at the first difference
import { readFileSync, writeFileSync, rmSync } from "node:fs";
import { basename, dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { compilers } from "./lib/compilers.mjs";
import { compileFiles, fixtureOptions, formatDiagnostics } from "./lib/compile.mjs";
import { listFixtures, writeWithValidators } from "./lib/fixtures.mjs";
import { writeCorpusCases } from "./lib/corpusCases.mjs";
import { UNSEEN_MODULES, unseenWork, writeProbe } from "./lib/unseenProbes.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const [{ ts }] = compilers;
const args = process.argv.slice(2);
const check = args[0] === "--check";
const named = check ? args[1] : args[0];
if (!named) {
  console.error("usage: node test/snapshot.mjs <file> | --check <file>");
  process.exit(2);
}
const file = resolve(named);
// The programs resolve `types: ["node"]` from the working directory, as the tests run: from test/.
process.chdir(here);

/** `== name ==`, then the file's diagnostics, then its JavaScript, for each file, in order. */
function compiled(label, files, root, program) {
  const results = compileFiles(ts, files, {}, program ?? ts.createProgram(files, fixtureOptions(ts)));
  return files.map((path) => {
    const { js, diagnostics } = results.get(path);
    return `== ${label} ${relative(root, path)} ==\n${formatDiagnostics(ts, diagnostics, path)}\n${js}`;
  });
}

const fixtures = listFixtures();
const parts = compiled("fixture", writeWithValidators(fixtures), join(here, ".tmp"));
const corpusScratch = join(here, ".tmp", "snapshot-corpus");
parts.push(...compiled("corpus", writeCorpusCases(ts, corpusScratch).files, corpusScratch));
const work = unseenWork();
try {
  const probes = UNSEEN_MODULES.map((specifier, i) => writeProbe(ts, work, specifier, i).probe);
  parts.push(...compiled("unseen", probes, work));
} finally {
  rmSync(work, { recursive: true, force: true });
}
// Scratch folders carry the process id: their names are not the output.
const text = parts.join("\n").replace(/fixtures-\d+/g, "fixtures");

if (!check) {
  writeFileSync(file, text);
  console.log(`${parts.length} files, ${text.length} characters written to ${basename(file)}`);
} else {
  const before = readFileSync(file, "utf8").split("\n");
  const after = text.split("\n");
  const at = after.findIndex((line, i) => line !== before[i]);
  if (at < 0 && after.length === before.length) {
    console.log(`the same output: ${parts.length} files, ${text.length} characters`);
  } else {
    const line = at < 0 ? Math.min(after.length, before.length) : at;
    const header = after.slice(0, line + 1).findLast((l) => l.startsWith("== ")) ?? "";
    console.log(`differs at line ${line + 1}, in ${header}\n- ${(before[line] ?? "(end)").slice(0, 400)}\n+ ${(after[line] ?? "(end)").slice(0, 400)}`);
    process.exit(1);
  }
}
