// The messages between PGlite's owner (a worker thread) and the thread that opened it, over a
// MessagePort inside one process: statements, and transactions by number, each exclusive in PGlite
// while it is open, as they are when PGlite runs on the same thread. Nothing outside the process
// speaks it: operator commands ask the server's admin API (functions/admin).

export type Call =
  | { op: 'query'; sql: string; params?: unknown[]; rowMode?: 'array' | 'object'; tx?: number }
  // A script of many statements (one transaction), e.g. a backup loaded into a scratch database.
  | { op: 'exec'; sql: string }
  | { op: 'begin' | 'dumpDataDir' | 'pgDump' | 'close' }
  | { op: 'commit' | 'rollback'; tx: number };
/** A call numbered, so its answer finds its way back. */
export type Request = Call & { id: number };

export type Response = { id: number; result: unknown } | { id: number; error: SentError };

/** An error's message, kind and PostgreSQL fields (code, constraint, ...): what callers look at. */
export type SentError = Record<string, string | number | boolean> & { message: string; name: string };

export function sendableError(error: unknown): SentError {
  const { message, name } = error instanceof Error ? error : new Error(String(error));
  const fields = Object.entries(error as object).filter(([, value]) =>
    ['string', 'number', 'boolean'].includes(typeof value),
  );
  return { ...Object.fromEntries(fields), message, name };
}

export const receivedError = (sent: SentError): Error => Object.assign(new Error(sent.message), sent);

/**
 * Collects messages and posts them together once per turn of the event loop: between threads a
 * postMessage costs far more than cloning one small message (about 60 µs against a few under load,
 * profiled), and under load dozens of statements and answers are ready in the same turn.
 */
export function batching<T>(post: (batch: T[]) => void): (message: T) => void {
  let batch: T[] = [];
  return (message) => {
    if (batch.push(message) > 1) return;
    setImmediate(() => {
      const ready = batch;
      batch = [];
      post(ready);
    });
  };
}
