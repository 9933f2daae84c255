// The corpus's cases: each test/corpus/*.ts beside a module of its cases, one call per line
// (`[name, flat, refs, check]`), written into a scratch folder. corpus.test runs them; snapshot.mjs
// prints what they compile to.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const corpusDir = join(dirname(fileURLToPath(import.meta.url)), "..", "corpus");
export const KINDS = ["flat", "refs", "check"];

/** The types a corpus file exports that can be named bare, each with the diagnostics it expects. */
function exportedTypes(ts, file) {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const out = [];
  for (const statement of source.statements) {
    const declares =
      ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement) || ts.isClassDeclaration(statement) || ts.isEnumDeclaration(statement);
    if (!declares || !statement.name) continue;
    if (!statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
    if (statement.typeParameters?.some((parameter) => !parameter.default)) continue;
    const comments = (ts.getLeadingCommentRanges(source.text, statement.pos) ?? []).map((range) => source.text.slice(range.pos, range.end));
    const expects = {};
    for (const [, kind, code] of comments.join("\n").matchAll(/\/\/ expect: (flat|refs|check|all) (TS\d+)/g)) {
      for (const k of kind === "all" ? KINDS : [kind]) expects[k] = code;
    }
    out.push({ name: statement.name.text, expects });
  }
  return out;
}

/** Writes the corpus and its cases into `scratch`; returns every file to compile and the cases, with their lines. */
export function writeCorpusCases(ts, scratch) {
  mkdirSync(scratch, { recursive: true });
  writeFileSync(join(scratch, "package.json"), JSON.stringify({ type: "commonjs" }));
  const files = [];
  const cases = [];
  for (const entry of readdirSync(corpusDir)
    .filter((name) => name.endsWith(".ts"))
    .sort()) {
    const stem = basename(entry, ".ts");
    const corpusFile = join(scratch, entry);
    writeFileSync(corpusFile, readFileSync(join(corpusDir, entry), "utf8"));
    const lines = [
      `import { schemaOf, validateArgs } from "@schemaof/runtime";`,
      `import type * as C from "./${stem}.js";`,
      `export const cases: unknown[][] = [];`,
    ];
    const casesFile = join(scratch, `${stem}.cases.ts`);
    for (const type of exportedTypes(ts, join(corpusDir, entry))) {
      const at = { file: casesFile, corpus: entry, ...type, lines: {} };
      lines.push(`cases.push(["${type.name}",`);
      at.lines.flat = lines.push(`  () => schemaOf<C.${type.name}>(),`);
      at.lines.refs = lines.push(`  () => schemaOf<C.${type.name}>({ refs: true }),`);
      at.lines.check = lines.push(`  (args: unknown) => validateArgs<C.${type.name}>(args),`);
      lines.push(`]);`);
      cases.push(at);
    }
    writeFileSync(casesFile, lines.join("\n") + "\n");
    files.push(corpusFile, casesFile);
  }
  return { files, cases };
}
