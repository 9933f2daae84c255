import { schemaof } from "./index.js";

/** `schemaof()` as a esbuild plugin. */
export default schemaof.esbuild;
