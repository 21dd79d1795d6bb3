// Nothing leaks by the file system: no symbolic link out of the build is served; a backup's temporary
// file cannot be planted; what the server and commands write is their user's alone, whatever the umask;
// a settings file or data folder others can read or own is named at start.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makePrivateDir, writePrivateFile } from '../../functions/privateFiles.ts';
import { createStaticSite } from '../../functions/server/staticSite.ts';
import { makeDistDir } from '../support/fixtures.ts';
import { runScript } from '../support/processes.ts';
import { tempDir } from '../support/tempDirs.ts';

describe('nothing leaks by the file system', () => {
  afterEach(() => vi.restoreAllMocks());

  it('serves no symbolic link that leads out of the build, and serves one that stays inside', async () => {
    const dist = makeDistDir();
    const secret = path.join(tempDir('outside'), 'secret.txt');
    fs.writeFileSync(secret, 'HASH_SECRET=do-not-serve');
    fs.symlinkSync(secret, path.join(dist, 'leak.txt'));
    fs.writeFileSync(path.join(dist, 'real.txt'), 'inside');
    fs.symlinkSync(path.join(dist, 'real.txt'), path.join(dist, 'alias.txt'));
    const site = await createStaticSite(dist, { memory: false });
    const server = http.createServer((request, response) => site.handle(request, response, false));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const leak = await fetch(`${base}/leak.txt`);
      expect([leak.status, await leak.text()]).not.toContain('HASH_SECRET=do-not-serve');
      expect(leak.status).toBe(404);
      const alias = await fetch(`${base}/alias.txt`);
      expect([alias.status, await alias.text()]).toEqual([200, 'inside']);
    } finally {
      site.close();
      server.close();
    }
  });

  it('writes a backup through a fresh temporary file, never through one planted at a guessable name', async () => {
    const dir = tempDir('backup-dir');
    const victim = path.join(tempDir('victim'), 'owned.sql');
    // The name the writer used to take: a link there would have carried the dump elsewhere.
    fs.symlinkSync(victim, path.join(dir, `.site.sql.${process.pid}.partial`));
    const umask = process.umask(0);
    try {
      await writePrivateFile(path.join(dir, 'site.sql'), 'SELECT 1;');
    } finally {
      process.umask(umask);
    }
    expect(fs.existsSync(victim)).toBe(false);
    expect(fs.readFileSync(path.join(dir, 'site.sql'), 'utf8')).toBe('SELECT 1;');
    expect(fs.statSync(path.join(dir, 'site.sql')).mode & 0o777).toBe(0o600);
    expect(
      fs.readdirSync(dir).filter((name) => name.endsWith('.partial') && !name.includes(String(process.pid))),
    ).toEqual([]);
  });

  it('keeps what the server and commands write to their user, and names a .env others can read', async () => {
    const dir = tempDir('umask');
    const envFile = path.join(dir, 'settings.env');
    fs.writeFileSync(envFile, 'CONFIRM_MAIL_PER_HOUR=7\n', { mode: 0o644 });
    fs.chmodSync(envFile, 0o644);
    // The site's own PGlite database, opened and closed by a process started as every command is.
    const script = path.join(dir, 'make.ts');
    fs.writeFileSync(
      script,
      `import { openPglite } from ${JSON.stringify(path.resolve('functions/db/pglite.ts'))};
       const database = await openPglite(process.argv[2]);
       await database.db.execute('select 1');
       await database.close();
       console.log(process.env.CONFIRM_MAIL_PER_HOUR);`,
    );
    const data = path.join(dir, 'data');
    const run = await runScript(script, [data], { ENV_FILE: envFile });
    expect([run.code, run.stdout.trim()]).toEqual([0, '7']);
    expect(run.stderr).toContain(`${envFile} can be read by other users of this machine (mode 644)`);
    expect(run.stderr).toContain(`chmod 600 ${envFile}`);
    const open = fs
      .readdirSync(data, { recursive: true })
      .map((name) => path.join(data, String(name)))
      .filter((file) => (fs.statSync(file).mode & 0o077) !== 0);
    expect(open).toEqual([]);

    fs.chmodSync(envFile, 0o600);
    const quiet = await runScript(script, [path.join(dir, 'again')], { ENV_FILE: envFile });
    expect(quiet.stderr).not.toContain('can be read by other users');
  });

  it('warns of a data folder another user owns', () => {
    const dir = tempDir('theirs');
    fs.chownSync(dir, 65534, 65534);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    makePrivateDir(dir);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining(`${dir} belongs to another user (uid 65534)`));
  });
});
