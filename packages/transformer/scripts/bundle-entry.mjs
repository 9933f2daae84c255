// Rewrites a package's compiled entry as one file: a ts-patch plugin is loaded by every build, and
// resolving and reading thirty-odd modules was a measurable part of what the plugin adds to `tspc`.
// tsc still writes every module and its .d.ts beside it (the `./analysis` entry and the types use them).
import { build } from "esbuild";
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

// A third argument `esm` writes an ECMAScript module (Node's loader hooks are imported in their own
// thread); `callable` makes the CommonJS module's exports the default export itself, with the named
// ones on it, so that `import schemaof from "@schemaof/transformer"` in an ES module (which gets
// `module.exports`) is the transformer, as `require(…).default` and ts-patch's lookup still are.
const [entry, outfile, kind = "cjs"] = process.argv.slice(2);
const format = kind === "esm" ? "esm" : "cjs";

// What this build of schemaof is, from its sources and version: a cache entry (source/cache/) that an
// other build wrote is never trusted, even under the same version (a checkout, a linked copy).
// The runtime's sources count too: the bundle inlines its plan helpers, which shape what is emitted.
const hash = createHash("sha256").update(readFileSync("package.json"));
for (const folder of ["src", join("..", "runtime", "src")]) {
  for (const file of readdirSync(folder, { recursive: true }).sort()) {
    if (String(file).endsWith(".ts")) hash.update(String(file)).update(readFileSync(join(folder, String(file))));
  }
}
await build({
  entryPoints: [entry],
  outfile,
  bundle: true,
  platform: "node",
  format,
  ...(kind === "callable" ? { footer: { js: "module.exports = Object.assign(module.exports.default, module.exports);" } } : {}),
  // What the bundled CommonJS code `require`s, an ECMAScript module has to be given.
  ...(format === "esm"
    ? { banner: { js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);' } }
    : {}),
  target: "node20",
  // Its version too, which an ECMAScript module (the loader's hooks) could not read off a path of its own.
  define: {
    __SCHEMAOF_BUILD__: JSON.stringify(hash.digest("hex").slice(0, 24)),
    __SCHEMAOF_VERSION__: JSON.stringify(JSON.parse(readFileSync("package.json", "utf8")).version),
  },
  // The user's compiler is the one ts-patch hands in; never bundle a copy.
  // gpt-tokenizer: 4 MB of ranks, loaded only by `schemaof tools`, from the package, never bundled.
  external: ["typescript", "gpt-tokenizer"],
  logLevel: "warning",
});
