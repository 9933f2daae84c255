/** A body or a line is kept in one buffer that doubles as it grows, from this size. */
const FIRST_BYTES = 16 * 1024;

/**
 * The length a buffer of `current` bytes grows to for `needed` bytes: doubled (at least 16 KiB, at
 * most `max`). One buffer, not the chunks as they came: Node hands each over as a Buffer of its own,
 * hundreds of bytes of heap for a chunk of one byte.
 */
export const grownLength = (current: number, needed: number, max: number): number => Math.min(max, Math.max(FIRST_BYTES, current * 2, needed));

/** The first `size` bytes of `buffer`, in a new buffer of `length` bytes. */
export function regrown(buffer: Buffer, size: number, length: number): Buffer {
  const grown = Buffer.allocUnsafe(length);
  buffer.copy(grown, 0, 0, size);
  return grown;
}
