import { closeSync, ftruncateSync, openSync, writeFileSync, writeSync } from "node:fs";

/**
 * Writes `text` over a file that is there, in place: written from its start, then cut to its new
 * length. Not through `writeFileSync`, which empties the file first: on ext4, emptying a file just
 * written (tsc's output, a moment before) makes the kernel put its pending blocks on disk at once,
 * which cost more than the rest of editing the outputs of a build of cache hits. A file that is not
 * there is written as usual.
 */
export function overwrite(file: string, text: string): void {
  let fd: number;
  try {
    fd = openSync(file, "r+");
  } catch {
    writeFileSync(file, text);
    return;
  }
  try {
    const bytes = Buffer.from(text, "utf8");
    let written = 0;
    while (written < bytes.length) written += writeSync(fd, bytes, written, bytes.length - written, written);
    ftruncateSync(fd, bytes.length);
  } finally {
    closeSync(fd);
  }
}
