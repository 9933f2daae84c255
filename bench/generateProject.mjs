// Writes a project of `count` tool-input types, each in its own module with one schemaOf call,
// varied enough to exercise every reader: tags, JSDoc, unions, arrays, nested objects, defaults.
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

export function generateProject(dir, count) {
  const src = join(dir, "src");
  mkdirSync(src, { recursive: true });
  for (let i = 0; i < count; i++) {
    const fields = FIELDS.filter((_, f) => f < 3 || (i + f) % 2 === 0).map((field) => field(i));
    writeFileSync(
      join(src, `tool${i}.ts`),
      `import { schemaOf, type Integer, type Minimum, type Maximum, type MinLength, type MaxLength, type Pattern, type Format } from "@schemaof/runtime";

/** Input of tool ${i}. */
export interface Tool${i}Input {
${fields.join("\n")}
}

export function tool${i}(input: Tool${i}Input): string {
  return JSON.stringify(input);
}

export const schema = schemaOf<Tool${i}Input>();
`,
    );
  }
  const base = { target: "es2022", module: "nodenext", moduleResolution: "nodenext", strict: true, skipLibCheck: true, types: [], rootDir: "src" };
  writeFileSync(join(dir, "package.json"), JSON.stringify({ type: "commonjs" }));
  writeFileSync(join(dir, "tsconfig.plain.json"), JSON.stringify({ compilerOptions: { ...base, outDir: "dist-plain" }, include: ["src"] }));
  writeFileSync(
    join(dir, "tsconfig.plugin.json"),
    JSON.stringify({ compilerOptions: { ...base, outDir: "dist-plugin", plugins: [{ transform: "@schemaof/transformer" }] }, include: ["src"] }),
  );
  return count;
}
