/**
 * This build of schemaof, written in by the bundle (scripts/bundle-entry.mjs: a hash of its sources
 * and version); undefined when running the unbundled modules, which then keep no cache.
 */
declare const __SCHEMAOF_BUILD__: string | undefined;
export const BUILD = typeof __SCHEMAOF_BUILD__ === "string" ? __SCHEMAOF_BUILD__ : undefined;

/** Whether results are kept on disk: in the bundle, unless `SCHEMAOF_CACHE=0`. */
export const caching = (): boolean => BUILD !== undefined && process.env.SCHEMAOF_CACHE !== "0";
