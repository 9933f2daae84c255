/**
 * `dist/output-edits.js`: the output editor of `schemaof build` on TypeScript 7 as a bundle of its
 * own, which cli/rewriteOutputs.ts loads at the first output the cache cannot answer.
 */
export { NotFoundInOutput, toEdits } from "../render/toEdits";
