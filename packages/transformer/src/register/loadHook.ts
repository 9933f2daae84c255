import { fileURLToPath } from "node:url";
import { openModules, type Modules } from "../source/openModules";
import { projects, rewriteModule } from "./rewriteModule";
import { SOURCE } from "../project/fileKinds";

type LoadResult = { format?: string | null; source?: string | ArrayBufferView | ArrayBuffer | null; shortCircuit?: boolean };
type NextLoad = (url: string, context: object) => Promise<LoadResult>;

const modulesOf = projects((configFile): Promise<Modules> => openModules({ tsconfig: configFile, cwd: process.cwd() }));

/**
 * Node's `load` hook (module.register), in the loaders' thread. Registered before tsx, it runs
 * after it: tsx asks for a module's source, gets it from here with our calls rewritten, and strips
 * the types as always. Node's own type stripping (22.6+) reads the same source.
 */
export async function load(url: string, context: object, nextLoad: NextLoad): Promise<LoadResult> {
  const result = await nextLoad(url, context);
  if (!url.startsWith("file:") || result.source == null) return result;
  const file = fileURLToPath(url);
  if (!SOURCE.test(file)) return result;
  const code = typeof result.source === "string" ? result.source : Buffer.from(result.source as ArrayBuffer).toString("utf8");
  const modules = await modulesOf(file, code);
  const rewritten = rewriteModule(file, code, modules);
  return rewritten === undefined ? result : { ...result, source: rewritten };
}
