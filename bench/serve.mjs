// What one hostile request costs everyone else: the médiathèque (serveHttp) and, as the peer, the
// same tools behind the MCP SDK's Streamable HTTP transport alone with the same 4 MB body cap (how
// the médiathèque served before issue 15). Each request below fits under the cap; while it is
// answered, GET /outils is asked again and again, and the worst of those waits is the stall
// (goal: under 250 ms), the median of three rounds. Printed, never asserted.
import { spawn, spawnSync } from "node:child_process";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const exampleDir = join(here, "..", "examples", "mediatheque");
const MCP_HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream" };

const keys = (n) => Array.from({ length: n }, (_, i) => `"k${i}":0`).join(",");
const REQUESTS = {
  "ping, 9,000 keys in _meta (under the bound)": `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"_meta":{${keys(9_000)}}}}`,
  "ping, 300,000 keys in _meta": `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"_meta":{${keys(300_000)}}}}`,
  "tools/call, 300,000 unknown argument keys": `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"rechercherLivres","arguments":{"mots":"dune",${keys(300_000)}}}}`,
  "tools/call, a 4 MB string": JSON.stringify({
    jsonrpc: "2.0",
    id: 1,
    method: "tools/call",
    params: { name: "rechercherLivres", arguments: { mots: "a".repeat(4_000_000) } },
  }),
  "tools/call, an array of 1,000,000 items": `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"rechercherLivres","arguments":{"mots":"dune","x":[${"0,".repeat(999_999)}0]}}}`,
  "ping, 1,000,000 empty arrays": `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"_meta":{"a":[${Array(1_000_000).fill("[]").join(",")}]}}}`,
  "4 MB of ]": "]".repeat(4_000_000),
  "{ and 4 MB of commas": "{" + ",".repeat(4_000_000),
  "ping, nested 1,000,000 deep": `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"_meta":{"x":${"[".repeat(1_000_000)}${"]".repeat(1_000_000)}}}}`,
};

for (const [label, body] of Object.entries(REQUESTS)) {
  if (Buffer.byteLength(body) > 4 * 1024 * 1024) throw new Error(`${label} is over the 4 MB cap both servers have`);
}

const built = spawnSync(
  process.execPath,
  [join(exampleDir, "node_modules", "@schemaof", "transformer", "bin", "schemaof.js"), "build", "-p", "tsconfig.json"],
  {
    cwd: exampleDir,
    encoding: "utf8",
  },
);
if (built.status !== 0) throw new Error(`the médiathèque does not build:\n${built.stdout}${built.stderr}`);

/** Starts `args` with node; resolves with its URL once it prints where it listens. */
function start(args) {
  const child = spawn(process.execPath, args, { cwd: exampleDir, env: { ...process.env, PORT: "0" }, stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
      const found = /listening on (http:\/\/\S+)/.exec(output);
      if (found) resolve({ url: found[1], stop: () => child.kill() });
    });
    child.once("exit", (code) => reject(new Error(`exited with ${code}:\n${output}`)));
  });
}

async function outils(url) {
  const started = performance.now();
  await (await fetch(`${url}/outils`)).arrayBuffer();
  return performance.now() - started;
}

/** The worst GET /outils wait while `body` is answered, and that answer's status: the median of three rounds. */
async function stall(url, body) {
  const rounds = [];
  for (let i = 0; i < 3; i++) rounds.push(await once(url, body));
  return rounds.sort((a, b) => a.worst - b.worst)[1];
}

async function once(url, body) {
  let done = false;
  let worst = 0;
  const answered = fetch(`${url}/mcp`, { method: "POST", headers: MCP_HEADERS, body })
    .then(async (response) => {
      await response.arrayBuffer();
      return response.status;
    })
    .catch((error) => `${error.cause?.code ?? error.message}`)
    .finally(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 5));
  while (!done) worst = Math.max(worst, await outils(url));
  return { worst, status: await answered };
}

const servers = {
  "schemaof serveHttp": await start([join(exampleDir, "dist", "server.js")]),
  "SDK transport alone": await start([join(here, "servePeer.mjs")]),
};
// Stopped from outside (Ctrl-C, a timeout): the servers go too.
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    for (const server of Object.values(servers)) server.stop();
    process.exit(1);
  });
}
try {
  const idle = {};
  for (const [name, server] of Object.entries(servers)) {
    for (let i = 0; i < 10; i++) await outils(server.url);
    const times = [];
    for (let i = 0; i < 20; i++) times.push(await outils(server.url));
    idle[name] = times.sort((a, b) => a - b)[10];
  }
  console.log("Stall: the worst wait of a GET /outils while one request is answered (goal under 250 ms)");
  console.log(
    `  idle GET /outils: ${Object.entries(idle)
      .map(([name, ms]) => `${name} ${ms.toFixed(1)} ms`)
      .join(", ")}`,
  );
  let worstOurs = 0;
  for (const [label, body] of Object.entries(REQUESTS)) {
    const ours = await stall(servers["schemaof serveHttp"].url, body);
    const peer = await stall(servers["SDK transport alone"].url, body);
    worstOurs = Math.max(worstOurs, ours.worst);
    console.log(
      `  ${label.padEnd(44)} schemaof ${ours.worst.toFixed(0).padStart(6)} ms (${ours.status})   SDK alone ${peer.worst.toFixed(0).padStart(6)} ms (${peer.status})   ratio ${(peer.worst / ours.worst).toFixed(1)}x`,
    );
  }
  console.log(`  worst single request's stall, schemaof: ${worstOurs.toFixed(0)} ms (${worstOurs < 250 ? "under" : "OVER"} the 250 ms goal)`);
} finally {
  for (const server of Object.values(servers)) server.stop();
}
