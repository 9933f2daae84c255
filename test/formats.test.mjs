// Every format schemaof emits means at run time what it means to ajv-formats (its default "full"
// mode): fast-check draws strings from each format's own alphabet, and edits of valid and nearly
// valid examples (a character inserted, deleted or replaced, up to five times), and the runtime's
// check must give ajv-formats' verdict on each. The generated checks and the plan interpreter call
// these same functions.
import { test } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const h = require("@schemaof/runtime/helpers");
/** The functions the generated checks call, by the name JSON Schema gives each format (the runtime's format table). */
const FORMAT_CHECKS = Object.fromEntries(Object.entries(h.FORMATS).map(([name, { helper }]) => [name, h[helper]]));
const { fullFormats } = require("ajv-formats/dist/formats");

const RUNS = Number(process.env.FORMAT_RUNS ?? 50000);

/** The characters each format is made of, and a few it is not. */
const ALPHABETS = {
  "date-time": "0123456789-:TtZz+. ",
  date: "0123456789-",
  time: "0123456789:Zz+-.",
  email: 'aZ09.@-_+!"é',
  hostname: "aZ09.-_é",
  ipv4: "0123456789.",
  ipv6: "0123456789abcdefABCDEF:.",
  uri: "aZ09:/?#[]@!$&'()*+,;=%-._~ é",
  uuid: "0123456789abcdefABCDEF-urn:id",
};

/** Values on the edges of each grammar, for the edits to start from. */
const EXAMPLES = {
  "date-time": ["2026-11-30T10:00:00Z", "1990-12-31T23:59:60Z", "2026-02-29T00:00:00+01:00", "2024-02-29t10:00:00.5z"],
  date: ["2024-02-29", "2023-02-29", "2026-12-31"],
  time: ["23:59:60Z", "10:00:00.5+05:30", "00:00:00-00:00"],
  email: ["a@b.co", "x.y@z-w.org", "first.last+tag@sub.example.com"],
  hostname: ["a.b", "example.com.", "xn--d1a-9ta.example"],
  ipv4: ["1.2.3.4", "255.255.255.255", "0.0.0.0"],
  ipv6: ["::1", "1:2:3:4:5:6:7:8", "::ffff:1.2.3.4", "1::", "fe80::1:2"],
  uri: [
    "http://a.b/c?d#e",
    "urn:x:y",
    "a://[::1]:80/",
    "a://[::ffff:01.2.3.4]/",
    "h://u:p@[v1.x]:8/p",
    "h://[1:2:3:4:5:6:7:8]",
    "a:/b//c",
    "a://",
    "a:///",
    "a:b",
    "h://[1::2:3.4.5.6]?x#y",
    "s:%41/%zz",
  ],
  uuid: ["123e4567-e89b-12d3-a456-426614174000", "urn:uuid:123e4567-e89b-12d3-a456-426614174000"],
};

/** ajv-formats' check of a format: a function, a pattern, or an object holding either. */
function ajvCheck(format) {
  const entry = fullFormats[format];
  const check = typeof entry === "object" && !(entry instanceof RegExp) ? entry.validate : entry;
  return check instanceof RegExp ? (value) => check.test(value) : (value) => Boolean(check(value));
}

for (const [format, alphabet] of Object.entries(ALPHABETS)) {
  test(`format ${format}: the runtime's check gives ajv-formats' verdict`, () => {
    const ours = FORMAT_CHECKS[format];
    const theirs = ajvCheck(format);
    const char = fc.constantFrom(...alphabet);
    const edit = fc.tuple(fc.nat(), char, fc.constantFrom("insert", "delete", "replace"));
    const edited = fc.tuple(fc.constantFrom(...EXAMPLES[format]), fc.array(edit, { maxLength: 5 })).map(([value, edits]) =>
      edits.reduce((text, [at, c, how]) => {
        const i = at % (text.length + 1);
        return text.slice(0, i) + (how === "delete" ? "" : c) + text.slice(how === "insert" ? i : i + 1);
      }, value),
    );
    const mismatches = [];
    let valid = 0;
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: char, maxLength: 40 }), edited), (value) => {
        const verdict = theirs(value);
        if (verdict) valid++;
        if (ours(value) !== verdict && mismatches.length < 5) mismatches.push({ value, ajvFormats: verdict });
      }),
      { numRuns: RUNS, seed: 42 },
    );
    assert.equal(mismatches, []);
    assert.ok(valid > RUNS / 100, `some of the strings are valid ${format}s (${valid})`);
  });
}

test.run();
