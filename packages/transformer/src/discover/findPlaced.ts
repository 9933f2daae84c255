import type * as ts from "typescript";
import type { FindNode, Place } from "../rewrite/storedRewrite";

/**
 * A file's own nodes by their place (start and end), for a rewrite read from the cache: the call
 * that is a CallExpression there, the class reference that is an Identifier, and the receiver that
 * is the outermost node there (`catalogue` of `catalogue.search`). The file is walked once, on the
 * first question.
 */
export function findPlaced(tsi: typeof ts, sourceFile: ts.SourceFile): FindNode {
  let byPlace: Map<string, ts.Node[]> | undefined;
  const index = () => {
    const found = new Map<string, ts.Node[]>();
    const visit = (node: ts.Node): void => {
      const key = `${node.getStart(sourceFile)}:${node.end}`;
      const list = found.get(key);
      if (list) list.push(node);
      else found.set(key, [node]);
      tsi.forEachChild(node, visit);
    };
    tsi.forEachChild(sourceFile, visit);
    return found;
  };
  return ([, start, end]: Place, what) => {
    // Parents come first: the outermost node of a place is its first.
    const nodes = (byPlace ??= index()).get(`${start}:${end}`) ?? [];
    if (what === "call") return nodes.find((node) => tsi.isCallExpression(node));
    if (what === "classRef") return nodes.find((node) => tsi.isIdentifier(node));
    return nodes[0];
  };
}
