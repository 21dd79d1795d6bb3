// A PGlite look-alike for drizzle whose statements run in the worker thread that owns PGlite: `query`
// and `transaction`, the two calls drizzle-orm/pglite makes. Statements of a transaction carry its id,
// so they run inside it while other statements wait, as they would on one thread.
import type { Worker } from 'node:worker_threads';
import type { Results } from '@electric-sql/pglite';
import { batching, type Call, type Request, type Response, receivedError } from './pgliteProtocol.ts';

export interface Queryable {
  query<T>(sql: string, params?: unknown[], options?: { rowMode?: 'array' | 'object' }): Promise<Results<T>>;
}

export class RemotePglite implements Queryable {
  #pending = new Map<number, PromiseWithResolvers<unknown>>();
  #nextId = 1;
  #stopped: Error | undefined;
  readonly #worker: Worker;
  readonly #send: (request: Request) => void;

  /** Speaks to the PGlite of `worker`, which keeps the process alive only while an answer is awaited. */
  constructor(worker: Worker) {
    this.#worker = worker;
    this.#send = batching<Request>((requests) => worker.postMessage(requests));
    worker.unref();
    worker.on('message', (responses: Response[]) => {
      for (const response of responses) this.#receive(response);
    });
    worker.on('error', (error) => this.#stop(new Error(`The database thread failed: ${error.message}`)));
    worker.on('exit', () => this.#stop(new Error('The database thread stopped')));
  }

  #receive(response: Response) {
    const call = this.#pending.get(response.id);
    if (!call) return;
    this.#pending.delete(response.id);
    if (this.#pending.size === 0) this.#worker.unref();
    if ('error' in response) call.reject(receivedError(response.error));
    else call.resolve(response.result);
  }

  /** The thread is gone: every waiting and later call fails with `error`. */
  #stop(error: Error) {
    this.#stopped = error;
    for (const call of this.#pending.values()) call.reject(error);
    this.#pending.clear();
  }

  /** Sends `call` to PGlite's thread; resolves with its answer. */
  request<T>(call: Call): Promise<T> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = this.#nextId++;
    const answer = Promise.withResolvers<unknown>();
    if (this.#pending.size === 0) this.#worker.ref();
    this.#pending.set(id, answer);
    this.#send({ ...call, id });
    return answer.promise as Promise<T>;
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

  /** Closes PGlite after the statements sent before (answered first), then ends the thread. */
  async close() {
    await this.request({ op: 'close' }).catch(() => {});
    await this.#worker.terminate();
  }
}
