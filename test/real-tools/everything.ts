// The tools of @modelcontextprotocol/server-everything 2026.8.31, as its tools/list published them
// (everything.json beside this file), written as functions for schemaof by collect.mjs --write-ts.
export interface EchoInput {
  /** Message to echo */
  message: string;
}

/** Echoes back the input string */
export function echo(input: EchoInput): never {
  throw new Error("not implemented");
}

export interface GetAnnotatedMessageInput {
  /** Type of message to demonstrate different annotation patterns */
  messageType: "error" | "success" | "debug";
  /**
   * Whether to include an example image
   * @default false
   */
  includeImage?: boolean;
}

/** Demonstrates how annotations can be used to provide metadata about content. */
export function getAnnotatedMessage(input: GetAnnotatedMessageInput): never {
  throw new Error("not implemented");
}

/** Returns all environment variables, helpful for debugging MCP server configuration */
export function getEnv(): never {
  throw new Error("not implemented");
}

export interface GetResourceLinksInput {
  /**
   * Number of resource links to return (1-10)
   * @minimum 1
   * @maximum 10
   * @default 3
   */
  count?: number;
}

/** Returns up to ten resource links that reference different types of resources */
export function getResourceLinks(input: GetResourceLinksInput): never {
  throw new Error("not implemented");
}

export interface GetResourceReferenceInput {
  /** @default "Text" */
  resourceType?: "Text" | "Blob";
  /**
   * ID of the text resource to fetch
   * @default 1
   */
  resourceId?: number;
}

/** Returns a resource reference that can be used by MCP clients */
export function getResourceReference(input: GetResourceReferenceInput): never {
  throw new Error("not implemented");
}

export interface GetStructuredContentInput {
  /** Choose city */
  location: "New York" | "Chicago" | "Los Angeles";
}

/** Returns structured content along with an output schema for client data validation */
export function getStructuredContent(input: GetStructuredContentInput): never {
  throw new Error("not implemented");
}

export interface GetSumInput {
  /** First number */
  a: number;
  /** Second number */
  b: number;
}

/** Returns the sum of two numbers */
export function getSum(input: GetSumInput): never {
  throw new Error("not implemented");
}

/** Returns a tiny MCP logo image. */
export function getTinyImage(): never {
  throw new Error("not implemented");
}

export interface GzipFileAsResourceInput {
  /**
   * Name of the output file
   * @default "README.md.gz"
   */
  name?: string;
  /**
   * URL or data URI of the file content to compress
   * @format uri
   * @default "https://raw.githubusercontent.com/modelcontextprotocol/servers/refs/heads/main/README.md"
   */
  data?: string;
  /**
   * How the resulting gzipped file should be returned. 'resourceLink' returns a link to a resource that can be read later, 'resource' returns a full resource object.
   * @default "resourceLink"
   */
  outputType?: "resourceLink" | "resource";
}

/** Compresses a single file using gzip compression. Depending upon the selected output type, returns either the compressed data as a gzipped resource or a resource link, allowing it to be downloaded in a subsequent request during the current session. */
export function gzipFileAsResource(input: GzipFileAsResourceInput): never {
  throw new Error("not implemented");
}

/** Toggles simulated, random-leveled logging on or off. */
export function toggleSimulatedLogging(): never {
  throw new Error("not implemented");
}

/** Toggles simulated resource subscription updates on or off. */
export function toggleSubscriberUpdates(): never {
  throw new Error("not implemented");
}

export interface TriggerLongRunningOperationInput {
  /**
   * Duration of the operation in seconds
   * @default 10
   */
  duration?: number;
  /**
   * Number of steps in the operation
   * @default 5
   */
  steps?: number;
}

/** Demonstrates a long running operation with progress updates. */
export function triggerLongRunningOperation(input: TriggerLongRunningOperationInput): never {
  throw new Error("not implemented");
}

export interface SimulateResearchQueryInput {
  /** The research topic to investigate */
  topic: string;
  /**
   * Simulate an ambiguous query that requires clarification (triggers input_required status)
   * @default false
   */
  ambiguous?: boolean;
}

/** Simulates a deep research operation that gathers, analyzes, and synthesizes information. Demonstrates MCP task-based operations with progress through multiple stages. If 'ambiguous' is true and client supports elicitation, sends an elicitation request for clarification. */
export function simulateResearchQuery(input: SimulateResearchQueryInput): never {
  throw new Error("not implemented");
}
