// A tool whose call keeps the event loop busy for 27 ms: what one médiathèque search of 100 words
// that every book matches cost before the search was made cheaper (issue 26). Shaped as toolOf makes
// a tool (name, schemas, call), so both servers of bench/serve.mjs serve it as they serve any.
export const COSTLY_MS = 27;

export const costlyTool = {
  name: "costly",
  description: "Keeps the event loop busy for 27 ms.",
  inputSchema: { type: "object", properties: {} },
  async call() {
    const end = performance.now() + COSTLY_MS;
    while (performance.now() < end);
    return { content: [{ type: "text", text: "done" }] };
  },
};
