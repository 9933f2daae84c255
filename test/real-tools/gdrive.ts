// The tools of @modelcontextprotocol/server-gdrive 2025.1.14, as its tools/list published them
// (gdrive.json beside this file), written as functions for schemaof by collect.mjs --write-ts.
export interface SearchInput {
  /** Search query */
  query: string;
}

/** Search for files in Google Drive */
export function search(input: SearchInput): never {
  throw new Error("not implemented");
}
