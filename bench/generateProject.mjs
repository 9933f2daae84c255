// Writes a project of `count` tool-input types, each in its own module with one schemaOf call,
// varied enough to exercise every reader: tags, JSDoc, unions, arrays, nested objects, defaults.
// `validate: true` adds one validateArgs call per module; `peer: "typia"` writes the same types with
// typia's tags and calls (typia.llm.parameters, typia.validate), to compare what each emits.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const FIELDS = [
  (i) => `  /** Words to match, tool ${i}. */\n  query: string & MinLength<1> & MaxLength<200>;`,
  (i) => `  /** How many results. */\n  limit?: Integer & Minimum<1> & Maximum<${50 + (i % 50)}>;`,
  () => `  language?: string & Pattern<"^[a-z]{2}$">;`,
  () => `  sort?: "relevance" | "title" | "year";`,
  () => `  tags?: (string & MinLength<1>)[];`,
  () => `  since?: Date | null;`,
  () => `  owner: { id: string & Format<"uuid">; email?: string & Format<"email"> };`,
  () => `  payment?: { type: "card"; last4: string } | { type: "bank"; iban: string };`,
];

const SCHEMAOF = {
  imports: (validate) =>
    `import { schemaOf,${validate ? " validateArgs," : ""} type Integer, type Minimum, type Maximum, type MinLength, type MaxLength, type Pattern, type Format } from "@schemaof/runtime";`,
  field: (text) => text,
  schema: (type) => `schemaOf<${type}>()`,
  validate: (type) => `validateArgs<${type}>(args)`,
};
/** A type written with schemaof's tags, in typia's: a Date comes as a date-time string, as JSON carries it. */
export const typiaTypes = (text) =>
  text
    .replace(/Integer & /g, `number & tags.Type<"int64"> & `)
    .replace(/\b(MinLength|MaxLength|Minimum|Maximum|Pattern|Format)</g, "tags.$1<")
    .replace(/Date \| null/g, `(string & tags.Format<"date-time">) | null`);
const TYPIA = {
  imports: () => `import typia, { tags } from "typia";`,
  field: typiaTypes,
  schema: (type) => `typia.llm.parameters<${type}>()`,
  validate: (type) => `typia.validate<${type}>(args)`,
};

export function generateProject(dir, count, { validate = false, peer } = {}) {
  const calls = peer === "typia" ? TYPIA : SCHEMAOF;
  const src = join(dir, "src");
  mkdirSync(src, { recursive: true });
  for (let i = 0; i < count; i++) {
    const fields = FIELDS.filter((_, f) => f < 3 || (i + f) % 2 === 0).map((field) => calls.field(field(i)));
    const check = validate ? `export const check = (args: unknown) => ${calls.validate(`Tool${i}Input`)};\n` : "";
    writeFileSync(
      join(src, `tool${i}.ts`),
      `${calls.imports(validate)}

/** Input of tool ${i}. */
export interface Tool${i}Input {
${fields.join("\n")}
}

export function tool${i}(input: Tool${i}Input): string {
  return JSON.stringify(input);
}

export const schema = ${calls.schema(`Tool${i}Input`)};
${check}`,
    );
  }
  const base = { target: "es2022", module: "nodenext", moduleResolution: "nodenext", strict: true, skipLibCheck: true, types: [], rootDir: "src" };
  const transform = peer === "typia" ? "typia/lib/transform" : "@schemaof/transformer";
  writeFileSync(join(dir, "package.json"), JSON.stringify({ type: "commonjs" }));
  writeFileSync(join(dir, "tsconfig.plain.json"), JSON.stringify({ compilerOptions: { ...base, outDir: "dist-plain" }, include: ["src"] }));
  writeFileSync(
    join(dir, "tsconfig.plugin.json"),
    JSON.stringify({ compilerOptions: { ...base, outDir: "dist-plugin", plugins: [{ transform }] }, include: ["src"] }),
  );
  return count;
}

/** The compiler options of a module built as an ES module for a bundler, through `transform`. */
export const esmOptions = (outDir, transform) => ({
  target: "es2022",
  module: "esnext",
  moduleResolution: "bundler",
  strict: true,
  skipLibCheck: true,
  types: [],
  outDir,
  plugins: [{ transform }],
});
