/**
 * `@schemaof/runtime/helpers`: what the checks the transformer emits import
 * (`import * as __schemaof from "@schemaof/runtime/helpers"`). Not for hand-written code.
 */
export * from "./check/helpers";
