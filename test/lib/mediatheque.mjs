// The média­thèque example for the end-to-end tests: built as its package.json builds it (`schemaof
// build` on TypeScript 7), or, as a copy, with tspc on TypeScript 5.9 and ts-patch; then started as
// a child process, as a user starts it (PORT=0: the system picks a free port).
import { spawn, spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from "node:fs";
import { createRequire } from "node:module";
import { join, dirname } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const exampleDir = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "examples", "mediatheque");
const require = createRequire(import.meta.url);

const built = new Set();
/** Builds the example in `dir` (the example itself, or a copy of it) with the `schemaof build` it has. */
export function buildExample(dir = exampleDir) {
  if (built.has(dir)) return;
  rmSync(join(dir, "dist"), { recursive: true, force: true });
  const build = spawnSync(
    process.execPath,
    [join(exampleDir, "node_modules", "@schemaof", "transformer", "bin", "schemaof.js"), "build", "-p", "tsconfig.json"],
    { cwd: dir, encoding: "utf8" },
  );
  if (build.status !== 0) throw new Error(`the example does not build:\n${build.stdout}${build.stderr}`);
  built.add(dir);
}

/** A copy of the example whose TypeScript is 5.9, built with ts-patch's tspc (`dispose()` removes it). */
export function tspcCopy() {
  const dir = mkdtempSync(join(exampleDir, "..", ".tspc-"));
  for (const entry of ["src", "tsconfig.json", "package.json"]) cpSync(join(exampleDir, entry), join(dir, entry), { recursive: true });
  mkdirSync(join(dir, "node_modules"));
  for (const entry of readdirSync(join(exampleDir, "node_modules"))) {
    if (entry !== "typescript" && entry !== ".bin") symlinkSync(join(exampleDir, "node_modules", entry), join(dir, "node_modules", entry));
  }
  symlinkSync(dirname(require.resolve("typescript/package.json")), join(dir, "node_modules", "typescript"));
  const tspc = join(dirname(require.resolve("ts-patch/package.json")), "bin", "tspc.js");
  const build = spawnSync(process.execPath, [tspc, "-p", "tsconfig.json", "--pretty", "false"], { cwd: dir, encoding: "utf8" });
  if (build.status !== 0) throw new Error(`the copy does not build with tspc:\n${build.stdout}${build.stderr}`);
  built.add(dir);
  return { dir, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Node's arguments that start the server: its build (`dist/server.js`), or, `fromSources`, its
 * TypeScript run by tsx with our loader registered first, as a user runs it in development.
 */
export function serverArgs(dir = exampleDir, fromSources = false) {
  if (!fromSources) return [join(dir, "dist", "server.js")];
  const register = pathToFileURL(join(dir, "node_modules", "@schemaof", "transformer", "dist", "register.js")).href;
  return ["--import", register, "--import", pathToFileURL(require.resolve("tsx")).href, join(dir, "src", "server.ts")];
}

/** Starts the HTTP server (`env`: more of its environment); resolves with its base URL once it says where it listens. */
export function startServer(dir = exampleDir, fromSources = false, env = {}) {
  if (!fromSources) buildExample(dir);
  const child = spawn(process.execPath, serverArgs(dir, fromSources), {
    cwd: dir,
    env: { ...process.env, PORT: "0", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const url = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${output}`)), 15000);
    child.stdout.on("data", (chunk) => {
      output += chunk;
      const found = /listening on (http:\/\/\S+)/.exec(output);
      if (found) {
        clearTimeout(timer);
        resolve(found[1]);
      }
    });
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("exit", (code) => reject(new Error(`the server exited (${code}):\n${output}`)));
  });
  return {
    url,
    child,
    output: () => output,
    stop: () => new Promise((resolve) => (child.exitCode !== null ? resolve() : (child.once("exit", resolve), child.kill()))),
  };
}
