// The TypeScript 5.9 side of compileHosts, in a worker thread so that it runs while TypeScript 7.0
// builds: the transformer in memory over the generated files; an exception out of the compiler is
// sent back as `crash`, never thrown.
import { parentPort, workerData } from "node:worker_threads";
import { compilers } from "../compilers.mjs";
import { compileFiles, formatDiagnostics } from "../compile.mjs";

const [{ ts }] = compilers;
const files = workerData;
try {
  const results = compileFiles(ts, files);
  parentPort.postMessage({
    results: files.map((file) => {
      const { js, diagnostics, typeErrors } = results.get(file);
      const ours = diagnostics.map((d) => formatDiagnostics(ts, [d], file)).join("");
      return [file, { js, diagnostics: ours, typeErrors: formatDiagnostics(ts, typeErrors, file) }];
    }),
  });
} catch (error) {
  parentPort.postMessage({ crash: String(error?.stack ?? error) });
}
