/**
 * `@schemaof/runtime/helpers` as a CommonJS module: every export of helperList.ts (the ES module's
 * entry), and `H`.
 */
export * from "./helperList";
import * as checkHelpers from "./check/helpers";

/**
 * Every helper of the generated checks, as one plain object: what a check in a CommonJS module is
 * handed (`__schemaof.H`), where no bundler would drop what it does not call (an ES module's check
 * names its own, which a bundler keeps alone; here `H` would keep them all). Each helper is a
 * property of its own, read as fast as from a check's own object, where the module's exports are getters.
 */
export const H = Object.freeze({ ...checkHelpers });
