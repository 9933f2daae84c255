// The tools of @modelcontextprotocol/server-redis 2025.4.25, as its tools/list published them
// (redis.json beside this file), written as functions for schemaof by collect.mjs --write-ts.
export interface SetInput {
  /** Redis key */
  key: string;
  /** Value to store */
  value: string;
  /** Optional expiration time in seconds */
  expireSeconds?: number;
}

/** Set a Redis key-value pair with optional expiration */
export function set(input: SetInput): never {
  throw new Error("not implemented");
}

export interface GetInput {
  /** Redis key to retrieve */
  key: string;
}

/** Get value by key from Redis */
export function get(input: GetInput): never {
  throw new Error("not implemented");
}

export interface RedisDeleteInput {
  /** Key or array of keys to delete */
  key: string | string[];
}

// The tool "delete" (a reserved word).
/** Delete one or more keys from Redis */
export function redisDelete(input: RedisDeleteInput): never {
  throw new Error("not implemented");
}

export interface ListInput {
  /** Pattern to match keys (default: *) */
  pattern?: string;
}

/** List Redis keys matching a pattern */
export function list(input: ListInput): never {
  throw new Error("not implemented");
}
