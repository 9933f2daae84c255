/**
 * `@schemaof/runtime/interpret`: what an interpreter of plans runs with (the tests' reference,
 * `@schemaof/reference`): the context it records issues in, the answer `validateArgs` gives, the
 * copy of `unknown` values, and the checks and sentences generated code reaches through
 * `/helpers`. Not for hand-written code; nothing a user's code runs imports it.
 */
export { FAIL, MAX_DEPTH, PROTO, closest, define, fail, fitsKeys, full, got, isPlainObject, show, type Checked, type Context } from "./check/context";
export { contextFor, finish, unreadable, type CheckOptions } from "./check/checkArgs";
export { copyJson, withoutNulls } from "./check/copyJson";
export { findRepeat } from "./check/uniqueItems";
export { compiled, length } from "./check/strings";
export { isMultiple } from "./check/numbers";
export { FORMATS, RULES, formatOf, rulesFor, sayKeyword, type Came, type RuleName, type ValueKind } from "./check/keywords";
export { isDate, isDateTime } from "./check/formats";
export { typeText } from "./check/typeText";
export { SENTENCES, allowedText, counted, fill, fillText, notAllowedText, requiredOneOfText } from "./check/sentences";
export type { Issue } from "./issues";
export type { Literal, ObjectPlan, Plan, PlanNode, PropertyPlan, Rules } from "./plan";
