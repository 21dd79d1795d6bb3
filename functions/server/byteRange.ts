// The Range header read as RFC 9110 (14.1.2, 14.2) says, for one representation of `size` bytes (sirv,
// which split it on "-", sent the first bytes for `bytes=-5` and threw for `bytes=5-2`).

/** The bytes to send, both ends included. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * The range to send; 'unsatisfiable' for a 416 (it starts past the end, or asks for no bytes);
 * undefined to send the whole file with 200, as the RFC allows for a header that is not one valid range
 * (garbage, another unit, `5-2`; several ranges too, which few clients ask for).
 */
export function byteRange(header: string, size: number): ByteRange | 'unsatisfiable' | undefined {
  const match = /^bytes=(\d*)-(\d*)$/i.exec(header.trim());
  if (!match || (!match[1] && !match[2])) return undefined;
  const [first, last] = [match[1] ? Number(match[1]) : undefined, match[2] ? Number(match[2]) : undefined];
  if (first === undefined) {
    // A suffix: the last `last` bytes.
    if (!last || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - last), end: size - 1 };
  }
  if (last !== undefined && last < first) return undefined;
  if (first >= size) return 'unsatisfiable';
  return { start: first, end: Math.min(last ?? size - 1, size - 1) };
}
