/**
 * The core as every host reaches it (ts-patch, `schemaof build`, the bundlers and the loader, the
 * editor): open the project, test a file's text, rewrite a file, and render the plain data back.
 */
export { openProject, type OpenedProject, type ProjectSetup } from "./openProject";
// Where the project's TypeScript and its plugin entry are, and a file's text as it is on disk.
export { findTypeScript, NoTypeScript, type InstalledTypeScript } from "./findTypeScript";
export { readPluginEntry } from "./readPluginEntry";
export { readText } from "./readText";
// The quick text tests before a file is parsed, the plugin entry of a parsed tsconfig, and the
// rewrite of each file: plain data each host renders its own way.
export { mentionsIntrinsic, namesIntrinsic, scriptCallsIntrinsic, writesTypeArguments } from "../discover/mentionsIntrinsic";
export { pluginEntry, type ProjectOptions } from "../discover/readPluginConfig";
export { rewriteFile, type Project } from "../rewrite/rewriteFile";
export { fingerprint } from "../rewrite/fingerprint";
export type { FileRewrite, CallRewrite, Piece, ToolFacts } from "../rewrite/Rewrite";
