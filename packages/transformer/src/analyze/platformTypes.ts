/**
 * Types the platform declares that JSON tool arguments cannot carry, each with what to take instead.
 * Matched by the declared name of a lib.*.d.ts or @types/node type, never by a user's own type.
 */
const BINARY = "JSON cannot carry binary data; take a URL or a base64 string instead";
const STREAM = "JSON cannot carry a stream; take a URL or the content as a string instead";

export const UNSUPPORTED_PLATFORM: Readonly<Record<string, string>> = {
  File: "a file upload cannot travel in JSON tool arguments; take a URL or a base64 string instead",
  Blob: BINARY,
  Buffer: BINARY,
  ArrayBuffer: BINARY,
  SharedArrayBuffer: BINARY,
  DataView: BINARY,
  Int8Array: BINARY,
  Uint8Array: BINARY,
  Uint8ClampedArray: BINARY,
  Int16Array: BINARY,
  Uint16Array: BINARY,
  Int32Array: BINARY,
  Uint32Array: BINARY,
  Float16Array: BINARY,
  Float32Array: BINARY,
  Float64Array: BINARY,
  BigInt64Array: BINARY,
  BigUint64Array: BINARY,
  ReadableStream: STREAM,
  WritableStream: STREAM,
  TransformStream: STREAM,
  Readable: STREAM,
  Writable: STREAM,
  Duplex: STREAM,
  Stream: STREAM,
  Map: "JSON has no Map; use Record<string, T> instead",
  ReadonlyMap: "JSON has no Map; use Record<string, T> instead",
  WeakMap: "JSON has no WeakMap; use Record<string, T> instead",
  Set: "JSON has no Set; use T[] & UniqueItems instead",
  ReadonlySet: "JSON has no Set; use T[] & UniqueItems instead",
  WeakSet: "JSON has no WeakSet; use T[] & UniqueItems instead",
  WeakRef: "a reference cannot travel in JSON; take the value itself",
  Promise: "a Promise cannot travel in JSON; describe the resolved type instead",
  PromiseLike: "a Promise cannot travel in JSON; describe the resolved type instead",
  RegExp: "JSON has no regular expressions; take a string instead",
  URL: 'take the URL as string & Format<"uri"> instead',
  Error: "an Error cannot travel in JSON; take its message as a string instead",
  Function: "a function cannot travel in JSON; remove it from the arguments",
  Symbol: "JSON has no symbols; remove it from the arguments",
};

/** What to say about a kind of type that has no JSON form. */
export const UNSUPPORTED_KIND = {
  function: "a function cannot travel in JSON; remove it from the arguments or Omit<> it",
  constructor: "a class constructor cannot travel in JSON; describe the instance type instead",
  bigint: "JSON has no bigint; use number, or a string with a Pattern",
  symbol: "JSON has no symbols; remove it from the arguments",
  never: "no value has type 'never', so a model could never send it; remove the property",
  undefined: "JSON has no undefined; make the property optional ('?') instead",
} as const;
