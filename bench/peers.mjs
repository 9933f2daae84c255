// The same three shapes written for each peer: ajv (compiled from our emitted schema, allErrors),
// zod 4, TypeBox's compiled checker, and a plain hand-written validator (the practical limit).
import { createRequire } from "node:module";
import { z } from "zod";
import { Type, FormatRegistry } from "@sinclair/typebox";
import { TypeCompiler } from "@sinclair/typebox/compiler";

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

const zodShapes = {
  search: z.object({
    query: z.string().min(1),
    langue: z.string().regex(/^[a-z]{2}$/).optional(),
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
      z.object({ type: z.literal("card"), number: z.string().regex(/^[0-9]{16}$/), expiry: z.string().regex(/^[0-9]{2}\/[0-9]{2}$/), cvc: z.string().regex(/^[0-9]{3}$/) }),
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
      Type.Object({ type: Type.Literal("card"), number: Type.String({ pattern: "^[0-9]{16}$" }), expiry: Type.String({ pattern: "^[0-9]{2}/[0-9]{2}$" }), cvc: Type.String({ pattern: "^[0-9]{3}$" }) }),
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
        if (!isObject(line)) { n++; continue; }
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
// fresh value of the declared keys (unknown keys dropped, a missing nullable set to null); returns
// the mapped value, or undefined after counting every fault.
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
      if (!isPlain(line) || typeof line.isbn !== "string" || !Number.isInteger(line.quantity) || line.quantity < 1 || typeof line.price !== "number" || line.price < 0) return undefined;
      lines[i] = { isbn: line.isbn, quantity: line.quantity, price: line.price };
    }
    for (const tag of v.tags) if (typeof tag !== "string") return undefined;
    if (v.note !== undefined && v.note !== null && typeof v.note !== "string") return undefined;
    return { id: v.id, customer: { name: c.name, email: c.email }, lines, tags: v.tags.slice(), note: v.note ?? null };
  },
  checkout(v) {
    if (!isPlain(v) || typeof v.amount !== "number" || v.amount < 0) return undefined;
    const p = v.payment;
    if (!isPlain(p)) return undefined;
    let payment;
    if (p.type === "card") {
      if (typeof p.number !== "string" || !CARD.test(p.number) || typeof p.expiry !== "string" || !EXPIRY.test(p.expiry) || typeof p.cvc !== "string" || !CVC.test(p.cvc)) return undefined;
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
/** On a fault it counts them all with the plain hand-written check, as a mapper would go on to report them. */
export const handMapFor = (name) => (value) => (handMapShapes[name](value) === undefined ? handShapes[name](value) : 0);
