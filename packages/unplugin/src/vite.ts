import { schemaof } from "./index.js";

/** `schemaof()` as a vite plugin. */
export default schemaof.vite;
