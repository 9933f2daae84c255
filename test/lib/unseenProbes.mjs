// Probes of types the transformer has never seen: every exported interface, type alias, class and
// enum of a few well-known packages' .d.ts files, each with a schemaOf and a validateArgs call.
// unseen-types.test runs them; snapshot.mjs prints what they compile to.
import { mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const UNSEEN_MODULES = ["typescript", "ajv", "node:fs", "node:http", "node:child_process", "node:net"];

/** A scratch folder outside the repository that resolves the test package's modules. */
export function unseenWork() {
  const work = mkdtempSync(join(tmpdir(), "schemaof-unseen-"));
  symlinkSync(join(dirname(fileURLToPath(import.meta.url)), "..", "node_modules"), join(work, "node_modules"));
  writeFileSync(join(work, "package.json"), JSON.stringify({ type: "commonjs" }));
  return work;
}

/** Lists the exported types of a module with the checker, and writes one call per type into `work`. */
export function writeProbe(ts, work, specifier, index) {
  const lister = join(work, `list${index}.ts`);
  writeFileSync(lister, `import type * as M from "${specifier}";\nexport type { M };\n`);
  const program = ts.createProgram([lister], {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    types: ["node"],
    skipLibCheck: true,
  });
  const checker = program.getTypeChecker();
  const file = program.getSourceFile(lister);
  const namespace = checker.getSymbolAtLocation(file.statements[0].importClause.namedBindings.name);
  const target = checker.getAliasedSymbol(namespace);
  const calls = [];
  for (const symbol of checker.getExportsOfModule(target)) {
    const resolved = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    if (!(resolved.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias | ts.SymbolFlags.Class | ts.SymbolFlags.Enum))) continue;
    const declaration = resolved.declarations?.[0];
    const params = declaration && "typeParameters" in declaration ? (declaration.typeParameters?.length ?? 0) : 0;
    const args = params ? `<${Array(params).fill("any").join(", ")}>` : "";
    calls.push(`M.${symbol.name}${args}`);
  }
  const probe = join(work, `probe${index}.ts`);
  const lines = [`import type * as M from "${specifier}";`, `import { schemaOf, validateArgs } from "@schemaof/runtime";`];
  // Both calls in functions: the module is run, and a call left in place (diagnosed) throws when called.
  // `refs: true`, so that recursive types get a schema for ajv too (validateArgs takes them either way).
  calls.forEach((call, i) =>
    lines.push(`export const s${i} = () => schemaOf<${call}>({ refs: true }); export const v${i} = (a: unknown) => validateArgs<${call}>(a);`),
  );
  writeFileSync(probe, lines.join("\n") + "\n");
  return { probe, count: calls.length, firstLine: 3 };
}
