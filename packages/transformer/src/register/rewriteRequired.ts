import { openModulesSync } from "../source/openModules";
import { projects, rewriteModule } from "./rewriteModule";

const modulesOf = projects((configFile) => openModulesSync({ tsconfig: configFile, cwd: process.cwd() }));

/**
 * `dist/register-cjs.js`: a CommonJS TypeScript module's text with our calls rewritten (undefined
 * when it names none), for the require hook. A bundle of its own, loaded at the first TypeScript
 * module `require`d: an app of ECMAScript modules never loads it on the main thread.
 */
export function rewriteRequired(filename: string, code: string): string | undefined {
  return rewriteModule(filename, code, modulesOf(filename, code));
}
