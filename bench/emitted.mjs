// pnpm bench: how much JavaScript schemaof emits, against typia 12 compiling the same types in the
// same run. Two rows, each with its goal (issue 28):
// - 200 tool-input types, one schemaOf and one validateArgs each (typia: llm.parameters and validate),
//   the modules' bytes as tspc writes them, against plain tsc and typia;
// - one validateArgs<Search> module bundled by esbuild, minified and gzipped, against typia.validate.
// Printed, never asserted.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { esmOptions, generateProject, typiaTypes } from "./generateProject.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const work = mkdtempSync(join(tmpdir(), "schemaof-emitted-"));
const TYPIA_ONE = 1345;
const HAND_ONE = 444;

function tspc(dir, config) {
  const result = spawnSync(process.execPath, [join(here, "node_modules", "ts-patch", "bin", "tspc.js"), "-p", config], { cwd: dir, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`tspc -p ${config} in ${dir}:\n${result.stdout}${result.stderr}`);
}
const bytes = (dir) =>
  readdirSync(dir)
    .filter((f) => f.endsWith(".js"))
    .reduce((n, f) => n + statSync(join(dir, f)).size, 0);
/** A project folder that resolves the bench's packages. */
function project(name) {
  const dir = join(work, name);
  mkdirSync(dir);
  symlinkSync(join(here, "node_modules"), join(dir, "node_modules"));
  return dir;
}
/** typia's transform, run where it can be; otherwise why not, and the cited figures stand. */
function tryTypia(what, run) {
  try {
    return run();
  } catch (error) {
    console.log(`  (typia could not ${what} here: ${String(error.message).split("\n").slice(0, 3).join(" ")})`);
    return undefined;
  }
}

// 200 types with schemaOf + validateArgs each, built plain and with the plugin; the same with typia.
const ours = project("schemaof");
const count = generateProject(ours, 200, { validate: true });
tspc(ours, "tsconfig.plain.json");
tspc(ours, "tsconfig.plugin.json");
const plain = bytes(join(ours, "dist-plain"));
const emitted = bytes(join(ours, "dist-plugin"));
const typia = tryTypia("compile the 200 types", () => {
  const dir = project("typia");
  generateProject(dir, 200, { validate: true, peer: "typia" });
  tspc(dir, "tsconfig.plugin.json");
  return bytes(join(dir, "dist-plugin"));
});

// One validator: validateArgs<Search> (typia.validate<Search>) as an ES module, bundled.
const SEARCH = `export interface Search {
  query: string & MinLength<1>;
  langue?: string & Pattern<"^[a-z]{2}$">;
  limite?: Integer & Minimum<1> & Maximum<100>;
  sort?: "relevance" | "title" | "year";
}
`;
const esm = (dir, source, transform) => {
  writeFileSync(join(dir, "one.ts"), source);
  writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions: esmOptions("dist", transform), files: ["one.ts"] }));
  tspc(dir, "tsconfig.json");
};
/** The module bundled alone, minified, then gzipped: its bytes. */
async function bundled(dir) {
  const out = await build({ entryPoints: [join(dir, "dist", "one.js")], bundle: true, minify: true, format: "esm", platform: "neutral", write: false });
  return gzipSync(out.outputFiles[0].contents).length;
}
const oneDir = project("one");
esm(
  oneDir,
  `import { validateArgs, type Integer, type Maximum, type MinLength, type Minimum, type Pattern } from "@schemaof/runtime";\n${SEARCH}export const check = (args: unknown) => validateArgs<Search>(args);\n`,
  "@schemaof/transformer",
);
const one = await bundled(oneDir);
const typiaOne = await tryTypia("compile one validator", () => {
  const dir = project("typia-one");
  esm(
    dir,
    `import typia, { tags } from "typia";\n${typiaTypes(SEARCH)}export const check = (args: unknown) => typia.validate<Search>(args);\n`,
    "typia/lib/transform",
  );
  return bundled(dir);
});

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const ratio = (a, b) => `${(a / b).toFixed(2)}x`;
console.log(`schemaof emitted-code benchmark (${process.version}): what the build writes, against typia 12 in the same run`);
console.log(`  ${count} types, schemaOf + validateArgs each (tspc, CommonJS, as written to disk):`);
console.log(`    plain tsc                 ${kb(plain)}`);
console.log(`    with schemaof             ${kb(emitted)} (${kb(emitted - plain)} over plain, ${((emitted - plain) / count / 1024).toFixed(1)} KB a type)`);
if (typia) {
  console.log(`    typia (llm.parameters + validate) ${kb(typia)} (${kb(typia - plain)} over plain)`);
  console.log(`    schemaof / typia          ${ratio(emitted, typia)} (goal <= 0.50x), over plain ${ratio(emitted - plain, typia - plain)}`);
} else console.log(`    schemaof / typia (cited 1.84 MB) ${ratio(emitted, 1.84 * 1024 * 1024)} (goal <= 0.50x)`);
console.log(`  one validateArgs<Search> module, bundled by esbuild, min+gzip:`);
console.log(`    schemaof                  ${one} B`);
const peerOne = typiaOne ?? TYPIA_ONE;
console.log(`    typia.validate            ${peerOne} B${typiaOne ? "" : " (cited)"}; hand-written ${HAND_ONE} B (cited)`);
console.log(`    schemaof / typia          ${ratio(one, peerOne)} (goal <= 1.00x)`);
rmSync(work, { recursive: true, force: true });
