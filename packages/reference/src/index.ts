export { interpretArgs } from "./interpret";
export { FORMAT_CHECKS } from "./formats";
// The runtime's wording of issues, which the transformer's must equal until both read one table.
export { say } from "../../runtime/src/check/messages";
