// A backup nobody restored is a hope: each nightly backup is loaded into a throwaway in-memory PGlite
// (in a worker thread) and its tables' row counts compared with the rows the file holds. The outcome is kept in `settings`
// (`nightly_backup`), where /api/health, `admin stats` and the metrics read it.
import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { readBackup } from './backupSignature.ts';
import { portableDump } from './dump.ts';
import { settings } from './schema.ts';
import type { Db } from './types.ts';

/** What became of the last nightly backup: written and checked, or why not. */
export interface BackupStatus {
  /** When it was attempted (ISO). */
  at: string;
  ok: boolean;
  /** The backup's file name in BACKUP_DIR, its size and rows, once written. */
  file?: string;
  size?: number;
  rows?: number;
  /** Why it failed: an error's kind and code, or the table whose rows did not come back. */
  problem?: string;
}

const statusKey = 'nightly_backup';

export async function recordBackupStatus(db: Db, status: BackupStatus): Promise<void> {
  const value = JSON.stringify(status);
  await db.insert(settings).values({ key: statusKey, value }).onConflictDoUpdate({
    target: settings.key,
    set: { value },
  });
}

export async function backupStatus(db: Db): Promise<BackupStatus | undefined> {
  const [row] = await db.select().from(settings).where(eq(settings.key, statusKey));
  return row ? (JSON.parse(row.value) as BackupStatus) : undefined;
}

/**
 * Rows per table of pg_dump's `INSERT INTO public.<table> VALUES (...)` statements, read as SQL: text
 * inside quotes, dollar quotes and comments is skipped, so a comment that contains such a line counts
 * for nothing.
 */
export function dumpedRows(dump: string): Map<string, number> {
  const rows = new Map<string, number>();
  const insert = /INSERT INTO public\.("?)([a-z_][a-z0-9_]*)\1 /y;
  let atStatement = true;
  for (let i = 0; i < dump.length; ) {
    const char = dump[i];
    if (char === "'") {
      // '' inside a string closes and reopens it: the same as skipping both.
      i = dump.indexOf("'", i + 1) + 1 || dump.length;
    } else if (char === '-' && dump[i + 1] === '-') {
      i = dump.indexOf('\n', i) + 1 || dump.length;
    } else if (char === '$') {
      const tag = /^\$[A-Za-z_]*\$/.exec(dump.slice(i, i + 64))?.[0];
      const end = tag ? dump.indexOf(tag, i + tag.length) : i;
      i = end < 0 ? dump.length : end + (tag?.length ?? 1);
    } else {
      insert.lastIndex = i;
      const match = atStatement ? insert.exec(dump) : null;
      if (match?.[2]) rows.set(match[2], (rows.get(match[2]) ?? 0) + 1);
      if (char === ';') atStatement = true;
      else if (!/\s/.test(char ?? '')) atStatement = false;
      i++;
    }
  }
  return rows;
}

/**
 * Restores the backup `file` (signed by `secret`) into a scratch database and compares every table's
 * rows with the file's; resolves with the rows in all, or throws naming what did not come back.
 */
export async function checkBackup(file: string, secret: string): Promise<number> {
  const backup = readBackup(await fs.readFile(file, 'utf8'), secret);
  if (!backup.signed || !backup.valid) throw new Error(`${path.basename(file)} is not signed by this site`);
  const expected = dumpedRows(backup.dump);
  // Loaded only here: /api/health reads this module's status too, and PostgreSQL sites (Netlify's
  // functions among them) never load PGlite otherwise. In a thread of its own, as the site's PGlite.
  const { scratchPglite } = await import('./pglite.ts');
  const scratch = await scratchPglite();
  try {
    await scratch.request({ op: 'exec', sql: portableDump(backup.dump) });
    await scratch.request({ op: 'exec', sql: 'reset search_path' });
    for (const [table, rows] of expected) {
      const result = await scratch.query<{ n: number }>(`select count(*)::int as n from public."${table}"`);
      const restored = result.rows[0]?.n ?? 0;
      if (restored !== rows) throw new Error(`table ${table}: ${restored} of ${rows} rows restored`);
    }
  } finally {
    await scratch.close();
  }
  return [...expected.values()].reduce((a, b) => a + b, 0);
}
