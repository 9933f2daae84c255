// The média­thèque example for the end-to-end tests: built once with the workspace's real tspc,
// then started as a child process, as a user starts it (PORT=0: the system picks a free port).
import { spawn, spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";

export const exampleDir = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "examples", "mediatheque");
export const serverScript = join(exampleDir, "dist", "server.js");

const built = new Set();
/** Builds the example in `dir` (the example itself, or a copy of it) with the workspace's tspc. */
export function buildExample(dir = exampleDir) {
  if (built.has(dir)) return;
  rmSync(join(dir, "dist"), { recursive: true, force: true });
  const tspc = join(exampleDir, "node_modules", "ts-patch", "bin", "tspc.js");
  const build = spawnSync(process.execPath, [tspc, "-p", "tsconfig.json", "--pretty", "false"], { cwd: dir, encoding: "utf8" });
  if (build.status !== 0) throw new Error(`the example does not build:\n${build.stdout}${build.stderr}`);
  built.add(dir);
}

/** Starts the HTTP server; resolves with its base URL once it says where it listens. */
export function startServer(dir = exampleDir) {
  buildExample(dir);
  const child = spawn(process.execPath, [join(dir, "dist", "server.js")], { cwd: dir, env: { ...process.env, PORT: "0" }, stdio: ["ignore", "pipe", "pipe"] });
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
