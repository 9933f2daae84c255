import { schemaof } from "./index.js";

/** `schemaof()` as a rollup plugin. */
export default schemaof.rollup;
