import { dirname } from "node:path";
import { SchemaofError } from "../diagnostics/SchemaofError";
import { mentionsIntrinsic, namesIntrinsic, readText, writesTypeArguments } from "../project";
import { findConfig, NoTsconfig, type Modules } from "../source/openModules";

/**
 * The project of a module, one per tsconfig and thread (the nearest tsconfig above a module is its
 * project's), opened by the first module whose text names one of our calls: a run that calls none
 * never starts a checker. Later modules of an open project are asked through it, which also knows
 * the names other modules re-export our calls under.
 */
export function projects<M extends Modules | Promise<Modules>>(open: (configFile: string) => M): (file: string, code: string) => M | undefined {
  const opened = new Map<string, M>();
  /** Each folder's tsconfig, looked up once (undefined: there is none). */
  const configOf = new Map<string, string | undefined>();
  const lookUp = (folder: string) => {
    if (!configOf.has(folder)) {
      try {
        configOf.set(folder, findConfig(undefined, folder));
      } catch (error) {
        if (!(error instanceof NoTsconfig)) throw error;
        configOf.set(folder, undefined);
      }
    }
    return configOf.get(folder);
  };
  return (file, code) => {
    const names = mentionsIntrinsic(code);
    // A run that never names our calls looks nothing up (tsx runs files that have no tsconfig at all).
    if (!names && opened.size === 0) return undefined;
    const configFile = lookUp(dirname(file));
    if (configFile === undefined) {
      // Only a call of ours by name needs the project; `x.call(…, { target })` may be anyone's.
      if (!namesIntrinsic(code)) return undefined;
      throw new SchemaofError(
        `${file} calls schemaof, which reads its types through the project's tsconfig.json, and there is none in its folder or above it; add one (npx tsc --init).`,
      );
    }
    let modules = opened.get(configFile);
    if (!modules && names) opened.set(configFile, (modules = open(configFile)));
    return modules;
  };
}

/**
 * A TypeScript module's text with our calls rewritten and an inline map back to the file, before
 * tsx or Node strips its types; undefined when it names none. A text that is no longer the file's
 * was compiled by a loader that ran first: refused, with the order that works.
 */
export function rewriteModule(file: string, code: string, modules: Modules | undefined): string | undefined {
  if (!modules?.mentions(code)) return undefined;
  // Compiled JavaScript writes no type argument: only then is the file read, to tell the two apart.
  if (!writesTypeArguments(code) && code !== readText(file)) {
    throw new SchemaofError(
      `${file} reached @schemaof/transformer/register already compiled by another loader, so its calls of schemaOf<T>() and mapArgs<T>() cannot be read. ` +
        `Register schemaof before it: node --import @schemaof/transformer/register --import tsx …`,
    );
  }
  const result = modules.transform(file, code);
  if (!result) return undefined;
  if (result.problems.length > 0) throw new SchemaofError(result.problems.map((problem) => problem.text).join("\n"));
  // Lint warnings go where Node prints its own; the module runs.
  for (const warning of result.warnings ?? []) process.stderr.write(`${warning.text}\n`);
  if (result.code === undefined) return undefined;
  const map = Buffer.from(JSON.stringify(result.map)).toString("base64");
  return `${result.code}\n//# sourceMappingURL=data:application/json;base64,${map}\n`;
}
