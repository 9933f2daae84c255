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
  /** The tool set (`toolSet`; `"default"` for the tools that name none). */
  readonly set: string;
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

/** The set of the tools that name none. */
export const DEFAULT_SET = "default";

/** What counting a tool set needs of each tool: its name, its sets, its input schema per target. */
export interface SetMember {
  readonly name: string;
  readonly sets?: readonly string[];
  readonly schemas: Readonly<Partial<Record<string, unknown>>>;
}

/** One tool set as one request to one provider carries it: its tools, what they count, the limits they go over. */
export interface SetCount<T> {
  readonly set: string;
  readonly target: Target;
  readonly members: readonly T[];
  readonly tools: number;
  readonly optional: number;
  readonly unions: number;
  /** Each limit of the provider it goes over, said with the excess and the fix. */
  readonly over: readonly string[];
  /** Names two of its tools share (a request takes each once; a project may still build one tool twice). */
  readonly repeated: readonly string[];
}

/**
 * Per tool set, and per target any of its tools is built for (each in the order first met), the set
 * as one request carries it: the build (toolSetProblems) and `schemaof tools` both count this way.
 */
export function countSets<T extends SetMember>(tools: readonly T[]): SetCount<T>[] {
  const sets = [...new Set(tools.flatMap((tool) => tool.sets ?? [DEFAULT_SET]))];
  return sets.flatMap((set) => {
    const inSet = tools.filter((tool) => (tool.sets ?? [DEFAULT_SET]).includes(set));
    const targets = [...new Set(inSet.flatMap((tool) => Object.keys(tool.schemas) as Target[]))];
    return targets.map((target) => {
      const members = inSet.filter((tool) => tool.schemas[target] !== undefined);
      const parts = members.map((tool) => countParts(tool.schemas[target]));
      const counts = {
        tools: members.length,
        optional: parts.reduce((sum, part) => sum + part.optional, 0),
        unions: parts.reduce((sum, part) => sum + part.unions, 0),
      };
      const names = members.map((tool) => tool.name);
      const repeated = [...new Set(names.filter((name, i) => names.indexOf(name) !== i))];
      return { set, target, members, ...counts, over: overLimits(target, counts), repeated };
    });
  });
}
