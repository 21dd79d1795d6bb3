// The wait between tries of a letter that failed to send, for the mail queue (across drains) and the
// newsletter send (within one run): it doubles from the first wait, so a mail server that is down for
// a while is not hammered, and stops growing at a cap, so a letter is not held back for days.

/** The wait before the try after `failures` failed ones: `firstMs`, then twice each time, up to `maxMs`. */
export function backoffMs(failures: number, firstMs: number, maxMs = Number.POSITIVE_INFINITY): number {
  return Math.min(firstMs * 2 ** Math.max(failures - 1, 0), maxMs);
}
