// A database as an older version left it: this version's migrations up to, not including, one of them.
import fs from 'node:fs';
import path from 'node:path';
import { defaultMigrationsDir } from '../../functions/db/migrate.ts';
import { tempDir } from './tempDirs.ts';

/**
 * A folder with the migrations that come before the one named `<number>_<name>.sql` (found by name, not
 * number: migrations are renumbered when branches meet). Open a database on it, write rows as that
 * version did, then open it again with every migration.
 */
export function migrationsBefore(name: string): string {
  const files = fs
    .readdirSync(defaultMigrationsDir())
    .filter((file) => file.endsWith('.sql'))
    .sort();
  const own = files.findIndex((file) => file.endsWith(`_${name}.sql`));
  if (own < 0) throw new Error(`no migration named ${name}`);
  const dir = tempDir('migrations');
  for (const file of files.slice(0, own))
    fs.copyFileSync(path.join(defaultMigrationsDir(), file), path.join(dir, file));
  return dir;
}
