import fs from "node:fs";
import Module from "node:module";
import { join } from "node:path";
import { SOURCE } from "../project/fileKinds";

type Compile = (module: unknown, filename: string) => void;
const extensions = (Module as unknown as { _extensions: Record<string, Compile | undefined> })._extensions;

/**
 * CommonJS through tsx: `require` does not pass through Node's load hooks on Node 20, and tsx
 * compiles a required module in its `Module._extensions` handler, which reads the file itself. So
 * the handler tsx installs after us is wrapped: for a module that names our calls, its read of that
 * one file, once, returns the rewritten text.
 */
export function installRequireHook(): void {
  // The rewriting itself is a bundle of its own (register/rewriteRequired.ts), loaded at the first TypeScript module required.
  let rewriteRequired: ((filename: string, code: string) => string | undefined) | undefined;
  const rewrite = (filename: string, code: string) =>
    (rewriteRequired ??= (require(join(__dirname, "register-cjs.js")) as typeof import("./rewriteRequired")).rewriteRequired)(filename, code);
  const wrap = (compile: Compile | undefined): Compile | undefined =>
    compile &&
    ((module, filename) => {
      if (!SOURCE.test(filename)) return compile(module, filename);
      const code = fs.readFileSync(filename, "utf8");
      const rewritten = rewrite(filename, code);
      if (rewritten === undefined) return compile(module, filename);
      const readFileSync = fs.readFileSync;
      let pending = true;
      fs.readFileSync = function (this: unknown, ...args: Parameters<typeof readFileSync>) {
        if (pending && args[0] === filename) {
          pending = false;
          return rewritten;
        }
        return readFileSync.apply(this, args);
      } as typeof readFileSync;
      try {
        return compile(module, filename);
      } finally {
        fs.readFileSync = readFileSync;
      }
    });
  // `.cts` and `.mts` go through `.js`'s handler; tsx sets each with a plain assignment when the accessor has a setter.
  for (const extension of [".js", ".ts", ".tsx", ".cts", ".mts"]) {
    let current = wrap(extensions[extension]);
    Object.defineProperty(extensions, extension, {
      configurable: true,
      enumerable: true,
      get: () => current,
      set: (compile: Compile | undefined) => void (current = wrap(compile)),
    });
  }
}
