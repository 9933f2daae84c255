// What each call became, on each host: a schema (a hoisted constant) or diagnostics at its line,
// never both and never neither; never TS99013 (an internal error) nor an exception out of the
// compiler; a type JSON cannot carry refused, recursion refused flat and taken with refs; and the
// two hosts giving the same diagnostic codes and byte for byte the same constants for every call.
import { constantsOf } from "../compile.mjs";
import { CALLS } from "./writeProbes.mjs";

export const CALL_GROUPS = {
  crash: "a host threw out of the compiler, or printed a diagnostic outside the generated files",
  typeErrors: "TypeScript refuses a generated type (a bug of the generator)",
  neither: "a call became neither a schema nor a diagnostic",
  both: "a call became a schema and got a diagnostic",
  internal: "a call ended in TS99013 (an internal error)",
  notOurs: "a call got a diagnostic that is not TS99xxx",
  refused: "a type the product must refuse got a schema or a check",
  refsRefused: "a recursive type got no schema with refs: true",
};
export const HOST_GROUPS = {
  codes: "the hosts give different diagnostic codes for a call",
  constants: "the hosts emit different constants for a call",
  order: "the hosts emit the same constants in a different order",
};

/** The outcome of one call on one host: `constant` (its text) or `codes` and `text`. */
export function outcomeOf(host, c, kind) {
  const diagnosed = host.calls.byLine.get(`${c.file}:${c.lines[kind]}`);
  return { constant: host.calls.byExport.get(`${c.type.name}_${kind}`), codes: diagnosed?.codes ?? [], text: diagnosed?.text ?? "" };
}

export function checkCalls(cases, hosts, failures) {
  for (const host of hosts) {
    if (host.crash) failures.add(CALL_GROUPS.crash, { detail: `${host.label}: ${host.crash}` });
    if (host.unplaced) failures.add(CALL_GROUPS.crash, { detail: `${host.label}: ${host.unplaced}` });
    for (const [file, { typeErrors }] of host.files) {
      for (const [, line, text] of typeErrors.matchAll(/^[^\n(]*\((\d+),\d+\): (error TS\d+:.*)$/gm)) {
        const type = cases.filter((c) => c.file === file && c.lines.from <= Number(line)).pop()?.type;
        failures.add(CALL_GROUPS.typeErrors, { type, detail: `${host.label}, line ${line}: ${text}` });
      }
    }
    if (host.crash) continue;
    for (const c of cases) {
      for (const kind of Object.keys(CALLS)) {
        const { constant, codes, text } = outcomeOf(host, c, kind);
        const at = { type: c.type, call: kind, detail: `${host.label}:\n${text}` };
        if (constant === undefined && !codes.length) failures.add(CALL_GROUPS.neither, { ...at, detail: host.label });
        if (constant !== undefined && codes.length) failures.add(CALL_GROUPS.both, at);
        if (codes.includes("TS99013")) failures.add(CALL_GROUPS.internal, { ...at, kind: kind === "target" ? `target ${c.type.target}` : kind });
        if (codes.some((code) => !/^TS99\d{3}$/.test(code))) failures.add(CALL_GROUPS.notOurs, at);
        const expected = c.type.expect?.all ?? (["flat", "closed"].includes(kind) ? c.type.expect?.flat : undefined);
        if (expected && constant !== undefined)
          failures.add(CALL_GROUPS.refused, { ...at, detail: `${host.label}: expected ${expected}, got a schema or a check` });
        // With refs the cycle itself is no reason to refuse; another part of the type may still be (an unmeetable tag, say).
        if (c.type.expect?.flat && kind === "refs" && codes.includes(c.type.expect.flat)) failures.add(CALL_GROUPS.refsRefused, at);
      }
    }
  }
}

/** Both hosts: the same codes per call, the same constant per call, and the same constants in each file. */
export function checkHostsAgree(cases, [reference, other], failures) {
  if (reference.crash || other.crash) return;
  for (const c of cases) {
    for (const kind of Object.keys(CALLS)) {
      const [a, b] = [outcomeOf(reference, c, kind), outcomeOf(other, c, kind)];
      const at = { type: c.type, call: kind };
      if (a.codes.join() !== b.codes.join())
        failures.add(HOST_GROUPS.codes, {
          ...at,
          detail: `${reference.label}: ${a.codes.join(", ") || "none"}\n${other.label}: ${b.codes.join(", ") || "none"}`,
        });
      else if (a.constant !== b.constant)
        failures.add(HOST_GROUPS.constants, { ...at, detail: difference(a.constant, b.constant, reference.label, other.label) });
    }
  }
  for (const [file, { js }] of reference.files) {
    const [mine, theirs] = [constantsOf(js), constantsOf(other.files.get(file)?.js ?? "")];
    const sorted = (list) => [...list].sort().join("\n");
    if (mine.join("\n") !== theirs.join("\n") && sorted(mine) === sorted(theirs)) failures.add(HOST_GROUPS.order, { detail: file });
  }
}

/** Where two constants first differ, with some text around it on each side. */
function difference(a = "(none)", b = "(none)", labelA, labelB) {
  let at = 0;
  while (at < a.length && a[at] === b[at]) at++;
  const around = (text) => `${at > 80 ? "…" : ""}${text.slice(Math.max(0, at - 80), at + 120)}`;
  return `first difference at character ${at}:\n${labelA}: ${around(a)}\n${labelB}: ${around(b)}`;
}
