import { Code } from "../diagnostics/messages";
import { isObject, type JsonObject, type Parameter, type Parameters } from "./parameters";
import { THRESHOLDS } from "./thresholds";
import { describesOnlyName, listedValues, words } from "./words";
import { exampleBreaks } from "./exampleBreaks";
import type { JsonValue } from "../model/Json";

/** What a rule reads: the tool as a client lists it, and its input schema walked. */
export interface LintSubject {
  readonly name: string;
  readonly description?: string;
  readonly parameters: Parameters;
  /** The targets the tool is built for, MCP's always among them. */
  readonly targets: readonly string[];
}

/** One finding of a rule: where (a parameter's path, or `(root)` for the tool) and the fix in words. */
export interface Finding {
  readonly path: string;
  readonly detail: string;
}

export interface LintRule {
  readonly name: string;
  readonly code: Code;
  check(tool: LintSubject): readonly Finding[];
}

const ROOT = "(root)";
const described = (schema: JsonObject) => typeof schema.description === "string" && schema.description.trim() !== "";
const typeOf = (schema: JsonObject) => (typeof schema.type === "string" ? schema.type : undefined);
const BOUNDED_STRING = ["enum", "const", "format", "pattern", "minLength", "maxLength", "contentEncoding", "contentMediaType"];
/** A string that nothing says anything of: no description, no closed set, no format, no bound. */
const isFreeString = (schema: JsonObject) => typeOf(schema) === "string" && !described(schema) && !BOUNDED_STRING.some((key) => key in schema);

/**
 * Names that say a parameter counts or caps (`limit`, `maxResults`, `top_k`, `pageSize`,
 * `resultCount`): a model asked for one with no maximum may send a million. Read on the name's words.
 */
function countsByName(name: string): boolean {
  const w = words(name);
  const [first, last] = [w[0], w[w.length - 1]];
  if (["max", "maximum", "num", "top"].includes(first) && w.length > 1) return true;
  if (["limit", "count"].includes(last)) return true;
  if (last === "size" && ["page", "batch", "chunk"].includes(w[w.length - 2])) return true;
  return w.join(" ") === "per page" || (first === "top" && w.length === 1);
}

/**
 * What the application knows and a model would only guess or leak: the session's or the caller's
 * identity and credentials. A token that pages (`pageToken`, `nextToken`) is the model's to pass on.
 */
const AMBIENT = new Set([
  "sessionid",
  "currentuserid",
  "callerid",
  "requesterid",
  "token",
  "accesstoken",
  "authtoken",
  "bearertoken",
  "refreshtoken",
  "idtoken",
  "apikey",
  "apitoken",
  "secret",
  "clientsecret",
  "password",
  "passwd",
  "privatekey",
  "credentials",
  "authorization",
]);

/** Tool names each provider takes (MCP 2025-11-25's SHOULD; OpenAI's and Anthropic's function names; Gemini's). */
const NAME_RULES: Readonly<Record<string, { readonly pattern: RegExp; readonly says: string }>> = {
  mcp: { pattern: /^[A-Za-z0-9_.-]{1,128}$/, says: "1 to 128 letters, digits, '_', '-' or '.'" },
  openai: { pattern: /^[A-Za-z0-9_-]{1,64}$/, says: "1 to 64 letters, digits, '_' or '-'" },
  anthropic: { pattern: /^[A-Za-z0-9_-]{1,64}$/, says: "1 to 64 letters, digits, '_' or '-'" },
  gemini: { pattern: /^[A-Za-z_][A-Za-z0-9_.:-]{0,63}$/, says: "a letter or '_' first, then up to 63 letters, digits, '_', '.', ':' or '-'" },
};
const providerOf = (target: string) => target.replace(/-(strict|openapi)$/, "");
/** Anthropic's tools refuse a property key outside this (its input_schema's properties). */
const ANTHROPIC_KEY = /^[A-Za-z0-9_.-]{1,64}$/;

/** Every rule, in code order; `name` is what the plugin entry's `lint` sets a level for. */
export const LINT_RULES: readonly LintRule[] = [
  {
    name: "tool-description",
    code: Code.NoToolDescription,
    check: (tool) =>
      tool.description?.trim()
        ? []
        : [
            {
              path: ROOT,
              detail:
                "write a JSDoc summary on the function: what it does, what it returns and when to call it, e.g. /** Finds books by words of their title. */.",
            },
          ],
  },
  {
    name: "description-length",
    code: Code.DescriptionLength,
    check: ({ name, description }) => {
      const text = description?.trim();
      if (!text) return [];
      const { min, max } = THRESHOLDS.description;
      if (describesOnlyName(text, name))
        return [
          {
            path: ROOT,
            detail: `"${text}" only restates the name '${name}': say what it does that the name does not (what it reads or changes, what it returns, when to use it).`,
          },
        ];
      if (text.length < min)
        return [
          { path: ROOT, detail: `${text.length} characters ("${text}"); say what it does, what it returns and when to use it, in ${min} characters or more.` },
        ];
      if (text.length > max)
        return [
          {
            path: ROOT,
            detail: `${text.length} characters, about ${Math.round(text.length / 4)} tokens sent on every turn; OpenAI refused more than ${max} until 2025, and clients built then still do: say what it does and when, and move the details to the parameters' descriptions.`,
          },
        ];
      return [];
    },
  },
  {
    name: "free-string",
    code: Code.FreeString,
    check: ({ parameters }) =>
      parameters.all
        .filter((parameter) => isFreeString(parameter.schema))
        .map(({ path }) => ({ path, detail: 'say what it holds in a JSDoc comment, or bound it: a literal union, Format<"…">, Pattern<"…">, MaxLength<n>.' })),
  },
  {
    name: "parameter-description",
    code: Code.NoParameterDescription,
    // The tool's own parameters (a free string is the rule above's); a nested one is read in its parent's terms.
    check: ({ parameters }) =>
      parameters.top
        .filter(({ schema }) => !described(schema) && !isFreeString(schema))
        .map(({ path }) => ({ path, detail: "say in a JSDoc comment (or an @param tag) what it is for and what a good value looks like." })),
  },
  {
    name: "closed-set-in-description",
    code: Code.ClosedSetInProse,
    check: ({ parameters }) =>
      parameters.all.flatMap(({ path, schema }) => {
        if (typeOf(schema) !== "string" || "enum" in schema || "const" in schema || typeof schema.description !== "string") return [];
        const values = listedValues(schema.description);
        if (!values) return [];
        return [
          {
            path,
            detail: `its description lists ${values.map((v) => `"${v}"`).join(", ")}: write the type as ${values.map((v) => `"${v}"`).join(" | ")}, and a model can send nothing else.`,
          },
        ];
      }),
  },
  {
    name: "untyped-input",
    code: Code.UntypedInput,
    check: ({ parameters }) =>
      parameters.all
        .filter(({ schema }) => !["type", "enum", "const", "anyOf", "oneOf", "allOf", "$ref", "not"].some((key) => key in schema))
        .map(({ path }) => ({ path, detail: "it is 'any' or 'unknown': give it the type the tool reads (a JSON value a model can write)." })),
  },
  {
    name: "unbounded-count",
    code: Code.UnboundedCount,
    check: ({ parameters }) =>
      parameters.all.flatMap(({ path, name, schema }) =>
        (typeOf(schema) === "integer" || typeOf(schema) === "number") &&
        countsByName(name) &&
        !("maximum" in schema) &&
        !("exclusiveMaximum" in schema) &&
        !("enum" in schema)
          ? [{ path, detail: `'${name}' says it counts and has no maximum, so a model may ask for a million: write Maximum<n> (and Minimum<1>).` }]
          : [],
      ),
  },
  {
    name: "too-many-parameters",
    code: Code.TooManyParameters,
    check: ({ parameters }) => {
      const { total, required } = THRESHOLDS.parameters;
      const count = parameters.top.length;
      const needed = parameters.top.filter((parameter) => parameter.required).length;
      if (count <= total && needed <= required) return [];
      return [
        {
          path: ROOT,
          detail: `${count} parameters, ${needed} of them required, past ${total} and ${required} (131 published MCP tools take at most 9, 6 required): split the tool by what it is used for, or make the rarely needed ones optional.`,
        },
      ];
    },
  },
  {
    name: "nesting-depth",
    code: Code.DeepNesting,
    check: ({ parameters }) => {
      const deepest = parameters.all.reduce<Parameter | undefined>(
        (found, parameter) => (parameter.depth > (found?.depth ?? 0) ? parameter : found),
        undefined,
      );
      const { depth } = THRESHOLDS;
      if (!deepest || deepest.depth <= depth) return [];
      return [
        {
          path: deepest.path,
          detail: `${deepest.depth} objects deep, past ${depth} (131 published MCP tools go 2 deep at most): flatten the inner objects into named parameters.`,
        },
      ];
    },
  },
  {
    name: "untagged-union",
    code: Code.UntaggedUnion,
    check: ({ parameters }) =>
      parameters.unions
        .filter(({ members }) => !hasTag(members))
        .map(({ path }) => ({ path, detail: 'give each member a literal property that names it (kind: "…"), so a model says which one it sends.' })),
  },
  {
    name: "ambient-parameter",
    code: Code.AmbientParameter,
    check: ({ parameters }) =>
      parameters.all
        .filter(({ name }) => AMBIENT.has(words(name).join("")))
        .map(({ path, name }) => ({
          path,
          detail: `a model can only guess or leak '${name}': take it from where the application holds it (the server's auth, the handler's closure), not from the arguments.`,
        })),
  },
  {
    name: "example-type",
    code: Code.ExampleBreaksType,
    // A model copies an example's form: one the check refuses teaches it the mistake.
    check: ({ parameters }) =>
      parameters.all.flatMap(({ path, schema, nullable }) =>
        (Array.isArray(schema.examples) ? (schema.examples as JsonValue[]) : []).flatMap((example) => {
          const reason = example === null && nullable ? undefined : exampleBreaks(schema, example, parameters.defs);
          return reason ? [{ path, detail: `the @example ${JSON.stringify(example)} ${reason}; write one the type takes, or fix the type.` }] : [];
        }),
      ),
  },
  {
    name: "refused-name",
    code: Code.RefusedName,
    check: ({ name, targets, parameters }) => {
      const findings: Finding[] = [];
      const providers = [...new Set(targets.map(providerOf))].filter((provider) => provider in NAME_RULES);
      for (const provider of providers) {
        const rule = NAME_RULES[provider];
        if (!rule.pattern.test(name))
          findings.push({ path: ROOT, detail: `${provider} takes ${rule.says} in a tool's name, not '${name}': pass { name: "…" } to toolOf.` });
      }
      if (providers.includes("anthropic")) {
        for (const { path, name: key } of parameters.all) {
          if (!ANTHROPIC_KEY.test(key))
            findings.push({ path, detail: `anthropic takes 1 to 64 letters, digits, '_', '-' or '.' in a property's name, not '${key}'.` });
        }
      }
      return findings;
    },
  },
];

/** A property that each member holds as a literal of its own (`kind: "card"`): what tells them apart. */
function hasTag(members: readonly JsonObject[]): boolean {
  const propertiesOf = (member: JsonObject) => (isObject(member.properties) ? member.properties : {});
  const literalOf = (schema: unknown) =>
    !isObject(schema) ? undefined : "const" in schema ? [schema.const] : Array.isArray(schema.enum) && schema.enum.length === 1 ? [schema.enum[0]] : undefined;
  return Object.keys(propertiesOf(members[0])).some((key) => {
    const literals = members.map((member) => literalOf(propertiesOf(member)[key]));
    return literals.every((literal) => literal !== undefined) && new Set(literals.map((literal) => literal![0])).size === members.length;
  });
}

/** The rule of each name, and the name list a level is checked against. */
export const LINT_RULE_NAMES = LINT_RULES.map((rule) => rule.name);

/** The rule that checks names across tools: tools whose names differ only by case or separators. */
export const COLLIDING_NAMES = { name: "colliding-names", code: Code.CollidingNames } as const;
