// The tools of @modelcontextprotocol/server-brave-search 0.6.2, as its tools/list published them
// (brave-search.json beside this file), written as functions for schemaof by collect.mjs --write-ts.
export interface BraveWebSearchInput {
  /** Search query (max 400 chars, 50 words) */
  query: string;
  /**
   * Number of results (1-20, default 10)
   * @default 10
   */
  count?: number;
  /**
   * Pagination offset (max 9, default 0)
   * @default 0
   */
  offset?: number;
}

/** Performs a web search using the Brave Search API, ideal for general queries, news, articles, and online content. Use this for broad information gathering, recent events, or when you need diverse web sources. Supports pagination, content filtering, and freshness controls. Maximum 20 results per request, with offset for pagination.  */
export function braveWebSearch(input: BraveWebSearchInput): never {
  throw new Error("not implemented");
}

export interface BraveLocalSearchInput {
  /** Local search query (e.g. 'pizza near Central Park') */
  query: string;
  /**
   * Number of results (1-20, default 5)
   * @default 5
   */
  count?: number;
}

/**
 * Searches for local businesses and places using Brave's Local Search API. Best for queries related to physical locations, businesses, restaurants, services, etc. Returns detailed information including:
 * - Business names and addresses
 * - Ratings and review counts
 * - Phone numbers and opening hours
 * Use this when the query implies 'near me' or mentions specific locations. Automatically falls back to web search if no local results are found.
 */
export function braveLocalSearch(input: BraveLocalSearchInput): never {
  throw new Error("not implemented");
}
