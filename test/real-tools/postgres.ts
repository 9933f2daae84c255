// The tools of @modelcontextprotocol/server-postgres 0.6.2, as its tools/list published them
// (postgres.json beside this file), written as functions for schemaof by collect.mjs --write-ts.
export interface QueryInput {
  sql?: string;
}

/** Run a read-only SQL query */
export function query(input: QueryInput): never {
  throw new Error("not implemented");
}
