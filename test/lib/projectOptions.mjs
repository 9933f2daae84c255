import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The compilerOptions of a test project's tsconfig.json, as a user of the README writes them:
 * ES2022, Node's module resolution, strict, schemaof's plugin (with `plugin`'s options); `options`
 * adds to them or overrides them.
 */
export const projectOptions = (options = {}, plugin = {}) => ({
  target: "es2022",
  module: "nodenext",
  moduleResolution: "nodenext",
  strict: true,
  plugins: [{ transform: "@schemaof/transformer", ...plugin }],
  ...options,
});

/** A test app's folder: `src/`, its package.json, and a tsconfig.json of `compilerOptions` over `src`. */
export function writeProject(dir, packageJson, compilerOptions) {
  mkdirSync(join(dir, "src"), { recursive: true });
  writeFileSync(join(dir, "package.json"), JSON.stringify({ private: true, ...packageJson }));
  writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions, include: ["src"] }));
}

/** What a bundler's app is checked with: ES modules resolved as bundlers resolve them. */
export const BUNDLER_OPTIONS = { target: "es2022", module: "esnext", moduleResolution: "bundler", strict: true, skipLibCheck: true, types: [] };
