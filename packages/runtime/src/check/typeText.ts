import { got } from "./context";
import { JSON_TEXT_WORDS, OR_NULL_WORDS, TYPE_WORDS, fillText } from "./sentences";

/** JSON text of an object or array, as a model sends one it encoded once too often: `"{\"from\": …}"`. */
const JSON_TEXT = "^\\s*[\\[{]";
const jsonText = new RegExp(JSON_TEXT);

/** Whether an issue of `expected` for `value` is JSON text sent in place of the value itself. */
const isJsonText = (expected: string, value: unknown): boolean =>
  (expected === "object" || expected === "array") && typeof value === "string" && jsonText.test(value);

/**
 * A value of the wrong JSON type, in words (`must be object, got number`); JSON text where an
 * object or array belongs is told to send the value itself. The interpreter's words, and the
 * generated check's for an object or an array, worded when the issue is (its branches were a
 * tenth of a check's code).
 */
export const typeText = (expected: string, value: unknown, nullable?: unknown): string =>
  fillText(isJsonText(expected, value) ? JSON_TEXT_WORDS : TYPE_WORDS, { expected, orNull: nullable ? OR_NULL_WORDS : "", got: got(value) });
