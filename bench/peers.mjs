// The same three shapes written for each peer: ajv (compiled from our emitted schema, allErrors),
// zod 4, TypeBox's compiled checker, and a plain hand-written validator (the practical limit); and,
// for the coercion rows, ajv's coerceTypes and typia's LlmJson coercion.
import { createRequire } from "node:module";
import { z } from "zod";
import { Type, FormatRegistry } from "@sinclair/typebox";
import { TypeCompiler } from "@sinclair/typebox/compiler";
import { LlmJson } from "@typia/utils";

const require = createRequire(import.meta.url);
const Ajv2020 = require("ajv/dist/2020.js").default;
const addFormats = require("ajv-formats").default;

const EMAIL = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;

export function ajvFor(schema) {
  const ajv = new Ajv2020({ allErrors: true, allowUnionTypes: true, strictTuples: false });
  addFormats(ajv);
  const validate = ajv.compile(schema);
  return (value) => (validate(value) ? 0 : validate.errors.length);
}

/**
 * ajv's coercion (`coerceTypes: true`: "20" to 20, "true" to true, null to "" or 0). ajv coerces in
 * place, so each call checks a copy: a caller's arguments are not rewritten under it, as with ours.
 */
export function ajvCoerceFor(schema) {
  const ajv = new Ajv2020({ allErrors: true, allowUnionTypes: true, strictTuples: false, coerceTypes: true });
  addFormats(ajv);
  const validate = ajv.compile(schema);
  return (value) => (validate(structuredClone(value)) ? 0 : validate.errors.length);
}

/**
 * typia's coercion as `@typia/mcp` runs it on a tool call: `LlmJson.coerce` guided by the schema,
 * then `LlmJson.validate`. Both read an LLM parameters schema, which is ours with `$defs` and a
 * closed object spelled out.
 */
export function typiaCoerceFor(schema) {
  const parameters = { ...schema, $defs: schema.$defs ?? {}, additionalProperties: false };
  const validate = LlmJson.validate(parameters);
  return (value) => {
    const result = validate(LlmJson.coerce(value, parameters));
    return result.success ? 0 : result.errors.length;
  };
}

const zodShapes = {
  search: z.object({
    query: z.string().min(1),
    langue: z
      .string()
      .regex(/^[a-z]{2}$/)
      .optional(),
    limite: z.number().int().min(1).max(100).optional(),
    sort: z.enum(["relevance", "title", "year"]).optional(),
  }),
  order: z.object({
    id: z.string(),
    customer: z.object({ name: z.string(), email: z.string().regex(EMAIL) }),
    lines: z.array(z.object({ isbn: z.string(), quantity: z.number().int().min(1), price: z.number().min(0) })),
    tags: z.array(z.string()),
    note: z.string().nullable().optional(),
  }),
  checkout: z.object({
    payment: z.discriminatedUnion("type", [
      z.object({
        type: z.literal("card"),
        number: z.string().regex(/^[0-9]{16}$/),
        expiry: z.string().regex(/^[0-9]{2}\/[0-9]{2}$/),
        cvc: z.string().regex(/^[0-9]{3}$/),
      }),
      z.object({ type: z.literal("bank"), iban: z.string().min(15), bic: z.string(), owner: z.string() }),
      z.object({ type: z.literal("cash"), amount: z.number().min(0) }),
    ]),
    amount: z.number().min(0),
  }),
};
export const zodFor = (name) => (value) => {
  const result = zodShapes[name].safeParse(value);
  return result.success ? 0 : result.error.issues.length;
};

if (!FormatRegistry.Has("email")) FormatRegistry.Set("email", (value) => EMAIL.test(value));
const typeboxShapes = {
  search: Type.Object({
    query: Type.String({ minLength: 1 }),
    langue: Type.Optional(Type.String({ pattern: "^[a-z]{2}$" })),
    limite: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
    sort: Type.Optional(Type.Union([Type.Literal("relevance"), Type.Literal("title"), Type.Literal("year")])),
  }),
  order: Type.Object({
    id: Type.String(),
    customer: Type.Object({ name: Type.String(), email: Type.String({ format: "email" }) }),
    lines: Type.Array(Type.Object({ isbn: Type.String(), quantity: Type.Integer({ minimum: 1 }), price: Type.Number({ minimum: 0 }) })),
    tags: Type.Array(Type.String()),
    note: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  }),
  checkout: Type.Object({
    payment: Type.Union([
      Type.Object({
        type: Type.Literal("card"),
        number: Type.String({ pattern: "^[0-9]{16}$" }),
        expiry: Type.String({ pattern: "^[0-9]{2}/[0-9]{2}$" }),
        cvc: Type.String({ pattern: "^[0-9]{3}$" }),
      }),
      Type.Object({ type: Type.Literal("bank"), iban: Type.String({ minLength: 15 }), bic: Type.String(), owner: Type.String() }),
      Type.Object({ type: Type.Literal("cash"), amount: Type.Number({ minimum: 0 }) }),
    ]),
    amount: Type.Number({ minimum: 0 }),
  }),
};
export const typeboxFor = (name) => {
  const check = TypeCompiler.Compile(typeboxShapes[name]);
  return (value) => (check.Check(value) ? 0 : [...check.Errors(value)].length);
};

// Hand-written: what a careful developer writes for one shape, counting every fault.
const isObject = (v) => typeof v === "object" && v !== null && !Array.isArray(v);
const LANG = /^[a-z]{2}$/;
const CARD = /^[0-9]{16}$/;
const EXPIRY = /^[0-9]{2}\/[0-9]{2}$/;
const CVC = /^[0-9]{3}$/;
const handShapes = {
  search(v) {
    if (!isObject(v)) return 1;
    let n = 0;
    if (typeof v.query !== "string" || v.query.length < 1) n++;
    if (v.langue !== undefined && (typeof v.langue !== "string" || !LANG.test(v.langue))) n++;
    if (v.limite !== undefined && (!Number.isInteger(v.limite) || v.limite < 1 || v.limite > 100)) n++;
    if (v.sort !== undefined && v.sort !== "relevance" && v.sort !== "title" && v.sort !== "year") n++;
    return n;
  },
  order(v) {
    if (!isObject(v)) return 1;
    let n = 0;
    if (typeof v.id !== "string") n++;
    const c = v.customer;
    if (!isObject(c)) n++;
    else {
      if (typeof c.name !== "string") n++;
      if (typeof c.email !== "string" || !EMAIL.test(c.email)) n++;
    }
    if (!Array.isArray(v.lines)) n++;
    else
      for (const line of v.lines) {
        if (!isObject(line)) {
          n++;
          continue;
        }
        if (typeof line.isbn !== "string") n++;
        if (!Number.isInteger(line.quantity) || line.quantity < 1) n++;
        if (typeof line.price !== "number" || line.price < 0) n++;
      }
    if (!Array.isArray(v.tags)) n++;
    else for (const tag of v.tags) if (typeof tag !== "string") n++;
    if (v.note !== undefined && v.note !== null && typeof v.note !== "string") n++;
    return n;
  },
  checkout(v) {
    if (!isObject(v)) return 1;
    let n = typeof v.amount !== "number" || v.amount < 0 ? 1 : 0;
    const p = v.payment;
    if (!isObject(p)) return n + 1;
    if (p.type === "card") {
      if (typeof p.number !== "string" || !CARD.test(p.number)) n++;
      if (typeof p.expiry !== "string" || !EXPIRY.test(p.expiry)) n++;
      if (typeof p.cvc !== "string" || !CVC.test(p.cvc)) n++;
    } else if (p.type === "bank") {
      if (typeof p.iban !== "string" || p.iban.length < 15) n++;
      if (typeof p.bic !== "string") n++;
      if (typeof p.owner !== "string") n++;
    } else if (p.type === "cash") {
      if (typeof p.amount !== "number" || p.amount < 0) n++;
    } else n++;
    return n;
  },
};
export const handFor = (name) => handShapes[name];

// Hand-written with the same contract as validateArgs: what a careful developer writes to hand a
// tool only what its type declares. Plain objects only (not a class instance, not an array), and a
// fresh value of the declared keys (unknown keys dropped, an optional one left out stays out): the
// mapped value, or undefined at the first fault (then the reporter below lists them all).
const isPlain = (v) => typeof v === "object" && v !== null && (Object.getPrototypeOf(v) === Object.prototype || Object.getPrototypeOf(v) === null);
const handMapShapes = {
  search(v) {
    if (!isPlain(v)) return undefined;
    const { query, langue, limite, sort } = v;
    if (typeof query !== "string" || query.length < 1) return undefined;
    if (langue !== undefined && (typeof langue !== "string" || !LANG.test(langue))) return undefined;
    if (limite !== undefined && (!Number.isInteger(limite) || limite < 1 || limite > 100)) return undefined;
    if (sort !== undefined && sort !== "relevance" && sort !== "title" && sort !== "year") return undefined;
    const out = { query };
    if (langue !== undefined) out.langue = langue;
    if (limite !== undefined) out.limite = limite;
    if (sort !== undefined) out.sort = sort;
    return out;
  },
  order(v) {
    if (!isPlain(v) || typeof v.id !== "string") return undefined;
    const c = v.customer;
    if (!isPlain(c) || typeof c.name !== "string" || typeof c.email !== "string" || !EMAIL.test(c.email)) return undefined;
    if (!Array.isArray(v.lines) || !Array.isArray(v.tags)) return undefined;
    const lines = new Array(v.lines.length);
    for (let i = 0; i < lines.length; i++) {
      const line = v.lines[i];
      if (
        !isPlain(line) ||
        typeof line.isbn !== "string" ||
        !Number.isInteger(line.quantity) ||
        line.quantity < 1 ||
        typeof line.price !== "number" ||
        line.price < 0
      )
        return undefined;
      lines[i] = { isbn: line.isbn, quantity: line.quantity, price: line.price };
    }
    for (const tag of v.tags) if (typeof tag !== "string") return undefined;
    if (v.note !== undefined && v.note !== null && typeof v.note !== "string") return undefined;
    const out = { id: v.id, customer: { name: c.name, email: c.email }, lines, tags: v.tags.slice() };
    if (v.note !== undefined) out.note = v.note;
    return out;
  },
  checkout(v) {
    if (!isPlain(v) || typeof v.amount !== "number" || v.amount < 0) return undefined;
    const p = v.payment;
    if (!isPlain(p)) return undefined;
    let payment;
    if (p.type === "card") {
      if (
        typeof p.number !== "string" ||
        !CARD.test(p.number) ||
        typeof p.expiry !== "string" ||
        !EXPIRY.test(p.expiry) ||
        typeof p.cvc !== "string" ||
        !CVC.test(p.cvc)
      )
        return undefined;
      payment = { type: "card", number: p.number, expiry: p.expiry, cvc: p.cvc };
    } else if (p.type === "bank") {
      if (typeof p.iban !== "string" || p.iban.length < 15 || typeof p.bic !== "string" || typeof p.owner !== "string") return undefined;
      payment = { type: "bank", iban: p.iban, bic: p.bic, owner: p.owner };
    } else if (p.type === "cash") {
      if (typeof p.amount !== "number" || p.amount < 0) return undefined;
      payment = { type: "cash", amount: p.amount };
    } else return undefined;
    return { payment, amount: v.amount };
  },
};
// On invalid input, the same contract too: every fault an issue { path, pointer, keyword, message },
// worded as validateArgs words it (what was expected and what came), one per fault.
const quote = (text) => JSON.stringify(text.length > 40 ? text.slice(0, 40) + "…" : text);
const show = (v) => (typeof v === "string" ? quote(v) : v === null || typeof v !== "object" ? String(v) : Array.isArray(v) ? "an array" : "an object");
const got = (v) => {
  if (typeof v === "string") return `string ${quote(v)}`;
  if (typeof v === "number") return `${Number.isInteger(v) ? "integer" : "number"} ${v}`;
  return typeof v === "boolean" ? `boolean ${v}` : typeof v === "object" || v === undefined ? show(v) : `a ${typeof v}`;
};
const segment = (key) => (typeof key === "number" || !(key.includes("~") || key.includes("/")) ? key : key.replace(/~/g, "~0").replace(/\//g, "~1"));
function issue(issues, path, keyword, text) {
  let pointer = "";
  for (const key of path) pointer += "/" + segment(key);
  issues.push({ path, pointer, keyword, message: `${pointer || "the arguments"} ${text}` });
}
/** A required string property: its issue, if any; true when it is a string. */
function string(issues, object, key, path = [key]) {
  const value = object[key];
  if (value === undefined) issue(issues, path, "required", "required, expected string");
  else if (typeof value !== "string") issue(issues, path, "type", `must be string, got ${got(value)}`);
  else return true;
  return false;
}
function number(issues, object, key, path, minimum) {
  const value = object[key];
  if (value === undefined) issue(issues, path, "required", "required, expected number");
  else if (typeof value !== "number" || !Number.isFinite(value)) issue(issues, path, "type", `must be number, got ${got(value)}`);
  else if (value < minimum) issue(issues, path, "minimum", `must be >= ${minimum}, got ${value}`);
}
function matches(issues, object, key, path, regex, pattern) {
  if (string(issues, object, key, path) && !regex.test(object[key])) issue(issues, path, "pattern", `must match ${pattern}, got ${quote(object[key])}`);
}
const UNION = 'must be an object whose type is one of "card", "bank", "cash"';
/** `null` for an optional key whose type takes none: the words that tell a model to leave it out. */
const NULL_OPTIONAL = "is optional and takes no null: leave it out instead";
const handReportShapes = {
  search(v) {
    const issues = [];
    if (!isPlain(v)) return (issue(issues, [], "type", `must be object, got ${got(v)}`), issues);
    if (string(issues, v, "query") && v.query.length < 1) issue(issues, ["query"], "minLength", "must have at least 1 character, got 0");
    const { langue, limite, sort } = v;
    if (langue === null) issue(issues, ["langue"], "type", NULL_OPTIONAL);
    else if (langue !== undefined) matches(issues, v, "langue", ["langue"], LANG, "^[a-z]{2}$");
    if (limite === null) issue(issues, ["limite"], "type", NULL_OPTIONAL);
    else if (limite !== undefined) {
      if (!Number.isInteger(limite)) issue(issues, ["limite"], "type", `must be integer, got ${got(limite)}`);
      else if (limite < 1) issue(issues, ["limite"], "minimum", `must be >= 1, got ${limite}`);
      else if (limite > 100) issue(issues, ["limite"], "maximum", `must be <= 100, got ${limite}`);
    }
    if (sort === null) issue(issues, ["sort"], "type", NULL_OPTIONAL);
    else if (sort !== undefined && sort !== "relevance" && sort !== "title" && sort !== "year")
      issue(issues, ["sort"], "enum", `must be one of "relevance", "title", "year", got ${show(sort)}`);
    return issues;
  },
  order(v) {
    const issues = [];
    if (!isPlain(v)) return (issue(issues, [], "type", `must be object, got ${got(v)}`), issues);
    string(issues, v, "id");
    const c = v.customer;
    if (c === undefined) issue(issues, ["customer"], "required", "required, expected object");
    else if (!isPlain(c)) issue(issues, ["customer"], "type", `must be object, got ${got(c)}`);
    else {
      string(issues, c, "name", ["customer", "name"]);
      if (string(issues, c, "email", ["customer", "email"]) && !EMAIL.test(c.email))
        issue(issues, ["customer", "email"], "format", `must be a valid email, got ${quote(c.email)}`);
    }
    const { lines, tags, note } = v;
    if (lines === undefined) issue(issues, ["lines"], "required", "required, expected array");
    else if (!Array.isArray(lines)) issue(issues, ["lines"], "type", `must be array, got ${got(lines)}`);
    else
      lines.forEach((line, i) => {
        if (line === undefined) issue(issues, ["lines", i], "type", "must be a JSON value, got undefined");
        else if (!isPlain(line)) issue(issues, ["lines", i], "type", `must be object, got ${got(line)}`);
        else {
          string(issues, line, "isbn", ["lines", i, "isbn"]);
          const quantity = line.quantity;
          if (quantity === undefined) issue(issues, ["lines", i, "quantity"], "required", "required, expected integer");
          else if (!Number.isInteger(quantity)) issue(issues, ["lines", i, "quantity"], "type", `must be integer, got ${got(quantity)}`);
          else if (quantity < 1) issue(issues, ["lines", i, "quantity"], "minimum", `must be >= 1, got ${quantity}`);
          number(issues, line, "price", ["lines", i, "price"], 0);
        }
      });
    if (tags === undefined) issue(issues, ["tags"], "required", "required, expected array");
    else if (!Array.isArray(tags)) issue(issues, ["tags"], "type", `must be array, got ${got(tags)}`);
    else
      tags.forEach(
        (tag, i) =>
          typeof tag !== "string" &&
          issue(issues, ["tags", i], "type", tag === undefined ? "must be a JSON value, got undefined" : `must be string, got ${got(tag)}`),
      );
    if (note !== undefined && note !== null && typeof note !== "string") issue(issues, ["note"], "type", `must be string or null, got ${got(note)}`);
    return issues;
  },
  checkout(v) {
    const issues = [];
    if (!isPlain(v)) return (issue(issues, [], "type", `must be object, got ${got(v)}`), issues);
    const p = v.payment;
    if (p === undefined) issue(issues, ["payment"], "required", `required, expected ${UNION.replace(/^must be /, "")}`);
    else if (!isPlain(p)) issue(issues, ["payment"], "anyOf", UNION);
    else if (p.type === "card") {
      matches(issues, p, "number", ["payment", "number"], CARD, "^[0-9]{16}$");
      matches(issues, p, "expiry", ["payment", "expiry"], EXPIRY, "^[0-9]{2}/[0-9]{2}$");
      matches(issues, p, "cvc", ["payment", "cvc"], CVC, "^[0-9]{3}$");
    } else if (p.type === "bank") {
      if (string(issues, p, "iban", ["payment", "iban"]) && [...p.iban].length < 15)
        issue(issues, ["payment", "iban"], "minLength", `must have at least 15 characters, got ${[...p.iban].length}`);
      string(issues, p, "bic", ["payment", "bic"]);
      string(issues, p, "owner", ["payment", "owner"]);
    } else if (p.type === "cash") number(issues, p, "amount", ["payment", "amount"], 0);
    else issue(issues, ["payment", "type"], "enum", `must be one of "card", "bank", "cash", got ${show(p.type)}`);
    number(issues, v, "amount", ["amount"], 0);
    return issues;
  },
};
/** The mapped value, or on a fault every issue (validateArgs' result, without its wrapper). */
export const handContractFor = (name) => (value) => handMapShapes[name](value) ?? handReportShapes[name](value);
/** For the benchmark's loop: 0 for a valid value, else the number of issues. */
export const handMapFor = (name) => {
  const run = handContractFor(name);
  return (value) => {
    const result = run(value);
    return Array.isArray(result) ? result.length : 0;
  };
};
