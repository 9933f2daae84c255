import { FAIL, MAX_DEPTH, escapeKey, record, type Context } from "./context";
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
  trial(ctx: Context): Context;
  say: typeof say;
  own(value: object, key: string): boolean;
  re: typeof compiled;
  len: typeof length;
  mul: typeof isMultiple;
  fmt: typeof checkFormat;
  dt: typeof isDateTime;
  rep: typeof findRepeat;
  /** An `unknown` value at `path`: copied, checked as JSON. */
  any(value: unknown, ctx: Context, path: (string | number)[], depth: number): unknown;
}

export const helpers: Helpers = {
  F: FAIL,
  D: MAX_DEPTH,
  f: record,
  esc: escapeKey,
  trial: (ctx) => ({ issues: [], max: 1, path: [], defs: ctx.defs, reject: ctx.reject, depth: ctx.depth }),
  say,
  own: (value, key) => Object.prototype.hasOwnProperty.call(value, key),
  re: compiled,
  len: length,
  mul: isMultiple,
  fmt: checkFormat,
  dt: isDateTime,
  rep: findRepeat,
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
