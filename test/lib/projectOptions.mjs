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
