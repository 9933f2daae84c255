/**
 * `@schemaof/transformer/source`: the rewrite of TypeScript modules one at a time, for hosts that
 * hand the result to another compiler (the bundler plugins of `@schemaof/unplugin`, the loader of
 * `@schemaof/transformer/register`).
 */
export { openModules, openModulesSync, modulesOver, findConfig, NoTsconfig } from "./openModules";
export type { Modules, ModulesOptions, ModuleResult, ModuleProblem } from "./openModules";
export type { ModuleChecker } from "./ModuleChecker";
export { programFiles } from "./programFiles";
export { scriptCallsIntrinsic } from "../project";
export type { FileAnalysis } from "./programFiles";
export type { FileRewrite, CallRewrite, Piece } from "../project";
export { RULE_NAMES } from "../lint/lintTool";
