import { createHash } from "node:crypto";
import type { FileRewrite, Piece } from "./Rewrite";

/**
 * What a file's rewrite writes into its output, as one hash: two rewrites with the same
 * fingerprint give the same output from the same emitted code, so an output whose source did not
 * change needs editing again only when its fingerprint did (a default, a JSDoc text or a
 * constraint read from another file).
 */
export function fingerprint(rewrite: FileRewrite | undefined): string {
  if (!rewrite) return "";
  const index = new Map(rewrite.constants.map((constant, i) => [constant, i]));
  const piece = (part: Piece): unknown => {
    if ("constant" in part) return { c: index.get(part.constant) };
    if ("json" in part) return { j: part.json };
    if ("object" in part) return { o: part.object.map(([key, value]) => [key, piece(value)]) };
    return { r: part.receiver.pos };
  };
  const calls = rewrite.calls.map((call) => (call.kind === "replace" ? [call.call.pos, piece(call.by)] : [call.call.pos, call.keep, call.add.map(piece)]));
  const constants = rewrite.constants.map((constant) => [constant.key, constant.classRef?.text, constant.classDeclaredHere]);
  return createHash("sha1")
    .update(JSON.stringify([calls, constants, rewrite.helpers]))
    .digest("hex");
}
