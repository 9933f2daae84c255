import { schemaof } from "./index.js";

/** `schemaof()` as a rspack plugin. */
export default schemaof.rspack;
