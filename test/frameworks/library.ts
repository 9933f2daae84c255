// The two tools every framework test wires up: a search with a pattern and bounds, and an order with
// a discriminated-union payment and integer line items.
import { schemaOf, toolOf, type Integer, type Maximum, type MaxLength, type Minimum, type MinLength, type Pattern } from "@schemaof/runtime";

/** How often each function ran: a refused call never runs it. */
export const calls = { search: 0, order: 0 };

export interface SearchInput {
  /** Words of the title */
  query: string & MinLength<3> & MaxLength<60>;
  /** How many books at most */
  limit?: Integer & Minimum<1> & Maximum<20>;
  /** A shelf code such as A-12 */
  shelf?: string & Pattern<"^[A-Z]-[0-9]{2}$">;
}

/** Finds books by words of their title. */
export function search(input: SearchInput): { hits: string[] } {
  calls.search++;
  return { hits: [1, 2, 3, 4, 5].map((n) => `${input.query} ${n}`).slice(0, input.limit ?? 3) };
}

export type Payment = { method: "card"; last4: string & Pattern<"^[0-9]{4}$"> } | { method: "invoice"; days: Integer & Minimum<0> & Maximum<90> };

export interface OrderInput {
  customer: string;
  lines: { isbn: string & Pattern<"^97[89][0-9]{10}$">; quantity: Integer & Minimum<1> }[];
  payment: Payment;
}

/** Orders books for a customer. */
export function order(input: OrderInput): string {
  calls.order++;
  const paid = input.payment.method === "card" ? `by card ${input.payment.last4}` : `by invoice in ${input.payment.days} days`;
  return `ordered ${input.lines.length} line(s) for ${input.customer}, to pay ${paid}`;
}

/** Tags a book with labels of any names (`object`: the schema says no more than `"type": "object"`). */
export function tag(input: { labels: object }): string {
  return `tagged ${Object.keys(input.labels).join(", ")}`;
}

/** Positional parameters: the arguments are named after them, which a type cannot read. */
export function untyped(query: string, limit?: number): string {
  return `${query} ${limit ?? ""}`;
}

export const tools = {
  search: toolOf(search),
  searchStrict: toolOf(search, { target: "openai-strict" }),
  order: toolOf(order),
  tag: toolOf(tag),
  untyped: toolOf(untyped),
};

/** The strict schema alone, typed as @openai/agents types strict `parameters`. */
export const strictSchema = schemaOf<SearchInput>({ target: "openai-strict" });
