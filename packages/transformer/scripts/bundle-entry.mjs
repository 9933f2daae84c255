// Rewrites a package's compiled entry as one file: a ts-patch plugin is loaded by every build, and
// resolving and reading thirty-odd modules was a measurable part of what the plugin adds to `tspc`.
// tsc still writes every module and its .d.ts beside it (the `./analysis` entry and the types use them).
import { build } from "esbuild";

const [entry, outfile] = process.argv.slice(2);
await build({
  entryPoints: [entry],
  outfile,
  bundle: true,
  platform: "node",
  format: "cjs",
  target: "node20",
  // The user's compiler is the one ts-patch hands in; never bundle a copy.
  external: ["typescript"],
  logLevel: "warning",
});
