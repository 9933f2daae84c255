import type * as ts from "typescript";

/** Declarations under these packages belong to the platform, as lib.*.d.ts does. */
const PLATFORM_PACKAGE = /[\\/]node_modules[\\/](@types[\\/]node|undici-types)[\\/]/;

/** Whether a file is the platform's (lib.*.d.ts, @types/node, undici-types), asked once per file. */
export function platformFiles(isDefaultLibrary: (file: ts.SourceFile) => boolean): (file: ts.SourceFile) => boolean {
  const known = new Map<ts.SourceFile, boolean>();
  return (file) => {
    let platform = known.get(file);
    if (platform === undefined) known.set(file, (platform = isDefaultLibrary(file) || PLATFORM_PACKAGE.test(file.fileName)));
    return platform;
  };
}
