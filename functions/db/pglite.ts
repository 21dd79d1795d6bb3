import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import type { Database } from './client.ts';
import { lockDataDir } from './dataDirLock.ts';

/** Opens (creating on first use) the embedded database in `<dataDir>/pglite`, holding the data dir lock. */
export async function openPglite(dataDir: string): Promise<Database> {
  const release = lockDataDir(dataDir);
  try {
    const client = new PGlite(path.join(dataDir, 'pglite'));
    await client.waitReady;
    return {
      kind: 'pglite',
      db: drizzle({ client }),
      close: async () => {
        try {
          await client.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}
