// The three argument shapes the run-time benchmark measures, described once as types.
import { schemaOf, validateArgs, type Format, type Integer, type Maximum, type MinLength, type Minimum, type Pattern } from "@schemaof/runtime";

export interface Search {
  query: string & MinLength<1>;
  langue?: string & Pattern<"^[a-z]{2}$">;
  limite?: Integer & Minimum<1> & Maximum<100>;
  sort?: "relevance" | "title" | "year";
}

export interface Order {
  id: string;
  customer: { name: string; email: string & Format<"email"> };
  lines: { isbn: string; quantity: Integer & Minimum<1>; price: number & Minimum<0> }[];
  tags: string[];
  note?: string | null;
}

export type Payment =
  | { type: "card"; number: string & Pattern<"^[0-9]{16}$">; expiry: string & Pattern<"^[0-9]{2}/[0-9]{2}$">; cvc: string & Pattern<"^[0-9]{3}$"> }
  | { type: "bank"; iban: string & MinLength<15>; bic: string; owner: string }
  | { type: "cash"; amount: number & Minimum<0> };

export interface Checkout {
  payment: Payment;
  amount: number & Minimum<0>;
}

// `coerce` is the same check built with every default repair (a second generated function per type).
export const shapes = {
  search: {
    schema: schemaOf<Search>(),
    validate: (args: unknown) => validateArgs<Search>(args),
    coerce: (args: unknown) => validateArgs<Search>(args, { coerce: true }),
  },
  order: {
    schema: schemaOf<Order>(),
    validate: (args: unknown) => validateArgs<Order>(args),
    coerce: (args: unknown) => validateArgs<Order>(args, { coerce: true }),
  },
  checkout: {
    schema: schemaOf<Checkout>(),
    validate: (args: unknown) => validateArgs<Checkout>(args),
    coerce: (args: unknown) => validateArgs<Checkout>(args, { coerce: true }),
  },
};
