import type { JsonObject, JsonValue } from "../../model/Json";
import { DROPPED_WORDS } from "./targetRules";

/** The lower and upper bound of one measure: dropped together, they are said as a range. */
const BOUNDS: readonly (readonly [string, string])[] = [
  ["minimum", "maximum"],
  ["minLength", "maxLength"],
  ["minItems", "maxItems"],
];

/** Dropped keywords as words, in their order; a pair of bounds as one range (`1 to 100`, `2 to 5 items`). */
export function describeDropped(dropped: readonly string[], node: JsonObject): string[] {
  const words: string[] = [];
  for (const key of dropped) {
    const pair = BOUNDS.find((bounds) => bounds.includes(key) && bounds.every((bound) => dropped.includes(bound)));
    if (!pair) words.push(describeKeyword(key, node[key], node));
    else if (key === pair[0])
      words.push(`${node[pair[0]]} to ${node[pair[1]]}${pair[0] === "minimum" ? "" : pair[0] === "minItems" ? " items" : " characters"}`);
  }
  return words;
}

/** A dropped keyword as words a model reads: `at least 1`, `at most 5 items`, `no repeated items`. */
function describeKeyword(key: string, value: JsonValue, node: JsonObject): string {
  const noun = (word: string) => ` ${word}${value === 1 ? "" : "s"}`;
  const items = node.type === "array" ? noun("item") : "";
  const characters = node.type === "string" || (Array.isArray(node.type) && node.type.includes("string")) ? noun("character") : "";
  return Object.hasOwn(DROPPED_WORDS, key) ? DROPPED_WORDS[key](value, { items, characters }) : `${key} ${JSON.stringify(value)}`;
}
