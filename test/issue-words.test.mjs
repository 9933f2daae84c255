// Each issue names the fix as well as the fault (shared/DESIGN.md, "A tool talks to a model"): the
// old wording beside the new, and exactly one issue per fault, on every compiler the fixtures use.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compilers } from "./lib/compilers.mjs";
import { compileSources } from "./lib/scratch.mjs";

const SOURCE = `
import { validateArgs } from "@schemaof/runtime";
interface Patch { title?: string; body?: string | null; priority?: 1 | 2 | 3 | 4; labels?: string[] }
interface Deadline { due: Date; day?: Date }
export const patch = (args: unknown) => validateArgs<Patch>(args);
export const deadline = (args: unknown) => validateArgs<Deadline>(args);
`;

/** Each fault: what is sent, the old message, and the one issue now. */
const CASES = [
  {
    fault: "null for an optional property that takes none",
    check: "patch",
    sent: { title: null },
    was: "/title must be string, got null",
    now: { pointer: "/title", keyword: "type", message: "/title is optional and takes no null: leave it out instead" },
  },
  {
    fault: "null for an optional enum",
    check: "patch",
    sent: { priority: null },
    was: "/priority must be one of 1, 2, 3, 4, got null",
    now: { pointer: "/priority", keyword: "type", message: "/priority is optional and takes no null: leave it out instead" },
  },
  {
    fault: "an epoch number for a date",
    check: "deadline",
    sent: { due: 1798711200000 },
    was: "/due must be string, got integer 1798711200000",
    now: { pointer: "/due", keyword: "type", message: '/due must be a date-time string (RFC 3339, e.g. "2026-11-30T10:00:00Z"), got integer 1798711200000' },
  },
];

for (const { label, ts } of compilers) {
  test(`each issue says the fix, one issue per fault (${label})`, () => {
    const out = compileSources(ts, { "words.ts": SOURCE })["words.ts"];
    assert.is(out.diagnostics + out.typeErrors, "");
    const checks = out.run();
    for (const { fault, check, sent, was, now } of CASES) {
      const { issues } = checks[check](sent);
      assert.equal(
        issues.map(({ pointer, keyword, message }) => ({ pointer, keyword, message })),
        [now],
        fault,
      );
      assert.is.not(now.message, was, fault);
    }
    // A nullable optional property takes its null, and one left out stays out.
    assert.equal(checks.patch({ body: null }), { value: { body: null } });
    assert.equal(checks.patch({ title: "renamed" }), { value: { title: "renamed" } });
    // An optional date is told the same.
    assert.equal(
      checks.deadline({ due: "2026-11-30T10:00:00Z", day: 20261130 }).issues[0].message,
      '/day must be a date-time string (RFC 3339, e.g. "2026-11-30T10:00:00Z"), got integer 20261130',
    );
  });
}

test.run();
