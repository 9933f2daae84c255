import type { Target } from "@schemaof/runtime";

/** What one request of a provider takes at most, from its documentation. */
interface Limits {
  /** Tools (function declarations) in one request. */
  readonly tools?: number;
  /** Anthropic's strict mode counts these across all strict tools of a request. */
  readonly optional?: number;
  readonly unions?: number;
}

/**
 * OpenAI: 128 functions a request (Chat Completions and Responses). Gemini: 512 function
 * declarations. Anthropic strict tool use: 20 strict tools, and across them 24 optional parameters
 * and 16 parameters of union type (nullable ones count). Anthropic without strict states no count.
 */
const LIMITS: Readonly<Partial<Record<Target, Limits>>> = {
  openai: { tools: 128 },
  "openai-strict": { tools: 128 },
  gemini: { tools: 512 },
  "gemini-openapi": { tools: 512 },
  "anthropic-strict": { tools: 20, optional: 24, unions: 16 },
};

/** A tool set's totals for one target, and each limit it goes over, said with the excess. */
export interface SetTotals {
  readonly target: Target;
  readonly tools: number;
  readonly bytes: number;
  readonly tokens: number;
  readonly optional: number;
  readonly unions: number;
  readonly over: readonly string[];
}

/** The limits a set of `tools` tools, with `optional` and `unions` summed over them, goes over for `target`. */
export function overLimits(target: Target, counts: { readonly tools: number; readonly optional: number; readonly unions: number }): string[] {
  const limits = LIMITS[target];
  if (!limits) return [];
  const over: string[] = [];
  const check = (count: number, limit: number | undefined, what: string, fix: string) => {
    if (limit !== undefined && count > limit) over.push(`${count} ${what}, over ${target}'s ${limit} a request by ${count - limit}; ${fix}`);
  };
  check(counts.tools, limits.tools, "tools", "send fewer tools a request (a tool set per task)");
  check(counts.optional, limits.optional, "optional parameters across its strict tools", "make some required, or send some tools without strict");
  check(
    counts.unions,
    limits.unions,
    "union parameters across its strict tools (nullable ones count)",
    "make some values non-nullable, or send some tools without strict",
  );
  return over;
}

/**
 * The optional properties and unions of a written schema, counted as Anthropic's strict mode counts
 * them: every property not in its object's `required`, every `anyOf` and every type array.
 */
export function countParts(schema: unknown): { optional: number; unions: number } {
  let optional = 0;
  let unions = 0;
  const visit = (node: unknown): void => {
    if (typeof node !== "object" || node === null) return;
    if (Array.isArray(node)) return node.forEach(visit);
    const record = node as Record<string, unknown>;
    if (Array.isArray(record.anyOf)) unions++;
    if (Array.isArray(record.type) && record.type.length > 1) unions++;
    const properties = record.properties as Record<string, unknown> | undefined;
    if (properties && typeof properties === "object") {
      const required = new Set(Array.isArray(record.required) ? (record.required as string[]) : []);
      for (const name of Object.keys(properties)) if (!required.has(name)) optional++;
      Object.values(properties).forEach(visit);
    }
    for (const key of ["items", "prefixItems", "anyOf", "additionalProperties", "$defs"]) {
      const child = record[key];
      if (key === "$defs" && child && typeof child === "object") Object.values(child).forEach(visit);
      else visit(child);
    }
  };
  visit(schema);
  return { optional, unions };
}
