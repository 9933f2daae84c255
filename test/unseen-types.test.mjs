// Types the transformer has never seen: every exported interface, type alias, class and enum of a
// few well-known packages' .d.ts files gets a schemaOf call. Each call must end as a schema or a
// diagnostic at its own line, never as an exception out of the compiler.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { mkdtempSync, writeFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { compilers } from "./lib/compilers.mjs";
import { compileFiles } from "./lib/compile.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const modules = ["typescript", "ajv", "node:fs", "node:http", "node:child_process", "node:net"];
const work = mkdtempSync(join(tmpdir(), "schemaof-unseen-"));
symlinkSync(join(here, "node_modules"), join(work, "node_modules"));
writeFileSync(join(work, "package.json"), JSON.stringify({ type: "commonjs" }));

/** Lists the exported types of a module with the checker, and writes one call per type. */
function writeProbe(ts, specifier, index) {
  const lister = join(work, `list${index}.ts`);
  writeFileSync(lister, `import type * as M from "${specifier}";\nexport type { M };\n`);
  const program = ts.createProgram([lister], { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, types: ["node"], skipLibCheck: true });
  const checker = program.getTypeChecker();
  const file = program.getSourceFile(lister);
  const namespace = checker.getSymbolAtLocation(file.statements[0].importClause.namedBindings.name);
  const target = checker.getAliasedSymbol(namespace);
  const calls = [];
  for (const symbol of checker.getExportsOfModule(target)) {
    const resolved = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    if (!(resolved.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias | ts.SymbolFlags.Class | ts.SymbolFlags.Enum))) continue;
    const declaration = resolved.declarations?.[0];
    const params = declaration && "typeParameters" in declaration ? declaration.typeParameters?.length ?? 0 : 0;
    const args = params ? `<${Array(params).fill("any").join(", ")}>` : "";
    calls.push(`M.${symbol.name}${args}`);
  }
  const probe = join(work, `probe${index}.ts`);
  const lines = [`import type * as M from "${specifier}";`, `import { schemaOf } from "@schemaof/runtime";`];
  calls.forEach((call, i) => lines.push(`export const s${i} = schemaOf<${call}>();`));
  writeFileSync(probe, lines.join("\n") + "\n");
  return { probe, count: calls.length, firstLine: 3 };
}

for (const { label, ts } of compilers) {
  test(`every exported type of ${modules.join(", ")} yields a schema or a diagnostic (${label})`, () => {
    const probes = modules.map((specifier, i) => ({ specifier, ...writeProbe(ts, specifier, i) }));
    const results = compileFiles(ts, probes.map((p) => p.probe));
    let schemas = 0;
    let diagnosed = 0;
    for (const { specifier, probe, count, firstLine } of probes) {
      assert.ok(count > 5, `${specifier} exports types`);
      const { js, diagnostics } = results.get(probe);
      const diagnosedLines = new Set(diagnostics.map((d) => d.file.getLineAndCharacterOfPosition(d.start).line + 1));
      for (const d of diagnostics) assert.ok(d.code >= 99001 && d.code <= 99013, `our code: ${d.code}`);
      for (let i = 0; i < count; i++) {
        const replaced = new RegExp(`exports\\.s${i} = schema_\\d+;`).test(js);
        const line = firstLine + i;
        assert.ok(replaced !== diagnosedLines.has(line), `${specifier} call ${i}: exactly one of schema or diagnostic`);
        if (replaced) schemas++;
        else diagnosed++;
      }
    }
    console.log(`  ${label}: ${schemas} schemas, ${diagnosed} diagnostics over ${probes.reduce((n, p) => n + p.count, 0)} unseen types`);
  });
}

test.after(() => rmSync(work, { recursive: true, force: true }));
test.run();
