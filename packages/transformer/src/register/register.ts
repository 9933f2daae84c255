import { register } from "node:module";
import { pathToFileURL } from "node:url";
import { join } from "node:path";
import { installRequireHook } from "./requireHook";

/**
 * `node --import @schemaof/transformer/register --import tsx src/main.ts`: our calls rewritten in
 * every TypeScript module before tsx (or Node's type stripping) compiles it; ECMAScript modules
 * through Node's load hook, CommonJS through tsx's require handler. Registered after tsx, the
 * hooks see JavaScript and refuse it, naming the order that works.
 */
register(pathToFileURL(join(__dirname, "register-hooks.mjs")).href);
installRequireHook();
