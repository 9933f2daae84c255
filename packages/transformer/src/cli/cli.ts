import { dirname, join, relative, resolve } from "node:path";
import { ownVersion } from "../project/ownVersion";
import { UnsupportedTypeScript } from "../compiler/loadTs7";
import { buildOrder, findTsconfig } from "./readTsconfig";
import { ConfigError } from "../project/readJsonc";
import { findTypeScript, NoTypeScript } from "../project";
import { buildTs } from "./buildTs";
import { buildTs7 } from "./buildTs7";
import type { Console, EarlyTsc } from "./BuildRequest";
import type { RunningTsc } from "./spawnTsc";
import { discardTsc } from "./runTsc";
import { launchPath } from "./launchRecord";
import { listTools } from "./catalogue/listTools";
import { SnapshotError, compareWithSnapshot, printDrift, readSnapshot, writeSnapshot } from "./catalogue/drift";
import { catalogueJson, exitCode, onlySet, printCatalogue, setsOf } from "./catalogue/printCatalogue";

const USAGE = `Usage: schemaof build [-p tsconfig.json] [--watch] [--noEmit]
       schemaof --version
       schemaof check [-p tsconfig.json] [--watch]
       schemaof tools [-p tsconfig.json] [--set NAME] [--json | --update | --check] [--snapshot FILE]

Builds the project the way 'tsc -p' does, with every schemaOf, mapArgs, validateArgs,
standardSchemaOf and toolOf call rewritten, on the TypeScript the project has installed
(5, 6 or 7). 'check' prints the diagnostics alone. Exits as tsc does: 0, 1 or 2.
'tools' lists every toolOf tool with what each provider receives (bytes, an estimate of OpenAI
tokens) and the whole set against each provider's limits a request; exits 1 over a limit.
'--set' keeps one tool set (toolOf's 'toolSet' option) where the project serves several.
'--update' writes the tool set to schemaof.tools.json (schemaof.tools.NAME.json with --set);
'--check' compares with it and exits 1 on a change that breaks a deployed agent (2 when there
is no snapshot to read).
`;

/** The `schemaof` command. Returns its exit code; never throws. */
export async function main(argv: readonly string[], cwd: string, console: Console, signal?: AbortSignal, early?: RunningTsc): Promise<number> {
  // tsc started early (cli/early.ts) is the build's to take; what one that no build took wrote goes.
  const slot: EarlyTsc = { tsc: early };
  try {
    return await command(argv, cwd, console, signal, slot);
  } finally {
    // A build that stopped before it took it (a tsconfig that does not read, say).
    await discard(slot);
  }
}

/** The slot's tsc, when no build took it: discarded. */
async function discard(slot: EarlyTsc): Promise<void> {
  const tsc = slot.tsc;
  slot.tsc = undefined;
  if (tsc) await discardTsc(tsc, "was not taken");
}

async function command(argv: readonly string[], cwd: string, console: Console, signal: AbortSignal | undefined, early: EarlyTsc): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === "--help" || command === "-h" || command === "help") {
    console.out(USAGE);
    return command === undefined ? 1 : 0;
  }
  if (command === "--version" || command === "-v" || command === "version") return version(cwd, console);
  if (command === "tools") return toolsCommand(rest, cwd, console);
  if (command !== "build" && command !== "check") {
    console.error(`error: unknown command '${command}'.\n\n${USAGE}`);
    return 1;
  }
  let project: string | undefined;
  let watch = false;
  let noEmit = command === "check";
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i];
    if (arg === "-p" || arg === "--project") {
      if (rest[i + 1] === undefined) {
        console.error(`error: '${arg}' needs a value: the tsconfig file, or a folder holding tsconfig.json.\n`);
        return 1;
      }
      project = rest[++i];
    } else if (arg === "-w" || arg === "--watch") watch = true;
    else if (arg === "--noEmit") noEmit = true;
    else {
      console.error(`error: unknown option '${arg}': schemaof takes -p, --watch and --noEmit; other compiler options belong in tsconfig.json.\n\n${USAGE}`);
      return 1;
    }
  }
  return guarded(console, async () => {
    const configFile = findTsconfig(project, cwd);
    const typescript = findTypeScript(dirname(configFile));
    const build = typescript.major === 5 || typescript.major === 6 ? buildTs : typescript.major === 7 ? buildTs7 : undefined;
    if (!build) {
      console.error(`error: schemaof builds with TypeScript 5, 6 and 7; this project has TypeScript ${typescript.version} (${typescript.packageDir}).\n`);
      return 1;
    }
    // The projects it references are built first, as `tsc -b` builds them (theirs are incremental: composite).
    const projects = buildOrder(configFile);
    // Only a TypeScript 7 build of one project takes a tsc started early: any other goes first.
    const takes = build === buildTs7 && !watch && projects.length === 1;
    if (!takes) await discard(early);
    for (const referenced of projects.slice(0, -1)) {
      const code = await build({ configFile: referenced, cwd, noEmit, watch: false }, typescript.packageDir, console);
      if (code !== 0) return code;
    }
    // A build alone, not --watch, keeps how it started tsc, for the same command line to start it at once next time.
    const launch = takes ? { path: launchPath(argv, cwd), early } : undefined;
    return await build({ configFile, cwd, noEmit, watch, signal, launch }, typescript.packageDir, console);
  });
}

/** `schemaof --version`: its own version, and the TypeScript it would build this folder's project with. */
function version(cwd: string, console: Console): number {
  console.out(`schemaof ${ownVersion() ?? "(version unknown)"}\n`);
  try {
    const typescript = findTypeScript(cwd);
    console.out(`TypeScript ${typescript.version} (${relative(cwd, typescript.packageDir) || typescript.packageDir})\n`);
  } catch (error) {
    if (!(error instanceof NoTypeScript)) throw error;
    console.out("TypeScript: none installed here (npm i -D typescript)\n");
  }
  return 0;
}

/**
 * `schemaof tools [-p tsconfig.json] [--json] [--update | --check] [--snapshot FILE]`: the catalogue
 * of the project's tools, and the snapshot that holds a published tool set still.
 */
async function toolsCommand(args: readonly string[], cwd: string, console: Console): Promise<number> {
  let project: string | undefined;
  let snapshot: string | undefined;
  let set: string | undefined;
  let mode = "list" as "list" | "json" | "update" | "check";
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if ((arg === "-p" || arg === "--project") && args[i + 1] !== undefined) project = args[++i];
    else if (arg === "--snapshot" && args[i + 1] !== undefined) snapshot = args[++i];
    else if (arg === "--set" && args[i + 1] !== undefined) set = args[++i];
    else if (arg === "--json" || arg === "--update" || arg === "--check") mode = arg.slice(2) as typeof mode;
    else {
      console.error(`error: 'schemaof tools' takes -p <tsconfig>, --set <name>, --json, --update, --check and --snapshot <file>, not '${arg}'.\n\n${USAGE}`);
      return 1;
    }
  }
  return guarded(console, async () => {
    const configFile = findTsconfig(project, cwd);
    const file =
      snapshot === undefined ? join(dirname(configFile), set === undefined ? "schemaof.tools.json" : `schemaof.tools.${set}.json`) : resolve(cwd, snapshot);
    // A snapshot that cannot be read is said before the project is read: nothing to compare with.
    const old = mode === "check" ? readSnapshotOr(file, console) : undefined;
    if (old === null) return 2;
    const whole = await listTools(configFile, cwd);
    const catalogue = set === undefined ? whole : onlySet(whole, set);
    if (!catalogue) {
      console.error(`error: no tool is in the tool set '${set}'; the project's sets are ${setsOf(whole).join(", ") || "none (it has no tools)"}.\n`);
      return 2;
    }
    if (mode === "list" || mode === "json") {
      console.out(mode === "json" ? catalogueJson(catalogue) : printCatalogue(catalogue));
      return exitCode(catalogue);
    }
    for (const problem of catalogue.problems) console.out(`${problem}\n`);
    if (catalogue.problems.length) return 1;
    if (mode === "update") {
      writeSnapshot(file, catalogue);
      console.out(`wrote ${relative(cwd, file) || file}: ${catalogue.tools.length} tools\n`);
      return 0;
    }
    const drift = compareWithSnapshot(old!, catalogue);
    console.out(printDrift(drift, relative(cwd, file) || file));
    return drift.breaking.length ? 1 : 0;
  });
}

/** The snapshot, or null after saying in one sentence why it cannot be read. */
function readSnapshotOr(file: string, console: Console): ReturnType<typeof readSnapshot> | null {
  try {
    return readSnapshot(file);
  } catch (error) {
    if (!(error instanceof SnapshotError)) throw error;
    console.error(`error: ${error.message}\n`);
    return null;
  }
}

/** Runs a command, its failures said in one sentence each, never thrown: exit 1. */
async function guarded(console: Console, run: () => Promise<number>): Promise<number> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ConfigError) console.out(`error TS${error.code}: ${error.message}\n`);
    else if (error instanceof NoTypeScript || error instanceof UnsupportedTypeScript) console.error(`error: ${error.message}\n`);
    else {
      const message = error instanceof Error ? error.message.split("\n")[0] : String(error);
      console.error(`error: schemaof failed: ${message}\nPlease report this with the project (set SCHEMAOF_DEBUG=1 for the stack).\n`);
      if (process.env.SCHEMAOF_DEBUG) console.error(`${(error as Error)?.stack}\n`);
    }
    return 1;
  }
}

export { buildTs } from "./buildTs";
export { buildTs7 } from "./buildTs7";
export type { BuildRequest, Console } from "./BuildRequest";
