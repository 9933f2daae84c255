// Vite's dev server through @schemaof/unplugin, on TypeScript 5.9 (in process) and 7.0 (its API): a
// module is served with its schema; editing a type in the file it imports serves the new schema (the
// file was registered as the module's dependency); a File in a type is an error the overlay shows
// (the `error` payload the client draws it from), and the fix sends the update that clears it and
// serves the module.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer as createNetServer } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createServer } from "vite";
import schemaof from "@schemaof/unplugin/vite";
import { BUNDLER_OPTIONS, writeProject } from "./lib/projectOptions.mjs";

const here = dirname(fileURLToPath(import.meta.url));
for (const [label, typescript] of [
  ["TypeScript 5.9", "typescript"],
  ["TypeScript 7.0", "typescript7"],
]) {
  const app = join(here, ".tmp", `vite-dev-${typescript}`);
  rmSync(app, { recursive: true, force: true });
  writeProject(app, { name: "vite-dev-app", type: "module" }, BUNDLER_OPTIONS);
  mkdirSync(join(app, "node_modules"));
  symlinkSync(join(here, "node_modules", typescript), join(app, "node_modules", "typescript"), "dir");
  const types = (doc, extra = "") => `/** ${doc} */\nexport interface SearchInput {\n  /** The words. */\n  query: string;${extra}\n}\n`;
  writeFileSync(join(app, "src", "types.ts"), types("What to look for."));
  writeFileSync(
    join(app, "src", "tool.ts"),
    `import { schemaOf } from "@schemaof/runtime";\nimport type { SearchInput } from "./types";\n\nexport const schema = schemaOf<SearchInput>();\n`,
  );
  const upload = (type) => `import { schemaOf } from "@schemaof/runtime";\n\nexport const schema = schemaOf<{ title: string; upload: ${type} }>();\n`;
  writeFileSync(join(app, "src", "upload.ts"), upload("File"));

  const port = await new Promise((resolve) => {
    const probe = createNetServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
  const server = await createServer({
    root: app,
    configFile: false,
    logLevel: "silent",
    plugins: [schemaof()],
    server: { host: "127.0.0.1", port, strictPort: true },
  });
  await server.listen();
  const payloads = [];
  const hot = server.environments.client.hot;
  const send = hot.send.bind(hot);
  hot.send = (payload, ...rest) => {
    payloads.push(payload);
    return send(payload, ...rest);
  };

  /** Polls until `check` returns a value (the watcher's events arrive when they arrive). */
  async function until(what, check, timeout = 15000) {
    const end = Date.now() + timeout;
    for (;;) {
      const found = await check();
      if (found) return found;
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  test(`${label}: a module is served with its schema, and an edit of an imported type serves the new one`, async () => {
    const first = await server.ssrLoadModule("/src/tool.ts");
    assert.equal(first.schema.description, "What to look for.");
    assert.equal(first.schema.required, ["query"]);
    writeFileSync(join(app, "src", "types.ts"), types("What to search for.", "\n  /** At most this many. */\n  limit: number;"));
    const next = await until("the new schema", async () => {
      const module = await server.ssrLoadModule("/src/tool.ts");
      return module.schema.description === "What to search for." && module;
    });
    assert.equal(next.schema.required, ["query", "limit"]);
    assert.equal(next.schema.properties.limit, { type: "number", description: "At most this many." });
  });

  test(`${label}: the overlay shows TS99001 for a File, and clears once the type is fixed`, async () => {
    const failed = await fetch(`http://127.0.0.1:${port}/src/upload.ts`);
    assert.equal(failed.status, 500);
    const error = payloads.find((payload) => payload.type === "error");
    assert.ok(error, "an error payload is sent to the client");
    assert.match(error.err.message, /error TS99001: .* holds values that JSON tool arguments cannot carry/);
    assert.match(error.err.message, /upload: 'File': a file upload cannot travel in JSON tool arguments/);
    assert.match(error.err.id ?? error.err.loc?.file ?? "", /upload\.ts$/);
    assert.equal(error.err.loc.line, 3);

    const before = payloads.length;
    writeFileSync(join(app, "src", "upload.ts"), upload("string"));
    // The client clears its overlay on the next update or reload.
    await until("the update that clears the overlay", () =>
      payloads.slice(before).some((payload) => payload.type === "update" || payload.type === "full-reload"),
    );
    const fixed = await until("the fixed module", async () => {
      const response = await fetch(`http://127.0.0.1:${port}/src/upload.ts`);
      return response.status === 200 && (await response.text());
    });
    assert.match(fixed, /upload: \{ ?type: "string" ?\}/);
    assert.not.match(fixed, /schemaOf</);
  });

  test.after(async () => {
    await server.close();
  });
}

test.run();
