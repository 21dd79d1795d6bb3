// The outbox (DATA_DIR/outbox): where letters are written as `.eml` files when no mail server is set.
// Its files hold an address and live links, so they go with the address. Kept apart from the transport
// so the routes that delete them do not load nodemailer.
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.ts';

export const outboxDir = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'outbox');

/** The start of the names of files with letters to `address`: they are found and deleted unopened. */
export const outboxTag = (address: string) => createHash('sha256').update(address).digest('hex').slice(0, 16);

/** Deletes the outbox letters to these addresses (unsubscribe, delete, purge); no outbox, nothing to do. */
export async function deleteOutboxLetters(dataDir: string, addresses: string[]): Promise<void> {
  if (addresses.length === 0) return;
  const dir = outboxDir({ dataDir });
  const tags = new Set(addresses.map(outboxTag));
  const files = await fs.readdir(dir).catch(() => [] as string[]);
  await Promise.all(
    files
      .filter((file) => tags.has(file.split('-')[0] ?? ''))
      .map((file) => fs.rm(path.join(dir, file), { force: true })),
  );
}
