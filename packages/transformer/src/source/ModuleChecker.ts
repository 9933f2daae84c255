import type * as ts from "typescript";
import type { Compiler } from "../compiler/Compiler";

/** The files a change of which can change a program: sources, declarations, JSON modules. A stylesheet's cannot. */
export const PROGRAM_INPUT = /\.(?:[cm]?tsx?|json)$/;

/**
 * A project's checker kept open for hosts that see one module at a time (bundler plugins, the
 * loader, the editor): TypeScript 5/6 through a LanguageService, TypeScript 7 through its API.
 * It stays warm across modules and is told which files changed, so a build checks the program once.
 */
export interface ModuleChecker {
  /** The TypeScript version it runs. */
  readonly version: string;
  /** Whether the project checks with strictNullChecks (`strict`). */
  readonly strictNullChecks: boolean;
  /**
   * The module as the checker sees it, with `code` as its text, and the compiler of the program it
   * is part of (the same object until a file changes); a sentence saying why when it cannot be.
   */
  open(fileName: string, code: string): { compiler: Compiler; sourceFile: ts.SourceFile } | { problem: string };
  /** Whether the module does not parse: it is left as it is, for the next compiler to report in its own words. */
  hasSyntaxErrors(sourceFile: ts.SourceFile): boolean;
  /** The project's own source files and their texts: where re-exported names of our calls are looked for, what a catalogue reads. */
  ownFiles(): readonly { readonly fileName: string; readonly text: string }[];
  /** A file was edited, created or deleted on disk (a host tells every change; only TypeScript's inputs count). */
  changed(fileName: string): void;
  close(): void;
}
