/**
 * `@schemaof/transformer/kinds`: each plan kind's code, one module a kind, its back-ends side by
 * side (`check<Kind>` the check's code, issues and mapped value; `map<Kind>` the happy path's, a
 * verdict and mapped value for unions and the repair pass; `interpret<Kind>` the
 * reference check). The walkers that dispatch over them: toCheckSource and toMapSource here, and
 * the interpreter of `@schemaof/reference`, which reads this subpath.
 */
export { interpretAny } from "./any";
export { interpretBoolean } from "./boolean";
export { interpretNull } from "./null";
export { interpretEnum } from "./enum";
export { interpretDate } from "./date";
export { interpretString } from "./string";
export { interpretNumber } from "./number";
export { interpretArray } from "./array";
export { interpretTuple } from "./tuple";
export { interpretObject } from "./object";
export { interpretUnion } from "./union";
export { interpretRef } from "./ref";
export { say } from "./say";
export type { Interpret } from "./walks";
