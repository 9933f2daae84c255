import { schemaOf, type Integer, type Maximum, type Minimum, type Pattern } from "@schemaof/runtime";

/** Search the catalog. */
export interface SearchInput {
  /** Words to match against titles. */
  query: string;
  /** Two lowercase letters, as in ISO 639-1. */
  language?: string & Pattern<"^[a-z]{2}$">;
  /** How many books to return. */
  limit?: Integer & Minimum<1> & Maximum<100>;
  sort?: "relevance" | "title" | "year";
}

/**
 * Converts an amount of money.
 * @param cents The amount to convert, in cents
 * @param currency The target currency
 */
export function convert(cents: Integer & Minimum<0>, currency = "EUR"): number {
  return currency === "EUR" ? cents / 100 : cents;
}

type Payment = { type: "Card"; last4: string } | { type: "bank"; iban: string };

console.log("schemaOf<SearchInput>() =", JSON.stringify(schemaOf<SearchInput>(), null, 2));
console.log("schemaOf<typeof convert>() =", JSON.stringify(schemaOf<typeof convert>(), null, 2));
console.log("schemaOf<{ payment: Payment }>() =", JSON.stringify(schemaOf<{ payment: Payment }>(), null, 2));
