/**
 * The thresholds of the lint rules, each set just past what the published tools of seventeen MCP
 * servers do (131 tools, test/real-tools; docs/lint.md has the figures), so that a tool written as
 * well as those gets no warning.
 */
export const THRESHOLDS = {
  /**
   * A tool description's characters. Fewer than `min` says too little (a tenth of published tools
   * have under 27, a quarter under 34); more than `max` is what OpenAI refused until 2025.
   */
  description: { min: 20, max: 1024 },
  /** A tool's own parameters: published tools take at most 9, at most 6 of them required. */
  parameters: { total: 12, required: 8 },
  /** Objects a parameter sits in (1: the tool's own); published tools go 2 deep at most. */
  depth: 3,
} as const;
