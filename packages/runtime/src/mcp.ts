/**
 * `@schemaof/runtime/mcp`: tools served over MCP with the official SDK (v1, `@modelcontextprotocol/sdk`,
 * an optional peer dependency). Its own entry point, so the runtime's core needs no SDK and no Node.
 * `serveHttp` and `serveStdio` are whole servers with safe defaults; `serveTools` puts the tools on
 * an SDK `Server` of your own.
 */
export { serveTools, toolDefinition, type ToolServer } from "./serve/serveTools";
export { serveHttp } from "./serve/serveHttp";
export { serveStdio } from "./serve/serveStdio";
export { bearerToken } from "./serve/bearerToken";
export type { HttpOptions, HttpServing, LogOption, RequestInfo, Route, RouteAnswer, ServerInfo, StdioOptions } from "./serve/options";
export { registerTools, type McpServerLike } from "./serve/registerTools";
