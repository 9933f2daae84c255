// Lint's fixtures (test/lint/<rule>/): `warns.ts` with its golden `warns.txt`, and `clean.ts`, the
// same tool written well. Read here for the hosts that are tested on every one of them.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const lintRoot = join(dirname(fileURLToPath(import.meta.url)), "..", "lint");

/** The rules, each a folder, in name order. */
export const lintRules = () =>
  readdirSync(lintRoot, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

/** A rule's `warns.ts` or `clean.ts`. */
export const lintSource = (rule, which) => readFileSync(join(lintRoot, rule, `${which}.ts`), "utf8");

/**
 * A rule's golden as findings: where (1-based line and column, as tsc prints them), the code, and
 * the text (the headline, then a line per path, each indented by two spaces).
 */
export function lintFindings(rule) {
  return readFileSync(join(lintRoot, rule, "warns.txt"), "utf8")
    .trimEnd()
    .split(/\n(?=\S)/)
    .map((block) => {
      const [, line, column, code, text] = /^warns\.ts\((\d+),(\d+)\): warning TS(\d+): ([\s\S]*)$/.exec(block);
      return { line: Number(line), column: Number(column), code: Number(code), text };
    });
}
