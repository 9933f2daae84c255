import { say } from "./messages";
import { FAIL, MAX_DEPTH, PROTO, define, fail, full, isPlainObject, type Checked, type Context } from "./context";

/**
 * An `unknown`/`any` value: any JSON value, copied without recursion (an explicit stack, so deep
 * input cannot overflow), with a `__proto__` key left out (an issue under reject) and non-JSON values
 * (functions, symbols, bigint, undefined, NaN, Infinity, class instances) reported.
 */
export function copyJson(value: unknown, ctx: Context): Checked {
  if (typeof value !== "object" || value === null) return scalar(value, ctx, []);
  const root: { v?: unknown } = {};
  const stack: { source: unknown; target: Record<string | number, unknown>; key: string | number; trail: (string | number)[] }[] = [
    { source: value, target: root as Record<string, unknown>, key: "v", trail: [] },
  ];
  let ok = true;
  while (stack.length) {
    const { source, target, key, trail } = stack.pop()!;
    if (key === PROTO) {
      // Never copied; said, in its place among the issues, to a caller that rejects unknown keys.
      if (ctx.reject) {
        ok = false;
        at(ctx, trail, () => fail(ctx, "propertyNames", say.protoKey()));
        if (full(ctx)) return FAIL;
      }
      continue;
    }
    if (typeof source !== "object" || source === null) {
      const copied = scalar(source, ctx, trail);
      if (copied === FAIL) ok = false;
      else target[key] = copied;
      continue;
    }
    if (ctx.depth + trail.length >= MAX_DEPTH) {
      ok = false;
      at(ctx, trail, () => fail(ctx, "depth", say.depth(MAX_DEPTH)));
      continue;
    }
    if (Array.isArray(source)) {
      const copy: unknown[] = new Array(source.length);
      target[key] = copy;
      for (let i = source.length - 1; i >= 0; i--)
        stack.push({ source: i in source ? source[i] : undefined, target: copy as never, key: i, trail: [...trail, i] });
    } else if (isPlainObject(source)) {
      const copy: Record<string, unknown> = {};
      define(target, String(key), copy);
      for (const name of Object.keys(source).reverse()) {
        stack.push({ source: source[name], target: copy, key: name, trail: [...trail, name] });
      }
    } else {
      ok = false;
      at(ctx, trail, () => fail(ctx, "type", say.instance(Object.prototype.toString.call(source).slice(8, -1))));
    }
    if (!ok && full(ctx)) return FAIL;
  }
  return ok ? root.v : FAIL;
}

function scalar(value: unknown, ctx: Context, trail: (string | number)[]): Checked {
  if (typeof value === "string" || typeof value === "boolean" || value === null) return value;
  if (typeof value === "number" && Number.isFinite(value)) return value;
  return at(ctx, trail, () => fail(ctx, "type", say.notJson(value)));
}

function at(ctx: Context, trail: (string | number)[], report: () => typeof FAIL): typeof FAIL {
  ctx.path.push(...trail);
  try {
    return report();
  } finally {
    ctx.path.length -= trail.length;
  }
}

/** A copied object without its top-level `null`s (keys openai-strict's model sends for a key left out); anything else as it is. */
export function withoutNulls(copied: unknown): unknown {
  if (typeof copied !== "object" || copied === null || Array.isArray(copied)) return copied;
  const record = copied as Record<string, unknown>;
  for (const key of Object.keys(record)) if (record[key] === null) delete record[key];
  return record;
}
