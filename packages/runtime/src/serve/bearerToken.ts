import { createHash, timingSafeEqual } from "node:crypto";
import type { RequestInfo } from "./options";

/**
 * An `authorize` for `serveHttp` that takes `Authorization: Bearer <token>` with one of `tokens`: the
 * scheme in any case (RFC 9110 §11.1: `bearer`, `BEARER`), the token compared in constant time
 * whatever its length (both sides hashed first, so a wrong length says nothing either).
 */
export function bearerToken(...tokens: readonly string[]): (request: RequestInfo) => boolean {
  if (tokens.length === 0 || tokens.some((token) => typeof token !== "string" || token === "")) {
    throw new TypeError("bearerToken takes one or more tokens, none empty");
  }
  const digest = (text: string) => createHash("sha256").update(text).digest();
  const expected = tokens.map(digest);
  return (request) => {
    const match = /^bearer[ \t]+(\S+)[ \t]*$/i.exec(String(request.headers.authorization ?? ""));
    const given = digest(match ? match[1] : "");
    // Every token is compared, so the time says nothing of which one matched.
    return expected.reduce((found, token) => timingSafeEqual(token, given) || found, false) && match !== null;
  };
}
