import { FAIL, MAX_DEPTH, define, jsonType, type Context } from "./context";
import { say } from "./messages";
import { compiled, length } from "./strings";
import { isMultiple } from "./numbers";
import { findRepeat } from "./uniqueItems";
import { copyJson } from "./copyJson";
import { checkFormat, isDateTime } from "./formats";

/**
 * What the checks the transformer generates call into: the issue list, the messages, formats and
 * the few checks too long to inline. Generated code is plain JavaScript in the user's build, so
 * nothing here evaluates code at run time.
 */
export interface Helpers {
  readonly F: typeof FAIL;
  readonly D: number;
  /** Records an issue at `path` (whose JSON Pointer the generated code built) and returns FAIL. */
  f(ctx: Context, path: (string | number)[], pointer: string, keyword: string, text: string): typeof FAIL;
  /** A key as a JSON Pointer segment: `~` and `/` escaped. */
  esc(key: string): string;
  full(ctx: Context): boolean;
  trial(ctx: Context): Context;
  say: typeof say;
  t: typeof jsonType;
  own(value: object, key: string): boolean;
  re: typeof compiled;
  len: typeof length;
  mul: typeof isMultiple;
  fmt: typeof checkFormat;
  dt: typeof isDateTime;
  rep: typeof findRepeat;
  def: typeof define;
  /** An `unknown` value at `path`: copied, checked as JSON. */
  any(value: unknown, ctx: Context, path: (string | number)[], depth: number): unknown;
}

export const helpers: Helpers = {
  F: FAIL,
  D: MAX_DEPTH,
  f(ctx, path, pointer, keyword, text) {
    if (ctx.issues.length < ctx.max) ctx.issues.push({ path, pointer, keyword, message: `${pointer || "the arguments"} ${text}` });
    return FAIL;
  },
  esc: (key) => (key.includes("~") || key.includes("/") ? key.replace(/~/g, "~0").replace(/\//g, "~1") : key),
  full: (ctx) => ctx.issues.length >= ctx.max,
  trial: (ctx) => ({ issues: [], max: 1, path: [], defs: ctx.defs, reject: ctx.reject, depth: ctx.depth }),
  say,
  t: jsonType,
  own: (value, key) => Object.prototype.hasOwnProperty.call(value, key),
  re: compiled,
  len: length,
  mul: isMultiple,
  fmt: checkFormat,
  dt: isDateTime,
  rep: findRepeat,
  def: define,
  any(value, ctx, path, depth) {
    const saved = ctx.path.splice(0, ctx.path.length, ...path);
    const before = ctx.depth;
    ctx.depth = depth;
    try {
      return copyJson(value, ctx);
    } finally {
      ctx.path.splice(0, ctx.path.length, ...saved);
      ctx.depth = before;
    }
  },
};
