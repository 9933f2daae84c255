import { FAIL, MAX_DEPTH, NO_PATH, escapeKey, got, record, recordWhole, type Context } from "./context";
import { copyJson, withoutNulls } from "./copyJson";
import { NULL_OPTIONAL_WORDS, REQUIRED_WORDS, TYPE_WORDS } from "./sentences";

/**
 * What the checks the transformer generates call into, one named export each: the issue list, the
 * few checks too long to inline, the formats, and the two ways a message shows a value. A generated
 * check names only the helpers it uses (`h.f`, `h.email`), so a bundler leaves the others out; the
 * messages themselves are worded at build time. Generated code is plain JavaScript in the user's
 * build: nothing here evaluates code at run time.
 */
export { closest as near, escapeKey as esc, fitsKeys as fit, got, show, showString as q, showsPlain as p } from "./context";
export { compiled as re, length as len } from "./strings";
export { typeText as ty } from "./typeText";
export { isMultiple as mul } from "./numbers";
export { findRepeat as rep } from "./uniqueItems";
// The repair pass of a check built with `coerce`: a repair recorded, a numeric string read, JSON text read.
export { record as cr, numeric as num, jsonText as jt } from "./coerce";
export { repairing as fix, validateRepairing, mapRepairing } from "./repair";
export {
  isDate as date,
  isDateTime as dateTime,
  isEmail as email,
  isHostname as hostname,
  isIpv4 as ipv4,
  isIpv6 as ipv6,
  isTime as time,
  isUri as uri,
  isUuid as uuid,
} from "./formats";

/** An optional property sent as null, told to leave it out: the words of the issue after its place. */
export const NO = NULL_OPTIONAL_WORDS;

/** What a failed check returns; the issue is already recorded. */
export const F = FAIL;
/** Nesting past this is a `depth` issue. */
export const D = MAX_DEPTH;
/** Records an issue at `path` (whose JSON Pointer the generated code built) and returns F. */
export const f = record;
/** Records an issue whose path is a frozen constant and whose message is whole, and returns F. */
export const g = recordWhole;

/** A place known at build time: its path, frozen, and its JSON Pointer, made once when a check is made. */
export interface Place {
  readonly path: readonly (string | number)[];
  readonly pointer: string;
  /** What a message there starts with: the pointer (`/limite `), or `the arguments ` at the root. */
  readonly lead: string;
  // The words `ti`, `ri` and `ni` last made there, and what each was made for.
  te: string | undefined;
  tw: string;
  re: string | undefined;
  rw: string;
  nw: string;
}

/** The place of `path` (`["payment", "type"]` is at `/payment/type`): the code names each place once. */
export function at(path: (string | number)[]): Place {
  const pointer = path.map((part) => "/" + escapeKey(String(part))).join("");
  return { path: Object.freeze(path), pointer, lead: `${pointer || "the arguments"} `, te: undefined, tw: "", re: undefined, rw: "", nw: "" };
}

/**
 * A message's words with the opening quote of a value shown plain, as one flat string, made once: a
 * check that shows a value joins it to these words at each issue. Joined with `+`, the two would stay
 * a pair that every issue's message walks again (10-20% slower on an invalid call); an array's join
 * writes one string.
 */
export const wq = (words: string): string => [words, '"'].join("");

/** Records an issue at a place made by `at`, whose message is whole, and returns F. */
export const i = (ctx: Context, place: Place, keyword: string, message: string): typeof FAIL => recordWhole(ctx, place.path, place.pointer, keyword, message);

// The words of the three commonest issues, which each place would otherwise write out whole: the
// generated code names the issue and what it expects, and these word it when it happens. A place
// keeps the words it last made, as one flat string: an issue then joins only the value to them, as
// a message written whole at build time does (made anew each time, they cost a tenth more).
const [TYPE_HEAD, TYPE_TAIL] = TYPE_WORDS.split(/\{expected\}\{orNull\}|\{got\}/);
const [REQUIRED_HEAD] = REQUIRED_WORDS.split("{expects}");

/** A type issue's words at a place (`/limite must be integer, got `), for what it expects. */
function typeWords(place: Place, expected: string): string {
  place.te = expected;
  return (place.tw = [place.lead, TYPE_HEAD, expected, TYPE_TAIL].join(""));
}

/** A `type` issue at a place: `/limite must be integer, got string "20"` (`expected` says ` or null` where null is taken). */
export const ti = (ctx: Context, place: Place, expected: string, value: unknown): typeof FAIL =>
  recordWhole(ctx, place.path, place.pointer, "type", (place.te === expected ? place.tw : typeWords(place, expected)) + got(value));

function requiredWords(place: Place, expects: string): string {
  place.re = expects;
  return (place.rw = [place.lead, REQUIRED_HEAD, expects].join(""));
}

/** A `required` issue at a place: `/query required, expected string` (`expects` is what follows `required`). */
export const ri = (ctx: Context, place: Place, expects: string): typeof FAIL =>
  recordWhole(ctx, place.path, place.pointer, "required", place.re === expects ? place.rw : requiredWords(place, expects));

/** A null sent for an optional key that takes none: a `type` issue that says to leave it out. */
export const ni = (ctx: Context, place: Place): typeof FAIL =>
  recordWhole(ctx, place.path, place.pointer, "type", place.nw || (place.nw = [place.lead, NULL_OPTIONAL_WORDS].join("")));

/**
 * Every key of an object that `known` lacks, refused with `text` at `path` + the key, up to the cap:
 * the full check's walk over the keys of an object that declares its keys and takes no other.
 */
export function uk(ctx: Context, value: object, known: ReadonlySet<string>, path: readonly (string | number)[], pointer: string, text: string): void {
  for (const key of Object.keys(value)) {
    if (ctx.issues.length >= ctx.max) break;
    if (!known.has(key)) record(ctx, [...path, key], `${pointer}/${escapeKey(key)}`, "additionalProperties", text);
  }
}

/** A scratch context for one member of a union: its first issue says it does not fit. */
export const trial = (ctx: Context): Context => ({ issues: [], max: 1, path: NO_PATH, defs: ctx.defs, reject: ctx.reject, depth: ctx.depth });

export const own = (value: object, key: string): boolean => Object.prototype.hasOwnProperty.call(value, key);

/** An `unknown` value on the happy path: copied as JSON, or F; nothing is reported. */
export const json = (value: unknown, depth: number): unknown => copyJson(value, { issues: [], max: 1, path: [], defs: undefined, reject: false, depth });

/** Any object as openai-strict's model sends it: copied, its top-level nulls the keys left out. */
export const jsonNA = (value: unknown, depth: number): unknown => withoutNulls(json(value, depth));

/** An `unknown` value at `path`: copied, checked as JSON. */
export function any(value: unknown, ctx: Context, path: (string | number)[], depth: number): unknown {
  const [saved, before] = [ctx.path, ctx.depth];
  ctx.path = [...path];
  ctx.depth = depth;
  try {
    return copyJson(value, ctx);
  } finally {
    ctx.path = saved;
    ctx.depth = before;
  }
}
