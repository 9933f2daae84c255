import type * as ts from "typescript/lib/tsserverlibrary";
import { programFiles, type Piece } from "@schemaof/transformer/source";

/**
 * The tsserver plugin: `"plugins": [{ "name": "@schemaof/language-service" }]` in compilerOptions.
 * Our diagnostics join TypeScript's semantic ones for each file, as the build reports them (same
 * codes, same texts), read on the editor's own program; the quick info of a call of ours shows the
 * schema it becomes. A fault of ours never takes the editor's answers away: it leaves them as they were.
 */
function init({ typescript: tsi }: { typescript: typeof ts }): ts.server.PluginModule {
  return {
    create(info) {
      const files = programFiles(tsi as never, info.config as Record<string, unknown>);
      const service = info.languageService;
      const log = (what: string, error: unknown) =>
        info.project.projectService.logger.info(`@schemaof/language-service: ${what} failed: ${(error as Error)?.stack ?? error}`);
      const analysis = (fileName: string) => {
        const program = service.getProgram();
        return program && files.file(program as never, fileName);
      };

      const proxy: ts.LanguageService = Object.create(null);
      for (const key of Object.keys(service) as (keyof ts.LanguageService)[]) {
        const method = service[key];
        if (typeof method === "function")
          (proxy as unknown as Record<string, unknown>)[key] = (...args: unknown[]) => (method as (...a: unknown[]) => unknown).apply(service, args);
      }

      proxy.getSemanticDiagnostics = (fileName) => {
        const theirs = service.getSemanticDiagnostics(fileName);
        try {
          return [...theirs, ...((analysis(fileName)?.diagnostics ?? []) as ts.Diagnostic[])];
        } catch (error) {
          log("getSemanticDiagnostics", error);
          return theirs;
        }
      };

      proxy.getCompilerOptionsDiagnostics = () => {
        const theirs = service.getCompilerOptionsDiagnostics();
        try {
          const program = service.getProgram();
          return program ? [...theirs, ...(files.options(program as never) as ts.Diagnostic[])] : theirs;
        } catch (error) {
          log("getCompilerOptionsDiagnostics", error);
          return theirs;
        }
      };

      proxy.getQuickInfoAtPosition = (fileName, position, ...rest) => {
        const theirs = service.getQuickInfoAtPosition(fileName, position, ...(rest as []));
        try {
          const call = analysis(fileName)?.rewrite?.calls.find(({ call }) => call.expression.getStart() <= position && position < call.expression.end);
          if (!call || !theirs) return theirs;
          // The runtime marks its intrinsics with a JSDoc tag for the transformer; it says nothing to a reader.
          const tags = theirs.tags?.filter((tag) => tag.name !== "schemaofIntrinsic");
          const shown = (call.kind === "replace" ? [call.by] : call.add).flatMap(schemasIn);
          if (shown.length === 0) return theirs;
          const text = shown.map((schema) => "```json\n" + JSON.stringify(schema, null, 2) + "\n```").join("\n");
          return { ...theirs, tags, documentation: [...(theirs.documentation ?? []), { kind: "text", text: `\n\nschemaof: this call becomes\n${text}` }] };
        } catch (error) {
          log("getQuickInfoAtPosition", error);
          return theirs;
        }
      };
      return proxy;
    },
  };
}

/** The schemas a call's replacement holds: `schemaOf`'s, `toolOf`'s input and output. */
function schemasIn(piece: Piece): object[] {
  if ("constant" in piece) return piece.constant.value ? [piece.constant.value] : [];
  if ("object" in piece) return piece.object.flatMap(([, value]) => schemasIn(value));
  return [];
}

export = init;
