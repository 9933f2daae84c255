export { interpretArgs } from "./interpret";
// The interpreter's wording of issues, from the runtime's table of sentences.
export { say } from "@schemaof/transformer/kinds";
