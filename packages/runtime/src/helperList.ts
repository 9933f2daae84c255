/**
 * What `@schemaof/runtime/helpers` exports, as an ES module (the CommonJS one adds `H`, see
 * helpers.ts): what the checks the transformer emits import (`import * as __schemaof from
 * "@schemaof/runtime/helpers"`). Not for hand-written code.
 */
export * from "./check/helpers";
// The words of every issue, which the transformer reads at build time to word the generated checks.
export { SENTENCES, allowedText, counted, fill, notAllowedText, requiredOneOfText } from "./check/sentences";
// The keyword table: which keywords there are, what each constrains and takes, the sentence of its issue.
export { FORMATS, RULES, rulesFor, type Came, type FormatName, type RuleName, type ValueKind } from "./check/keywords";
// The repairs a check can be built to make (`coerce`), which the transformer reads to build the repair pass.
export { COERCE_RULES, coerceRules, type CoerceRule } from "./check/coerce";
// The plan's types, which the transformer builds and reads at build time.
export type { Literal, ObjectPlan, Plan, PlanKind, PlanNode, PropertyPlan, Rules } from "./plan";
