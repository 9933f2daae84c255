// Writes an ES module beside a compiled CommonJS entry, so `import { schemaOf } from "@schemaof/runtime"`
// works in ESM projects without a second copy of the code (one class identity for ArgumentsError).
import { createRequire } from "node:module";
import { writeFileSync } from "node:fs";
import { resolve, basename } from "node:path";

const entry = resolve(process.argv[2]);
const names = Object.keys(createRequire(import.meta.url)(entry)).filter((n) => n !== "default" && n !== "__esModule");
const base = basename(entry, ".js");
writeFileSync(
  entry.replace(/\.js$/, ".mjs"),
  `import cjs from "./${base}.js";\nexport const { ${names.join(", ")} } = cjs;\nexport default cjs;\n`,
);
writeFileSync(entry.replace(/\.js$/, ".d.mts"), `export * from "./${base}.js";\n`);
