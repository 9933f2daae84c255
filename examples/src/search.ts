import { ArgumentsError, mapArgs, schemaOf, type Integer, type Maximum, type Minimum, type Pattern } from "@schemaof/runtime";

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

// The run-time half: the same rules check what a model sends, and map it for the tool.
console.log('mapArgs<SearchInput>({ query: "dune" }) =', JSON.stringify(mapArgs<SearchInput>({ query: "dune" })));
console.log("convert(...mapArgs<typeof convert>({ cents: 1250 })) =", convert(...mapArgs<typeof convert>({ cents: 1250 })));
try {
  mapArgs<SearchInput>({ query: 42, language: "FRA", limit: 500 });
} catch (error) {
  if (!(error instanceof ArgumentsError)) throw error;
  console.log('mapArgs<SearchInput>({ query: 42, language: "FRA", limit: 500 }) throws:');
  console.log(error.message);
}
