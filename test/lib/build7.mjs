// Compiles TypeScript files the way a TypeScript 7 project does: the real `schemaof build` over a
// tsconfig that lists them, with the project's own tsc 7 emitting. Returns, per file, what
// compileFiles returns for TypeScript 5/6: the emitted JavaScript, our diagnostics, our lint
// warnings and TypeScript's own errors, each in tsc's format with paths relative to the file's folder.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative } from "node:path";
import { projectOptions } from "./projectOptions.mjs";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
const here = dirname(fileURLToPath(import.meta.url));
const { buildTs7 } = require("@schemaof/transformer/cli");

/** The TypeScript 7 lines, by the test package's aliases. */
export const ts7Lines = [
  { label: "TypeScript 7.0", packageDir: dirname(require.resolve("typescript7/package.json")) },
  { label: "TypeScript 7.1 beta", packageDir: dirname(require.resolve("typescript71/package.json")) },
];

export async function buildFiles(packageDir, files, pluginConfig = {}, compilerOptions = {}) {
  mkdirSync(join(here, "..", ".tmp"), { recursive: true });
  const dir = mkdtempSync(join(here, "..", ".tmp", "build7-"));
  const rootDir = commonDir(files);
  const configFile = join(dir, "tsconfig.json");
  writeFileSync(
    configFile,
    JSON.stringify({
      compilerOptions: projectOptions({ skipLibCheck: true, types: ["node"], outDir: join(dir, "out"), rootDir, ...compilerOptions }, pluginConfig),
      files,
    }),
  );
  let printed = "";
  const console = { out: (text) => (printed += text), error: (text) => (printed += text) };
  const code = await buildTs7({ configFile, cwd: dir, noEmit: false, watch: false }, packageDir, console);
  const blocks = splitDiagnostics(printed, dir);
  const results = new Map();
  for (const file of files) {
    const out = join(dir, "out", relative(rootDir, file)).replace(/\.ts$/, ".js");
    let js = "";
    try {
      js = readFileSync(out, "utf8");
    } catch {
      // a file tsc did not emit
    }
    const mine = blocks.filter((block) => block.file === file);
    const kind = (block) => (/error TS99\d\d\d:/.test(block.text) ? "ours" : /warning TS99\d\d\d:/.test(block.text) ? "warning" : "tsc");
    const text = (which) =>
      mine
        .filter((block) => kind(block) === which)
        .map((block) => block.text.replace(`${relative(dir, dirname(file))}/`, ""))
        .join("");
    results.set(file, { js, diagnostics: text("ours"), warnings: text("warning"), typeErrors: text("tsc") });
  }
  const unplaced = blocks
    .filter((block) => !files.includes(block.file))
    .map((block) => block.text)
    .join("");
  return { results, code, printed, unplaced };
}

/** tsc's plain output, one block per diagnostic (its first line and the indented lines under it). */
function splitDiagnostics(printed, cwd) {
  const blocks = [];
  for (const line of printed.split("\n")) {
    if (line === "") continue;
    const at = /^(.+?)\(\d+,\d+\): /.exec(line);
    if (at || !/^\s/.test(line) || blocks.length === 0) blocks.push({ file: at ? join(cwd, at[1]) : undefined, text: `${line}\n` });
    else blocks[blocks.length - 1].text += `${line}\n`;
  }
  return blocks;
}

function commonDir(files) {
  let dir = dirname(files[0]);
  while (!files.every((file) => file.startsWith(dir + "/"))) dir = dirname(dir);
  return dir;
}
