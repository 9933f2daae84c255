import { createUnplugin, type UnpluginContext, type UnpluginBuildContext } from "unplugin";
import { openModules, scriptCallsIntrinsic, type Modules, type ModulesOptions, type ModuleProblem } from "@schemaof/transformer/source";
import { buildTiming } from "./timing.js";

/** The plugin entry's options: `tsconfig` (the project's, found from the working folder by default), and the project defaults every host takes (`refs`, `additionalProperties`, `target`, `unknownKeys`, `coerce`). */
export type Options = Omit<ModulesOptions, "cwd">;

/** TypeScript modules, and the script modules where a call of ours cannot name a type. */
const TYPESCRIPT = /\.[cm]?tsx?$/;
const SCRIPT = /\.[cm]?jsx?$/;

/**
 * schemaof in a bundler: each TypeScript module that names a call of ours is rewritten before the
 * bundler strips its types (`enforce: "pre"`), on one checker kept warm for the whole build; the
 * files a module's schemas read are watched, so editing a type in one file transforms its users again.
 */
export const schemaof = createUnplugin<Options | undefined>((options = {}, meta) => {
  let opened: Promise<Modules> | undefined;
  /** The project once open: a change on disk is told to it at once, before any module is transformed again. */
  let ready: Modules | undefined;
  let watching = false;
  /** The bundler's own root (Vite's `root`, webpack's `context`, esbuild's `absWorkingDir`), where the tsconfig is looked for. */
  let root = process.cwd();
  const timing = buildTiming();
  const open = () => (opened ??= timing.open(() => openModules({ ...options, cwd: root })).then((modules) => (ready = modules)));

  return {
    name: "schemaof",
    enforce: "pre",

    async buildStart() {
      // A tsconfig not found, or an entry with a bad option, fails the build before any module.
      const modules = await open();
      if (modules.problems.length > 0) throw new Error(modules.problems.map((problem) => problem.text).join("\n"));
    },

    transform: {
      filter: { id: { include: [TYPESCRIPT, SCRIPT], exclude: [/[\\/]node_modules[\\/]/] } },
      async handler(code, id) {
        const file = fileOf(id);
        if (SCRIPT.test(file)) return void warnScript(this, code, file);
        if (!TYPESCRIPT.test(file)) return undefined;
        const modules = await open();
        if (!modules.mentions(code)) return undefined;
        let result;
        try {
          result = timing.module(() => modules.transform(file, code));
        } catch (error) {
          // A fault of ours is this module's build error, never a crash of the bundler.
          return void this.error(`schemaof could not rewrite ${file}: ${(error as Error).message}; please report this with the module.`);
        }
        if (!result) return undefined;
        for (const dependency of result.dependencies) this.addWatchFile(dependency);
        for (const warning of result.warnings ?? []) warn(this, warning);
        if (result.problems.length > 0) return fail(this, result.problems);
        return result.code === undefined ? undefined : { code: result.code, map: result.map as never };
      },
    },

    watchChange(id) {
      watching = true;
      // Before the project is open there is no program to tell.
      ready?.changed(fileOf(id));
    },

    async buildEnd() {
      timing.report();
      // TypeScript 7's checker is a process of its own: a build that is over lets it go (a watching one keeps it).
      if (watching || isWatchMode(this, meta.framework)) return;
      const modules = await opened?.catch(() => undefined);
      if (modules && Number(modules.typescript.split(".")[0]) >= 7) {
        modules.close();
        opened = ready = undefined;
      }
    },

    vite: {
      configResolved(config) {
        root = config.root;
        if (config.command === "serve") watching = true;
      },
    },
    esbuild: {
      config(config) {
        if (config.absWorkingDir) root = config.absWorkingDir;
      },
    },
    webpack(compiler) {
      root = compiler.context;
    },
    rspack(compiler) {
      root = compiler.context;
    },
  };
});

/** A bundler's id without its query (`?v=…`, `?import`) and without a virtual module's prefix. */
function fileOf(id: string): string {
  return id.replace(/[?#].*$/, "").replace(/^\0/, "");
}

function isWatchMode(context: UnpluginBuildContext, framework: string): boolean {
  const nativeMeta = (context as { meta?: { watchMode?: boolean } }).meta;
  if (nativeMeta?.watchMode) return true;
  const compiler = (context as { getNativeBuildContext?: () => { compiler?: { watchMode?: boolean } } | undefined }).getNativeBuildContext?.()?.compiler;
  return (framework === "webpack" || framework === "rspack") && compiler?.watchMode === true;
}

/** Every problem of the module, in one build error placed at the first. */
function fail(context: UnpluginContext, problems: readonly ModuleProblem[]): undefined {
  const [first] = problems;
  context.error({
    message: problems.map((problem) => problem.text).join("\n"),
    id: first.file,
    loc: first.line === undefined ? undefined : { file: first.file, line: first.line, column: first.column ?? 0 },
    code: `TS${first.code}`,
  });
  return undefined;
}

/** A lint warning, placed as the bundler places its own (file, line, column, `TS99101`): the module builds all the same. */
function warn(context: UnpluginContext, warning: ModuleProblem): void {
  context.warn({
    message: warning.message,
    id: warning.file,
    loc: warning.line === undefined ? undefined : { file: warning.file, line: warning.line, column: warning.column ?? 0 },
    code: `TS${warning.code}`,
  });
}

/**
 * `schemaOf(…)` in a JavaScript module names no type, so it is left as it is and throws "not
 * transformed" when it runs: said at build time instead.
 */
function warnScript(context: UnpluginContext, code: string, file: string): void {
  if (!scriptCallsIntrinsic(code)) return;
  context.warn(
    `${file}: a call of @schemaof/runtime in a JavaScript module cannot name its type, so it is not rewritten and throws when it runs; move it to a TypeScript module.`,
  );
}

export default schemaof;
