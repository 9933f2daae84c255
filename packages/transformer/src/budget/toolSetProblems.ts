import type * as ts from "typescript";
import { Code } from "../diagnostics/messages";
import { toReports, type Report } from "../diagnostics/report";
import type { CallRewrite, ToolFacts } from "../rewrite/Rewrite";
import { countSets } from "./checkLimits";

/** A tool as a build knows it: what its `toolOf` call makes, and the call. */
interface BuiltTool extends ToolFacts {
  readonly call: ts.CallExpression;
}

/**
 * A build's errors for the tool sets that go over a limit of a provider their tools are built for
 * (the targets the project builds): one TS99023 per set, at the `toolOf` call of its first tool, with
 * a line per target and limit, the excess and the fix. (Two tools of one name are the catalogue's
 * to say: a project may build one function twice, for two servers.) Hosts call it once they know every tool of
 * the project: `schemaof build` and `check`, and tspc when it emits every file that makes one.
 */
export function toolSetProblems(rewrites: Iterable<{ readonly calls: readonly CallRewrite[] } | undefined>): Report[] {
  const tools: BuiltTool[] = [];
  for (const rewrite of rewrites) {
    for (const call of rewrite?.calls ?? []) if (call.kind === "arguments" && call.tool) tools.push({ ...call.tool, call: call.call });
  }
  const bySet = new Map<string, { first: BuiltTool; lines: { target: string; over: string }[] }>();
  for (const { set, target, members, over } of countSets(tools)) {
    if (over.length === 0) continue;
    const known = bySet.get(set) ?? { first: members[0], lines: [] };
    known.lines.push(...over.map((text) => ({ target, over: text })));
    bySet.set(set, known);
  }
  return [...bySet].flatMap(([set, { first, lines }]) =>
    toReports(
      first.call,
      set,
      lines.map(({ target, over }) => ({ code: Code.ToolSetOverLimit, path: target, detail: `${over}.` })),
    ),
  );
}
