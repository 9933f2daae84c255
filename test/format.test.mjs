// Every source file the repository tracks is as Prettier writes it (the settings in .prettierrc.json,
// 160 columns; .prettierignore leaves out goldens and prose): `npx prettier --write .` fixes it.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import * as prettier from "prettier";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const tracked = execFileSync("git", ["ls-files", "-z"], { cwd: root, encoding: "utf8" }).split("\0").filter(Boolean);

test("every tracked source file is formatted as Prettier writes it", async () => {
  const unformatted = [];
  let checked = 0;
  for (const file of tracked) {
    const path = join(root, file);
    const info = await prettier.getFileInfo(path, { ignorePath: join(root, ".prettierignore") });
    if (info.ignored || !info.inferredParser) continue;
    const options = { ...(await prettier.resolveConfig(path)), filepath: path };
    if (!(await prettier.check(readFileSync(path, "utf8"), options))) unformatted.push(file);
    checked++;
  }
  assert.ok(checked > 100, `${checked} files checked`);
  assert.equal(unformatted, [], "run `npx prettier --write .` and commit the result");
});

test.run();
