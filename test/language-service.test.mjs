// @schemaof/language-service in a real tsserver, spawned over stdio as an editor spawns it, on
// TypeScript 5.9 and 6.0: an open file with a File in a type gets TS99001 with the build's text; an
// edit that fixes the type clears it; the quick info of a schemaOf<T>() call shows its schema.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { startTsserver } from "./lib/tsserver.mjs";
import { lintFindings, lintRules, lintSource } from "./lib/lintFixtures.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const source = `import { schemaOf } from "@schemaof/runtime";\n\n/** What to upload. */\nexport interface Upload {\n  title: string;\n  upload: File;\n}\n\nexport const schema = schemaOf<Upload>();\n`;

/** A project for the editor on `typescript`, with the plugin in its tsconfig and our packages linked. */
function editorApp(typescript, name = `editor-${typescript}`) {
  const app = join(here, ".tmp", name);
  rmSync(app, { recursive: true, force: true });
  mkdirSync(join(app, "src"), { recursive: true });
  mkdirSync(join(app, "node_modules", "@schemaof"), { recursive: true });
  symlinkSync(join(here, "node_modules", typescript), join(app, "node_modules", "typescript"), "dir");
  symlinkSync(join(here, "node_modules", "@schemaof", "language-service"), join(app, "node_modules", "@schemaof", "language-service"), "dir");
  symlinkSync(join(here, "node_modules", "@schemaof", "runtime"), join(app, "node_modules", "@schemaof", "runtime"), "dir");
  writeFileSync(
    join(app, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        target: "es2022",
        module: "nodenext",
        strict: true,
        skipLibCheck: true,
        lib: ["es2022", "dom"],
        types: [],
        plugins: [{ name: "@schemaof/language-service" }],
      },
      include: ["src"],
    }),
  );
  return app;
}

for (const [label, typescript] of [
  ["TypeScript 5.9", "typescript"],
  ["TypeScript 6.0", "typescript6"],
]) {
  test(`a real tsserver on ${label} reports TS99001 as you type, clears it after the fix, and shows the schema`, async () => {
    const app = editorApp(typescript);
    const file = join(app, "src", "upload.ts");
    writeFileSync(file, source);

    // tsserver looks for plugins beside its own real folder, which npm's flat node_modules makes the
    // project's (tried by hand); under this workspace's pnpm store it is not, so the project's node_modules is a probe location.
    const server = startTsserver(join(app, "node_modules", "typescript"), app, ["--pluginProbeLocations", join(app, "node_modules")]);
    try {
      server.notify("open", { file, fileContent: source, projectRootPath: app });
      const before = await server.semanticDiagnostics(file);
      const ours = before.filter((diagnostic) => diagnostic.code === 99001);
      assert.is(ours.length, 1, JSON.stringify(before));
      assert.match(
        ours[0].text,
        /^'Upload' holds values that JSON tool arguments cannot carry\.\n  upload: 'File': a file upload cannot travel in JSON tool arguments; take a URL or a base64 string instead\.$/,
      );
      assert.equal(ours[0].start, { line: 9, offset: 32 });
      assert.is(before.length, 1, "TypeScript's own diagnostics are left as they are (none)");

      // The fix, typed: `File` -> `string` on line 6.
      server.notify("change", { file, line: 6, offset: 11, endLine: 6, endOffset: 15, insertString: "string" });
      const after = await server.semanticDiagnostics(file);
      assert.equal(after, []);

      const info = await server.request("quickinfo", { file, line: 9, offset: 24 });
      assert.ok(info.success, JSON.stringify(info));
      assert.match(info.body.documentation, /schemaof: this call becomes/);
      assert.not.ok(
        info.body.tags.some((tag) => tag.name === "schemaofIntrinsic"),
        "the runtime's marker tag is not shown",
      );
      const shown = JSON.parse(/```json\n([\s\S]*?)\n```/.exec(info.body.documentation)[1]);
      assert.equal(shown, {
        type: "object",
        properties: { title: { type: "string" }, upload: { type: "string" } },
        required: ["title", "upload"],
        description: "What to upload.",
      });
    } finally {
      await server.stop();
    }
  });

  test(`a real tsserver on ${label} shows every rule's fixture's golden warnings, and none for its clean twin`, async () => {
    const app = editorApp(typescript, `editor-lint-all-${typescript}`);
    const server = startTsserver(join(app, "node_modules", "typescript"), app, ["--pluginProbeLocations", join(app, "node_modules")]);
    try {
      for (const rule of lintRules()) {
        for (const which of ["warns", "clean"]) {
          const file = join(app, "src", `${rule}-${which}.ts`);
          const text = lintSource(rule, which);
          writeFileSync(file, text);
          server.notify("open", { file, fileContent: text, projectRootPath: app });
          const shown = (await server.semanticDiagnostics(file)).map(({ code, category, start, text }) => ({
            code,
            category,
            line: start.line,
            column: start.offset,
            text,
          }));
          const expected =
            which === "clean" ? [] : lintFindings(rule).map(({ code, line, column, text }) => ({ code, category: "warning", line, column, text }));
          const order = (a, b) => a.line - b.line || a.column - b.column || a.code - b.code;
          assert.equal(shown.sort(order), expected.sort(order), `${rule}-${which}`);
        }
      }
    } finally {
      await server.stop();
    }
  });

  test(`a real tsserver on ${label} shows a tool's lint findings as warnings, and clears them after the fix`, async () => {
    const app = editorApp(typescript, `editor-lint-${typescript}`);
    const file = join(app, "src", "tool.ts");
    const text = readFileSync(join(here, "lint", "tool-description", "warns.ts"), "utf8");
    writeFileSync(file, text);
    const server = startTsserver(join(app, "node_modules", "typescript"), app, ["--pluginProbeLocations", join(app, "node_modules")]);
    try {
      server.notify("open", { file, fileContent: text, projectRootPath: app });
      const before = await server.semanticDiagnostics(file);
      assert.equal(
        before.map(({ code, category, start }) => ({ code, category, start })),
        [{ code: 99101, category: "warning", start: { line: 8, offset: 28 } }],
      );
      assert.match(before[0].text, /^Tool 'findBooks' has no description, so a model chooses it by its name alone\.\n  write a JSDoc summary/);
      // The fix, typed: a summary above the function (line 2).
      server.notify("change", {
        file,
        line: 2,
        offset: 1,
        endLine: 2,
        endOffset: 1,
        insertString: "/** Finds the library's books whose titles hold every word given; returns how many. */\n",
      });
      assert.equal(await server.semanticDiagnostics(file), []);
    } finally {
      await server.stop();
    }
  });
}

test.run();
