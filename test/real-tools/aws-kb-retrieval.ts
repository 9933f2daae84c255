// The tools of @modelcontextprotocol/server-aws-kb-retrieval 0.6.2, as its tools/list published them
// (aws-kb-retrieval.json beside this file), written as functions for schemaof by collect.mjs --write-ts.
export interface RetrieveFromAwsKbInput {
  /** The query to perform retrieval on */
  query: string;
  /** The ID of the AWS Knowledge Base */
  knowledgeBaseId: string;
  /**
   * Number of results to retrieve
   * @default 3
   */
  n?: number;
}

/** Performs retrieval from the AWS Knowledge Base using the provided query and Knowledge Base ID. */
export function retrieveFromAwsKb(input: RetrieveFromAwsKbInput): never {
  throw new Error("not implemented");
}
