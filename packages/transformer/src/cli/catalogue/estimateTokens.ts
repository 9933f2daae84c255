/**
 * An estimate of the tokens a function definition costs an OpenAI model on every turn, by the
 * formula OpenAI's cookbook publishes for tools ("How to count tokens with tiktoken", gpt-4o and
 * later: 7 a function, 3 for its properties, 3 a property, -3 an enum and 3 an enum value, 12 for
 * the set, plus the o200k tokens of `name:description` and of each `name:type:description`). The
 * cookbook counts the top-level properties only; nested ones are counted here by the same rule,
 * which a model is shown too. An estimate: OpenAI renders the definitions its own way.
 */
const FUNCTION = 7;
const PROPERTIES = 3;
const PROPERTY = 3;
const ENUM = -3;
const ENUM_VALUE = 3;
/** Once per request, whatever the number of tools. */
export const SET_TOKENS = 12;

type Schema = { readonly [key: string]: unknown };

let counter: ((text: string) => number) | undefined;
/** o200k_base, the encoding of gpt-4o and later, loaded on first use (4 MB of ranks a build never needs). */
function countTokens(text: string): number {
  counter ??= (require("gpt-tokenizer/encoding/o200k_base") as { countTokens(text: string): number }).countTokens;
  return counter(text);
}

const withoutPeriod = (text: string) => (text.endsWith(".") ? text.slice(0, -1) : text);

/** One function's tokens, from its name, description and parameters schema. */
export function estimateTokens(name: string, description: string | undefined, parameters: Schema | undefined): number {
  return FUNCTION + countTokens(`${name}:${withoutPeriod(description ?? "")}`) + propertiesTokens(parameters);
}

function propertiesTokens(schema: Schema | undefined): number {
  const properties = schema?.properties as Record<string, Schema> | undefined;
  if (!properties || Object.keys(properties).length === 0) return 0;
  let tokens = PROPERTIES;
  for (const [key, property] of Object.entries(properties)) {
    tokens += PROPERTY;
    if (Array.isArray(property.enum)) {
      tokens += ENUM;
      for (const value of property.enum) tokens += ENUM_VALUE + countTokens(String(value));
    }
    const type = Array.isArray(property.type) ? property.type.join(",") : String(property.type ?? "");
    const description = typeof property.description === "string" ? withoutPeriod(property.description) : "";
    tokens += countTokens(`${key}:${type}:${description}`);
    // What is nested is shown too: an object's properties, an array's items'.
    const items = property.items as Schema | undefined;
    tokens += propertiesTokens(property) + propertiesTokens(typeof items === "object" ? items : undefined);
  }
  return tokens;
}
