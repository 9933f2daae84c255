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
enum Priority { Low = 1, Normal, High, Urgent }
interface Ticket { priority: Priority; level?: 1 | 2 | 3 }
type Action = { kind: "create"; title: string } | { kind: "move"; column: string } | { kind: "close" };
interface Board { action: Action }
type Shelf = { isbn: string; title?: string } | { isbn: string; shelf?: number };
interface Place { where: Shelf }
type Find = { isbn: string } | { title: string; author?: string };
interface Lookup { find: Find }
interface Search { created?: { from: string; to: string }; labels?: string[] }
export const patch = (args: unknown) => validateArgs<Patch>(args);
export const deadline = (args: unknown) => validateArgs<Deadline>(args);
export const search = (args: unknown) => validateArgs<Search>(args);
export const ticket = (args: unknown) => validateArgs<Ticket>(args);
export const board = (args: unknown) => validateArgs<Board>(args);
export const place = (args: unknown) => validateArgs<Place>(args);
export const lookup = (args: unknown) => validateArgs<Lookup>(args);
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
  {
    fault: "a numeric enum sent as a string",
    check: "ticket",
    sent: { priority: "3" },
    was: '/priority must be one of 1, 2, 3, 4, got "3"',
    now: {
      pointer: "/priority",
      keyword: "enum",
      message: '/priority must be one of 1 (Low), 2 (Normal), 3 (High), 4 (Urgent): the number itself, not a string, got "3"',
    },
  },
  {
    fault: "a number of a literal union sent as a string",
    check: "ticket",
    sent: { priority: 3, level: "2" },
    was: '/level must be one of 1, 2, 3, got "2"',
    now: { pointer: "/level", keyword: "enum", message: '/level must be one of 1, 2, 3: the number itself, not a string, got "2"' },
  },
  {
    fault: "fields sent flat instead of inside the object that holds them",
    check: "board",
    sent: { kind: "move", column: "done" },
    was: "/action required",
    now: { pointer: "/action", keyword: "required", message: '/action required, expected an object whose kind is one of "create", "move", "close"' },
  },
  {
    fault: "a value no member of a discriminated union takes",
    check: "board",
    sent: { action: "move" },
    was: "/action must be an object with kind, title, or an object with kind, column, or an object with kind",
    now: { pointer: "/action", keyword: "anyOf", message: '/action must be an object whose kind is one of "create", "move", "close"' },
  },
  {
    fault: "a value no member of another union takes",
    check: "place",
    sent: { where: 42 },
    was: "/where must be an object with isbn, or an object with isbn",
    now: { pointer: "/where", keyword: "anyOf", message: "/where must be an object with isbn" },
  },
  {
    fault: "an object no member of a union of objects takes: the member it came closest to",
    check: "lookup",
    sent: { find: { title: 3 } },
    was: "/find must be an object with isbn, or an object with title",
    now: {
      pointer: "/find",
      keyword: "anyOf",
      message: "/find must be an object with isbn, or an object with title (closest: /find/title must be string, got integer 3)",
    },
  },
  {
    fault: "a wrong key beside a missing one: the member whose key came",
    check: "lookup",
    sent: { find: { isbn: 978 } },
    was: "/find must be an object with isbn, or an object with title",
    now: {
      pointer: "/find",
      keyword: "anyOf",
      message: "/find must be an object with isbn, or an object with title (closest: /find/isbn must be string, got integer 978)",
    },
  },
  {
    fault: "an object sent as JSON text",
    check: "search",
    sent: { created: '{"from":"2026-01-01","to":"2026-02-01"}' },
    was: '/created must be object, got string "{\\"from\\":\\"2026-01-01\\",\\"to\\":\\"2026-02-01\\"}"',
    now: {
      pointer: "/created",
      keyword: "type",
      message: '/created must be object, got string "{\\"from\\":\\"2026-01-01\\",\\"to\\":\\"2026-02-01\\"}": send the object itself, not JSON text',
    },
  },
  {
    fault: "an array sent as JSON text",
    check: "search",
    sent: { labels: ' ["bug"]' },
    was: '/labels must be array, got string " [\\"bug\\"]"',
    now: { pointer: "/labels", keyword: "type", message: '/labels must be array, got string " [\\"bug\\"]": send the array itself, not JSON text' },
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
    // A numeric enum's names are said with its values whatever came.
    assert.equal(checks.ticket({ priority: 9 }).issues[0].message, "/priority must be one of 1 (Low), 2 (Normal), 3 (High), 4 (Urgent), got 9");
    // A string that is no JSON text keeps the plain words.
    assert.equal(checks.search({ labels: "bug" }).issues[0].message, '/labels must be array, got string "bug"');
    // An optional date is told the same.
    assert.equal(
      checks.deadline({ due: "2026-11-30T10:00:00Z", day: 20261130 }).issues[0].message,
      '/day must be a date-time string (RFC 3339, e.g. "2026-11-30T10:00:00Z"), got integer 20261130',
    );
  });
}

test.run();
