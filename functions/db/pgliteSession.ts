// Runs the opening thread's requests against the PGlite instance this worker thread owns (see pgliteProtocol.ts).
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { type Request, type Response, sendableError } from './pgliteProtocol.ts';

class RolledBack extends Error {}

interface Open {
  tx: Transaction;
  commit(): void;
  rollback(): void;
  done: Promise<unknown>;
}

export interface Session {
  handle(request: Request): Promise<void>;
  /** Rolls back what the user left open (its connection ended mid-transaction). */
  end(): Promise<void>;
}

export function openSession(client: PGlite, reply: (response: Response) => void): Session {
  const open = new Map<number, Open>();
  let nextTx = 1;

  async function run(request: Request): Promise<unknown> {
    switch (request.op) {
      case 'query': {
        const target = request.tx === undefined ? client : open.get(request.tx)?.tx;
        if (!target) throw new Error(`No open transaction ${request.tx}`);
        return target.query(request.sql, request.params, { rowMode: request.rowMode });
      }
      case 'begin': {
        const id = nextTx++;
        // PGlite runs the callback once it holds the transaction lock; the transaction stays open until
        // the user commits or rolls back.
        await new Promise<void>((started, failed) => {
          const done = client.transaction(
            (tx) =>
              new Promise<void>((commit, rollback) => {
                open.set(id, { tx, commit, rollback: () => rollback(new RolledBack()), done });
                started();
              }),
          );
          // Before the callback ran (BEGIN failed) this is the answer; afterwards commit or rollback waits on it.
          done.catch(failed);
        });
        return id;
      }
      case 'commit':
      case 'rollback': {
        const transaction = open.get(request.tx);
        if (!transaction) throw new Error(`No open transaction ${request.tx}`);
        open.delete(request.tx);
        if (request.op === 'commit') {
          transaction.commit();
          await transaction.done;
        } else {
          transaction.rollback();
          await transaction.done.catch((error: unknown) => {
            if (!(error instanceof RolledBack)) throw error;
          });
        }
        return null;
      }
    }
  }

  return {
    async handle(request) {
      try {
        reply({ id: request.id, result: await run(request) });
      } catch (error) {
        reply({ id: request.id, error: sendableError(error) });
      }
    },
    async end() {
      for (const [id, transaction] of open) {
        open.delete(id);
        transaction.rollback();
        await transaction.done.catch(() => {});
      }
    },
  };
}
