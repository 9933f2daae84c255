// The bundlers users build agent tools with, each run on one small app through @schemaof/unplugin:
// every one takes the app's entry and writes one module whose exports the tests import.
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/** The plugin of each bundler, loaded as users load it: `@schemaof/unplugin/<bundler>`. */
const plugin = async (name, options) => (await import(`@schemaof/unplugin/${name}`)).default(options);

/**
 * Each bundler: `build(app, entry, options)` bundles `app/src/<entry>.ts` into `app/out/<name>/`
 * and returns the path of the module it wrote; it throws the bundler's own error when the build fails.
 */
export const bundlers = [
  {
    name: "esbuild",
    async build(app, entry, options) {
      const { build } = await import("esbuild");
      const outfile = join(app, "out", "esbuild", `${entry}.mjs`);
      await build({
        absWorkingDir: app,
        entryPoints: [join(app, "src", `${entry}.ts`)],
        bundle: true,
        format: "esm",
        platform: "node",
        outfile,
        sourcemap: true,
        logLevel: "silent",
        plugins: [await plugin("esbuild", options)],
      });
      return outfile;
    },
  },
  {
    name: "Vite 7",
    build: (app, entry, options) =>
      viteBuild(app, "vite", options, { lib: { entry: join(app, "src", `${entry}.ts`), formats: ["es"], fileName: () => `${entry}.mjs` } }, entry),
  },
  {
    name: "Vite 7 SSR",
    build: (app, entry, options) =>
      viteBuild(app, "vite-ssr", options, { ssr: join(app, "src", `${entry}.ts`), rollupOptions: { output: { entryFileNames: "[name].mjs" } } }, entry),
  },
  {
    name: "Rollup 4",
    async build(app, entry, options) {
      const { rollup } = await import("rollup");
      const { nodeResolve } = await import("@rollup/plugin-node-resolve");
      const esbuild = (await import("rollup-plugin-esbuild")).default;
      const file = join(app, "out", "rollup", `${entry}.mjs`);
      const bundle = await rollup({
        input: join(app, "src", `${entry}.ts`),
        onwarn: () => undefined,
        plugins: [
          await plugin("rollup", { tsconfig: join(app, "tsconfig.json"), ...options }),
          nodeResolve({ extensions: [".ts", ".mjs", ".js"] }),
          esbuild({ target: "es2022" }),
        ],
      });
      try {
        await bundle.write({ file, format: "es", sourcemap: true });
      } finally {
        await bundle.close();
      }
      return file;
    },
  },
  {
    name: "webpack 5",
    build: (app, entry, options, warnings) =>
      packWith(require("webpack"), "webpack", app, entry, options, { loader: "esbuild-loader", options: { target: "es2022" } }, warnings),
  },
  {
    name: "rspack",
    build: (app, entry, options, warnings) =>
      packWith(
        require("@rspack/core").rspack,
        "rspack",
        app,
        entry,
        options,
        { loader: "builtin:swc-loader", options: { jsc: { parser: { syntax: "typescript" }, target: "es2022" } } },
        warnings,
      ),
  },
];

/** Vite's build, as a library (`build.lib`) or for the server (`build.ssr`). */
async function viteBuild(app, folder, options, build, entry) {
  const vite = await import("vite");
  const outDir = join(app, "out", folder);
  await vite.build({
    root: app,
    configFile: false,
    logLevel: "silent",
    plugins: [await plugin("vite", options)],
    build: { outDir, emptyOutDir: true, minify: false, sourcemap: true, ...build },
  });
  return join(outDir, `${entry}.mjs`);
}

/** The warnings webpack or rspack reports for a build of `app/src/<entry>.ts` (a lint finding is one). */
export async function packWarnings(name, app, entry, options = {}) {
  const warnings = [];
  const bundler = bundlers.find((found) => found.name === name);
  await bundler.build(app, entry, options, warnings);
  return warnings;
}

/** webpack and rspack share their configuration: TypeScript through a loader, CommonJS out; `warnings` gets theirs. */
async function packWith(pack, name, app, entry, options, loader, warnings) {
  const path = join(app, "out", name);
  const config = {
    mode: "none",
    target: "node",
    context: app,
    entry: join(app, "src", `${entry}.ts`),
    devtool: "source-map",
    output: { path, filename: `${entry}.cjs`, library: { type: "commonjs2" } },
    resolve: { extensions: [".ts", ".js", ".mjs"], extensionAlias: { ".js": [".ts", ".js"] } },
    module: { rules: [{ test: /\.ts$/, exclude: /node_modules/, use: [loader] }] },
    plugins: [await plugin(name, options)],
    infrastructureLogging: { level: "none" },
  };
  const stats = await new Promise((resolve, reject) => pack(config, (error, result) => (error ? reject(error) : resolve(result))));
  warnings?.push(...stats.toJson({ all: false, warnings: true }).warnings.map((warning) => warning.message));
  if (stats.hasErrors())
    throw new Error(
      stats
        .toJson({ all: false, errors: true })
        .errors.map((error) => error.message)
        .join("\n"),
    );
  return join(path, `${entry}.cjs`);
}

/** A bundle's exports (fresh each time: a test may build the same path twice). */
export async function importBundle(file) {
  if (file.endsWith(".cjs")) {
    delete require.cache[file];
    return require(file);
  }
  return import(`${pathToFileURL(file).href}?t=${Date.now()}`);
}
