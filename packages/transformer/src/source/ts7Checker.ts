import { dirname } from "node:path";
import { readText } from "../project";
import { Ts7Session, type Ts7 } from "../compiler/loadTs7";
import { ts7StrictNullChecks } from "../compiler/strictNullChecks";
import { fromTs7, type T7Checker, type T7Program } from "../compiler/fromTs7";
import type { Compiler } from "../compiler/Compiler";
import { PROGRAM_INPUT, type ModuleChecker } from "./ModuleChecker";

/**
 * TypeScript 7: one session of its API over the project. The API reads files from disk and takes no
 * text of ours, so a module is checked as it is on disk; the changes a host reports are handed to
 * the session together, before the next module is checked.
 */
export function ts7Checker(ts7: Ts7, configFile: string): ModuleChecker {
  const session = new Ts7Session(ts7, configFile, dirname(configFile));
  const pending = new Set<string>();
  let compiled: { program: T7Program; compiler: Compiler } | undefined;
  const current = () => {
    if (pending.size > 0) {
      session.changed({ changed: [...pending] });
      pending.clear();
      compiled = undefined;
    }
    if (!compiled) {
      const project = session.project!;
      const program = project.program as T7Program;
      compiled = { program, compiler: fromTs7(ts7, program, project.checker as T7Checker) };
    }
    return compiled;
  };

  return {
    version: ts7.version,
    strictNullChecks: ts7StrictNullChecks(session.options()),
    open(fileName, code) {
      let sourceFile = current().program.getSourceFile(fileName);
      if (sourceFile && sourceFile.text !== code && readText(fileName) === code) {
        // Edited on disk since the session read it, and no host said so yet.
        pending.add(fileName);
        sourceFile = current().program.getSourceFile(fileName);
      }
      if (!sourceFile) return { problem: `'${fileName}' is not part of the project of '${configFile}': add it to the tsconfig's "include" or "files"` };
      if (sourceFile.text !== code) {
        return {
          problem: `another plugin changed '${fileName}' before schemaof, and TypeScript ${ts7.version}'s checker reads the file as it is on disk: run schemaof's plugin first (enforce: "pre", or first in the list)`,
        };
      }
      return { compiler: current().compiler, sourceFile };
    },
    hasSyntaxErrors: (sourceFile) =>
      ((current().program as T7Program & { getSyntacticDiagnostics?(file: string): readonly unknown[] }).getSyntacticDiagnostics?.(sourceFile.fileName)
        .length ?? 0) > 0,
    ownFiles() {
      const { program } = current();
      return (program.getSourceFileNames?.() ?? session.rootFiles())
        .filter((file) => !/[\\/]node_modules[\\/]/.test(file) && !(ts7.libDir && file.startsWith(ts7.libDir)) && !/\.d\.[cm]?ts$/.test(file))
        .map((fileName) => ({ fileName, text: program.getSourceFile(fileName)?.text ?? "" }));
    },
    changed(fileName) {
      if (PROGRAM_INPUT.test(fileName)) pending.add(fileName);
    },
    close() {
      session.close();
    },
  };
}
