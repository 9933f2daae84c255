/**
 * SCHEMAOF_TIMING=1: what the plugin itself cost in a build, printed on stderr at its end: opening
 * the project, the first module (which makes the checker's program), then the median of the others.
 * `pnpm bench` reads this line.
 */
export function buildTiming(enabled = Boolean(process.env.SCHEMAOF_TIMING)) {
  let opening = 0;
  let modules: number[] = [];
  const since = (started: number) => performance.now() - started;
  return {
    async open<T>(open: () => Promise<T>): Promise<T> {
      const started = performance.now();
      try {
        return await open();
      } finally {
        opening = since(started);
      }
    },
    module<T>(transform: () => T): T {
      if (!enabled) return transform();
      const started = performance.now();
      try {
        return transform();
      } finally {
        modules.push(since(started));
      }
    },
    report(): void {
      if (!enabled || modules.length === 0) return;
      const [first, ...rest] = modules;
      const sorted = [...rest].sort((a, b) => a - b);
      const median = sorted.length ? sorted[Math.floor(sorted.length / 2)] : 0;
      const total = rest.reduce((a, b) => a + b, 0);
      process.stderr.write(
        `schemaof: open the project ${opening.toFixed(0)} ms; first module ${first.toFixed(1)} ms; ${rest.length} more, median ${median.toFixed(2)} ms, total ${total.toFixed(0)} ms\n`,
      );
      modules = [];
    },
  };
}
