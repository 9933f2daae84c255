import type { CallToolResult } from "../tool";

/** A tool result's text, as an MCP client shows it to the model: its text parts, a line apart. */
export const resultText = (result: CallToolResult): string => result.content.map((part) => part.text).join("\n");
