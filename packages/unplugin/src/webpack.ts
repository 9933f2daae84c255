import { schemaof } from "./index.js";

/** `schemaof()` as a webpack plugin. */
export default schemaof.webpack;
