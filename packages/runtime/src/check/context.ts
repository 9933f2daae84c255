import type { Context } from "../plan";
import type { Issue } from "../issues";
import { SENTENCES, fillText } from "./sentences";

export type { Context };

/**
 * Returned by a check that failed; the issue is already in the context. A registered symbol: the
 * CommonJS and the ES module builds of the runtime are two copies, and a check made by one may
 * be run by the other.
 */
export const FAIL: unique symbol = Symbol.for("schemaof.fail");
export type Checked = unknown | typeof FAIL;

/** The path of a context whose check never keeps one: frozen, so nothing can grow it by mistake. */
export const NO_PATH: (string | number)[] = Object.freeze([]) as unknown as (string | number)[];

/** Nesting past this is an issue, not a stack overflow. */
export const MAX_DEPTH = 256;

export const full = (ctx: Context): boolean => ctx.issues.length >= ctx.max;

/** A key as a JSON Pointer segment: `~` and `/` escaped. */
export function escapeKey(key: string): string {
  return key.includes("~") || key.includes("/") ? key.replace(/~/g, "~0").replace(/\//g, "~1") : key;
}

/** Adds an issue, up to the cap: `/limite must be <= 100, got 500`. */
export function record(ctx: Context, path: (string | number)[], pointer: string, keyword: string, text: string): typeof FAIL {
  return ctx.issues.length < ctx.max ? recordWhole(ctx, path, pointer, keyword, `${pointer ? shownPointer(pointer) : "the arguments"} ${text}`) : FAIL;
}

/**
 * A pointer as a message starts with it: a key the model sent may hold a line break or a character
 * that reorders what follows (U+202E), shown escaped there; the issue's `pointer` keeps the key as it is.
 */
export function shownPointer(pointer: string): string {
  for (let i = 0; i < pointer.length; i++) {
    const c = pointer.charCodeAt(i);
    if (c < 32 || (c >= 0x61c && isInvisible(c))) return quoteVisibly(pointer).slice(1, -1);
  }
  return pointer;
}

/** Adds an issue whose message the generated check wrote whole, place included, up to the cap. */
export function recordWhole(ctx: Context, path: readonly (string | number)[], pointer: string, keyword: string, message: string): typeof FAIL {
  if (ctx.issues.length < ctx.max) ctx.issues.push({ path, pointer, keyword, message });
  return FAIL;
}

/** Records an issue at the current path (and `key` below it). */
export function fail(ctx: Context, keyword: string, text: string, key?: string | number): typeof FAIL {
  if (full(ctx)) return FAIL;
  const path = key === undefined ? [...ctx.path] : [...ctx.path, key];
  return record(ctx, path, path.map((part) => "/" + escapeKey(String(part))).join(""), keyword, text);
}

/** True when JSON.stringify would escape something in the text, or it holds an invisible character. */
function needsEscape(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 32 || c === 34 || c === 92 || (c >= 0xd800 && c <= 0xdfff) || (c >= 0x61c && isInvisible(c))) return true;
  }
  return false;
}

/**
 * Characters that reorder or hide the text after them (bidirectional controls such as U+202E,
 * zero-width ones, the byte order mark, line and paragraph separators): a message shows them as
 * `\u` escapes, or a model, a terminal or a log viewer would obey them.
 */
const isInvisible = (c: number): boolean =>
  c === 0x61c || (c >= 0x200b && c <= 0x200f) || c === 0x2028 || c === 0x2029 || (c >= 0x202a && c <= 0x202e) || (c >= 0x2060 && c <= 0x2069) || c === 0xfeff;

/** `text` as a JSON string literal, invisible characters escaped too (by the engine's own search: keys can be megabytes long). */
export const quoteVisibly = (text: string): string => JSON.stringify(text).replace(INVISIBLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);

const INVISIBLE = /[\u061c\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060-\u2069\ufeff]/g;

/** Quoted as JSON.stringify would, without calling it when nothing needs escaping (the common case). */
const quote = (text: string): string => (needsEscape(text) ? quoteVisibly(text) : `"${text}"`);

/**
 * A string a message can show as it is, between quotes: short, nothing to escape. The generated
 * checks then put the quotes around it in the message's own concatenation, which V8 does far more
 * cheaply than building the quoted string apart.
 */
export const showsPlain = (value: unknown): boolean => typeof value === "string" && value.length <= 40 && !needsEscape(value);

/** A string as a message shows it: quoted, cut after 40 characters. */
export const showString = (value: string): string => quote(value.length > 40 ? value.slice(0, 40) + "…" : value);

/** A value as a message shows it: strings quoted and cut, containers by kind. */
export function show(value: unknown): string {
  if (typeof value === "string") return showString(value);
  if (value === null || typeof value === "boolean") return String(value);
  if (typeof value === "number") return Number.isFinite(value) ? `${value}` : String(value);
  if (Array.isArray(value)) return "an array";
  if (typeof value === "object") return "an object";
  return typeof value === "undefined" ? "undefined" : `a ${typeof value}`;
}

/**
 * What came, in a type issue: a string, number or boolean with its JSON type (`integer 3`,
 * `string "x"`, `boolean true`); anything else is named by what it is (`an object`, `null`,
 * `a function`).
 */
export function got(value: unknown): string {
  const kind = typeof value;
  return kind === "string" || kind === "number" || kind === "boolean" ? `${jsonType(value)} ${show(value)}` : show(value);
}

/** The JSON type of a value, as JSON Schema's `type` names it. */
export function jsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isFinite(value) ? (Number.isInteger(value) ? "integer" : "number") : "non-finite number";
  return typeof value;
}

/** A plain object, as JSON.parse makes them: not an array, a Date, a Map or a class instance. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * The one key JavaScript reads as the prototype: never written into a result. It is left out, or an
 * issue under `unknownKeys: "reject"`. `constructor` and `prototype` are data like any key: kept,
 * as own properties, which reach no prototype.
 */
export const PROTO = "__proto__";

/** Writes an own, enumerable property, even one named `__proto__` (plain assignment elsewhere: it keeps objects fast). */
export function define(target: object, key: string, value: unknown): void {
  if (key === "__proto__") Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else (target as Record<string, unknown>)[key] = value;
}

/**
 * Whether every key of `value` is one of `keys` or matches one of `patterns` (a value that is no
 * plain object fits any member): a union takes first the member under which no key of the value is
 * dropped, so `{ wrapped: … }` is `{ wrapped: X }`, not an all-optional `X` (or a map of numeric
 * keys) with `wrapped` dropped.
 */
export function fitsKeys(value: unknown, keys: ReadonlySet<string>, patterns?: readonly RegExp[]): boolean {
  if (!isPlainObject(value)) return true;
  for (const key of Object.keys(value)) if (!keys.has(key) && !patterns?.some((pattern) => pattern.test(key))) return false;
  return true;
}

/**
 * What a union no member takes adds to its summary: the member the value came closest to, by the
 * first issue of each member's trial (in member order): the one that got deepest into the value, a
 * key that came but is wrong before a key that is missing; nothing when none got inside it (a
 * string where every member is an object) or two got as close (both miss a key: neither is named).
 * `depth` is the union's own path length.
 */
export function closest(trials: readonly { readonly issues: readonly Issue[] }[], depth: number): string {
  let best: Issue | undefined;
  let score = 0;
  let tied = false;
  for (const { issues } of trials) {
    const [first] = issues;
    const deeper = first ? first.path.length - depth : 0;
    const mine = deeper > 0 ? deeper * 2 + (first.keyword === "required" ? 0 : 1) : 0;
    if (mine > score) [best, score, tied] = [first, mine, false];
    else if (mine === score) tied = true;
  }
  return best && !tied ? fillText(SENTENCES.closest, { issue: best.message }) : "";
}
