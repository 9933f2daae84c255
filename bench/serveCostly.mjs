// bench/serve.mjs's server of the costly tool with serveHttp (its peer: servePeer.mjs with
// PEER_TOOLS=costly); WORKERS=n: n processes.
import { serveHttp } from "@schemaof/runtime/mcp";
import { costlyTool } from "./costlyTool.mjs";

const served = await serveHttp([costlyTool], { port: 0, workers: Number(process.env.WORKERS ?? 1), routes: { "/outils": () => ({ body: [costlyTool] }) } });
console.log(`listening on ${served.url}`);
