import { schemaof } from "./index.js";

/** `schemaof()` as a rolldown plugin. */
export default schemaof.rolldown;
