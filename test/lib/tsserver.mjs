// A real tsserver over stdio, spoken to as an editor speaks to it: requests in, events and
// responses out (`Content-Length` framed JSON).
import { spawn } from "node:child_process";
import { join } from "node:path";

export function startTsserver(typescriptDir, cwd, args = []) {
  const child = spawn(process.execPath, [join(typescriptDir, "lib", "tsserver.js"), "--disableAutomaticTypingAcquisition", ...args], {
    cwd,
    stdio: ["pipe", "pipe", "pipe"],
  });
  let seq = 0;
  let buffer = Buffer.alloc(0);
  const waiting = new Map();
  const listeners = new Set();
  child.stdout.on("data", (chunk) => {
    buffer = Buffer.concat([buffer, chunk]);
    for (;;) {
      const header = buffer.indexOf("\r\n\r\n");
      if (header < 0) return;
      const length = Number(/Content-Length: (\d+)/.exec(buffer.subarray(0, header).toString())[1]);
      if (buffer.length < header + 4 + length) return;
      const message = JSON.parse(buffer.subarray(header + 4, header + 4 + length).toString());
      buffer = buffer.subarray(header + 4 + length);
      if (message.type === "response" && waiting.has(message.request_seq)) {
        waiting.get(message.request_seq)(message);
        waiting.delete(message.request_seq);
      }
      for (const listener of listeners) listener(message);
    }
  });
  const send = (command, args) => {
    const request = { seq: ++seq, type: "request", command, arguments: args };
    child.stdin.write(JSON.stringify(request) + "\n");
    return request.seq;
  };
  return {
    /** A request that has a response. */
    request: (command, args) => new Promise((resolve) => waiting.set(send(command, args), resolve)),
    /** A request answered by events only (open, change). */
    notify: (command, args) => void send(command, args),
    /** `geterr` for one file: its semantic diagnostics, once the server sends them. */
    semanticDiagnostics(file) {
      return new Promise((resolve) => {
        const listener = (message) => {
          if (message.type === "event" && message.event === "semanticDiag" && message.body.file === file) {
            listeners.delete(listener);
            resolve(message.body.diagnostics);
          }
        };
        listeners.add(listener);
        send("geterr", { files: [file], delay: 0 });
      });
    },
    stop: () => new Promise((resolve) => (child.exitCode !== null ? resolve() : (child.once("exit", resolve), child.kill()))),
  };
}
