// A PGlite look-alike for drizzle whose statements run in the worker thread that owns PGlite: `query`
// and `transaction`, the two calls drizzle-orm/pglite makes. Statements of a transaction carry its id,
// so they run inside it while other statements wait, as they would on one thread.
import type { Results } from '@electric-sql/pglite';
import { type Request, type Response, receivedError } from './pgliteProtocol.ts';

// A request before it is numbered (Omit applied to each kind of request).
type Call<R = Request> = R extends Request ? Omit<R, 'id'> : never;

export interface Queryable {
  query<T>(sql: string, params?: unknown[], options?: { rowMode?: 'array' | 'object' }): Promise<Results<T>>;
}

export class RemotePglite implements Queryable {
  #pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  #nextId = 1;
  #stopped: Error | undefined;
  readonly #send: (request: Request) => void;
  readonly #busy: (waiting: boolean) => void;

  /**
   * `send` delivers a request; `busy` hears when the first call starts and the last one ends, so the
   * channel keeps the process alive only while an answer is awaited.
   */
  constructor(send: (request: Request) => void, busy: (waiting: boolean) => void) {
    this.#send = send;
    this.#busy = busy;
  }

  /** An answer arrived. */
  receive(response: Response) {
    const call = this.#pending.get(response.id);
    if (!call) return;
    this.#pending.delete(response.id);
    if (this.#pending.size === 0) this.#busy(false);
    if ('error' in response) call.reject(receivedError(response.error));
    else call.resolve(response.result);
  }

  /** The other side is gone: every waiting and later call fails with `error`. */
  stop(error: Error) {
    this.#stopped = error;
    if (this.#pending.size > 0) this.#busy(false);
    for (const call of this.#pending.values()) call.reject(error);
    this.#pending.clear();
  }

  /** Sends `call` to PGlite's thread; resolves with its answer. */
  request<T>(call: Call): Promise<T> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      if (this.#pending.size === 0) this.#busy(true);
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.#send({ ...call, id } as Request);
    });
  }

  query: Queryable['query'] = (sql, params, options) =>
    this.request({ op: 'query', sql, params, rowMode: options?.rowMode });

  async transaction<T>(callback: (tx: Queryable) => Promise<T>): Promise<T> {
    const tx = await this.request<number>({ op: 'begin' });
    const inside: Queryable = {
      query: (sql, params, options) =>
        this.request({ op: 'query', sql, params, rowMode: options?.rowMode, tx }),
    };
    const result = await callback(inside).catch(async (error: unknown) => {
      // When the channel itself is gone, its end rolled the transaction back on the other side.
      await this.request({ op: 'rollback', tx }).catch(() => {});
      throw error;
    });
    await this.request({ op: 'commit', tx });
    return result;
  }
}
