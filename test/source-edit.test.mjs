// --watch on TypeScript 7 writes a schema before tsc runs when an edit's JavaScript is known
// without tsc (packages/transformer/src/cli/sourceEdit.ts). Each edit here is built by the real
// tsc 7 before and after, with inline maps (what the build asks for when the project wants none) and
// with map files: where the edit is said to be known, the JavaScript and map foretold must be tsc's,
// byte for byte.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
const ts = require("typescript");
const { sourceEdit, outputAfter } = require("@schemaof/transformer/stages");
const here = dirname(fileURLToPath(import.meta.url));
const tsc7 = join(dirname(require.resolve("typescript7/package.json")), "bin", "tsc");
const kinds = {
  interface: ts.SyntaxKind.InterfaceDeclaration,
  typeAlias: ts.SyntaxKind.TypeAliasDeclaration,
  computedName: ts.SyntaxKind.ComputedPropertyName,
};

const TYPE = `import { x } from "./base.js";
/** What a search takes. */
export interface Search {
  query: string;
  limit?: number;
}
export type Sort = "title" | "year";
export const search = (input: Search, sort: Sort) => input.query + sort + x;
`;
const DOCS = `import { x } from "./base.js";
/**
 * Finds books by title.
 * @param query Words of the title
 */
export function find(query: string): string {
  /*
   * The catalogue is small: a scan.
   */
  return query + x; // the match
}
export class Shelf {
  /**
   * Lends a book.
   */
  lend(isbn: string): string {
    return isbn;
  }
}
/** A short one. */
export const label = "a /* not a comment */ b";
export const template = \`// not one either \${x}\`;

/**
 * Detached: tsc keeps it.
 */

export const n = 1;
`;

const TABS = `export class Desk {
\t/**
\t * Opens the desk.
\t *
\t * Then closes it.
\t */
\topen(): number {
\t\treturn 1;
\t}
}
`;
const CRLF = DOCS.replace(/\n/g, "\r\n");
const ACCENTED = `/** Café du coin. */
export const cafe = "é";
`;
const LAST_LINE = `/**
 * Finds it. Then it ends. */
export function last(): number {
  return 1;
}
`;
const INLINE_DOC = `/** Short. */ export const inline = 1;
`;
const ACROSS = `/** alpha
 * beta */
export function f() {
  return 1;
}
`;
const JOINED = `export const h = () => /* c */
  1;
`;
const SEPARATED = `export const s = "a\u2028b";
// note
export const y = 2;
`;
const ENUM_VALUE = `const enum E {
  A = 1,
}
export let t: /* E.A */
  number = E.A;
`;
const KEYED = `import { k } from "./base.js";
export interface Keyed {
  x: string;
}
export const y = 1;
`;
// tsc drops the overload's JSDoc and trims the implementation's trailing space: the two read alike in the output.
const OVERLOADS = `/**
 * Finds a book.
 */
export function find(title: string): string;
/**
 * Finds a book.${" "}
 */
export function find(title: string): string {
  return title;
}
`;

/**
 * Each edit: its name, the file before and after, and what it must be: known without tsc ("types",
 * "comment": foretold as tsc writes it), not known (undefined), "maybe" (if foretold, as tsc writes
 * it), or "unforetold" (whatever its kind, its JavaScript is left to tsc).
 */
const EDITS = [
  ["an interface's JSDoc", TYPE, TYPE.replace("What a search takes.", "What a search for books takes, in words."), "types"],
  ["a property added on a line of the interface", TYPE, TYPE.replace("limit?: number;", "limit?: number; offset?: number;"), "types"],
  ["a type alias's members", TYPE, TYPE.replace('"title" | "year"', '"title" | "year" | "author"'), "types"],
  ["a line added to the interface", TYPE, TYPE.replace("limit?: number;", "limit?: number;\n  offset?: number;"), undefined],
  ["the interface renamed", TYPE, TYPE.replace("interface Search {", "interface Query {"), undefined],
  ["code", TYPE, TYPE.replace("input.query + sort", "sort + input.query"), undefined],
  ["a function's JSDoc, a middle line", DOCS, DOCS.replace("Finds books by title.", "Finds the books whose title holds the words."), "comment"],
  ["a JSDoc tag's text", DOCS, DOCS.replace("Words of the title", "Words the title holds"), "comment"],
  // Indented comments: tsc writes their lines at the output's indentation.
  ["a block comment in a body", DOCS, DOCS.replace("small: a scan.", "small enough: one scan over it."), "comment"],
  ["a method's JSDoc", DOCS, DOCS.replace("Lends a book.", "Lends a book to a reader."), "comment"],
  ["a method's JSDoc, indented with tabs", TABS, TABS.replace("Opens the desk.", "Opens the front desk."), "comment"],
  ["a line after an empty one", TABS, TABS.replace("Then closes it.", "Then closes it again."), "comment"],
  ["a comment line emptied (tsc writes it bare)", TABS, TABS.replace("Then closes it.", ""), "maybe"],
  ["a comment line indented otherwise", DOCS, DOCS.replace(" * Finds books by title.", "    * Finds books by title."), "maybe"],
  ["a function's JSDoc, CRLF line ends", CRLF, CRLF.replace("Finds books by title.", "Finds the books whose title holds the words."), "comment"],
  ["a detached comment", DOCS, DOCS.replace("Detached: tsc keeps it.", "Detached: tsc keeps this one."), "comment"],
  // On a comment's last line its end moves, and tsc maps it: the map is foretold too.
  ["a one-line JSDoc", DOCS, DOCS.replace("A short one.", "A short one, longer."), "comment"],
  ["a one-line JSDoc, accented", ACCENTED, ACCENTED.replace("Café du coin.", "Café du coin, où l'on boit."), "comment"],
  ["a JSDoc's last line", LAST_LINE, LAST_LINE.replace("Then it ends.", "Then it ends, at last."), "comment"],
  [
    "a method's one-line JSDoc",
    TABS.replace("Opens the desk.\n\t *\n\t * Then closes it.\n\t */", "Opens. */"),
    TABS.replace("Opens the desk.\n\t *\n\t * Then closes it.\n\t */", "Opens it. */"),
    "comment",
  ],
  ["a one-line JSDoc with code after it on its line", INLINE_DOC, INLINE_DOC.replace("Short.", "Shorter still."), undefined],
  ["a line comment", DOCS, DOCS.replace("the match", "the match, if any"), "comment"],
  // Found by a second review.
  ["an edit from a comment's first line to its last", ACROSS, ACROSS.replace("alpha\n * beta", "alpha one\n * beta two"), "comment"],
  ["a comment tsc writes before code on its line", JOINED, JOINED.replace("/* c */", "/* cc */"), "comment"],
  ["a comment that ends the file", `export const x = 1;\n/* note */`, `export const x = 1;\n/* note more */`, "comment"],
  ["a line comment with spaces after it", `export const x = 1; // note  \n`, `export const x = 1; // note more  \n`, "comment"],
  ["a comment after a line separator in a string", SEPARATED, SEPARATED.replace("// note", "// note more"), "comment"],
  ["a comment that a const enum's value writes too", ENUM_VALUE, ENUM_VALUE.replace("/* E.A */", "/* E.A more */"), "unforetold"],
  ["a string that looks like a comment", DOCS, DOCS.replace("not a comment", "still not a comment"), undefined],
  ["a template that looks like a comment", DOCS, DOCS.replace("not one either", "not one at all"), undefined],
  ["a comment closed early", DOCS, DOCS.replace("small: a scan.", "small */ x; /*"), undefined],
  // Found by review: edits inside a type that change JavaScript after all.
  ["`export` taken off the interface (the file's exports change)", TYPE, TYPE.replace("export interface Search", "interface Search"), undefined],
  ["`export` put on the type alias", TYPE.replace("export type Sort", "type Sort"), TYPE, undefined],
  ["a computed property name (a value's use keeps its import)", KEYED, KEYED.replace("x: string;", "[k]: string;"), undefined],
  ["a computed property name taken away", KEYED.replace("x: string;", "[k]: string;"), KEYED, undefined],
  ["an unterminated template (it swallows the code after it)", TYPE, TYPE.replace("query: string;", "query: `string;"), undefined],
  ["an overload's JSDoc, whose twin differs only by a trailing space", OVERLOADS, OVERLOADS.replace("Finds a book.\n", "Finds the book.\n"), undefined],
];

/** Every edit's file before and after, built by tsc 7 with these options: each output's JavaScript and map. */
function built(options) {
  const dir = mkdtempSync(join(here, ".tmp", "source-edit-"));
  const outputs = {};
  try {
    for (const side of ["before", "after"]) {
      mkdirSync(join(dir, side, "src"), { recursive: true });
      writeFileSync(join(dir, side, "src", "base.ts"), 'export const x = 1;\nexport const k = "k";\n');
      EDITS.forEach((edit, i) => writeFileSync(join(dir, side, "src", `edit${i}.ts`), side === "before" ? edit[1] : edit[2]));
      const args = [tsc7, "--outDir", join(dir, side, "dist"), "--rootDir", join(dir, side, "src"), "--module", "nodenext", "--target", "es2022", ...options];
      const result = spawnSync(process.execPath, [...args, ...EDITS.map((_, i) => join(dir, side, "src", `edit${i}.ts`))], { encoding: "utf8" });
      // A renamed interface leaves a type error: tsc still writes the JavaScript (exit code 2).
      assert.ok(result.status === 0 || result.status === 2, result.stdout + result.stderr);
      outputs[side] = EDITS.map((_, i) => {
        const file = join(dir, side, "dist", `edit${i}.js`);
        const map = options.includes("--sourceMap") ? readFileSync(`${file}.map`, "utf8") : undefined;
        return { code: readFileSync(file, "utf8"), ...(map === undefined ? {} : { map }) };
      });
    }
    return outputs;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

mkdirSync(join(here, ".tmp"), { recursive: true });
const side = (text) => ({ text, sourceFile: ts.createSourceFile("edit.ts", text, ts.ScriptTarget.ES2022, true) });

for (const options of [["--inlineSourceMap"], ["--sourceMap"]]) {
  test(`each edit is told apart, and the JavaScript foretold is tsc 7's (${options[0]})`, () => {
    const { before, after } = built(options);
    EDITS.forEach(([name, was, now, expected], i) => {
      const edit = sourceEdit(side(was), side(now), kinds);
      if (expected === undefined) return assert.is(edit, undefined, `${name}: not known without tsc`);
      if (expected === "unforetold") return assert.is(edit && outputAfter(edit, before[i]), undefined, `${name}: left to tsc`);
      if (expected !== "maybe") assert.is(edit?.kind, expected, name);
      const foretold = edit && outputAfter(edit, before[i]);
      if (expected === "types" || expected === "comment") assert.ok(foretold, `${name}: foretold`);
      if (foretold) assert.equal(foretold, after[i], `${name}: as tsc 7 writes it`);
    });
  });
}

test("no edit is known without tsc", () => {
  const edit = sourceEdit(side(TYPE), side(TYPE), kinds);
  assert.equal(edit, { kind: "types" });
  assert.equal(outputAfter(edit, { code: "same" }), { code: "same" });
});

test("an edit near a JSX pragma is left to tsc: the pragma changes what tsc makes of the file's JSX", () => {
  const comment = "/**\n * @jsx h\n */\nexport const a = 1;\n";
  assert.is(sourceEdit(side(comment), side(comment.replace("@jsx h", "@jsx preact.h")), kinds), undefined);
  const attached = "/**\n * Props.\n * @jsxImportSource preact\n */\ninterface Props { a: string }\n";
  assert.is(sourceEdit(side(attached), side(attached.replace("Props.", "The props.")), kinds), undefined);
});

test("a comment whose old text stands twice, in the file or its output, is left to tsc", () => {
  const was = "/**\n * Twice.\n */\nexport function a() {}\n/**\n * Twice.\n */\nexport function b() {}\n";
  assert.is(sourceEdit(side(was), side(was.replace("Twice.", "Once.")), kinds), undefined);
  const unique = "/**\n * Once.\n */\nexport function a() {}\n";
  const edit = sourceEdit(side(unique), side(unique.replace("Once.", "Once more.")), kinds);
  assert.is(edit?.kind, "comment");
  assert.is(outputAfter(edit, { code: "/**\n * Once.\n */\nfunction a() {}\n/**\n * Once.\n */\n" }), undefined);
});

test.run();
