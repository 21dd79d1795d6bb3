// The one settings file the build, the server and every command read: `.env` of the folder they run
// in, by that name only (never `.env.production` and the like, which .gitignore might not cover), or
// the file ENV_FILE names (empty: none; the tests' processes read none). Variables already in the
// environment win. It may hold HASH_SECRET and passwords, so one others can read is named at once.
import { existsSync, statSync } from 'node:fs';

export function loadEnvFile(env: NodeJS.ProcessEnv = process.env): void {
  const file = env.ENV_FILE ?? '.env';
  if (!file || !existsSync(file)) return;
  const mode = statSync(file).mode & 0o777;
  if (mode & 0o077) {
    console.warn(
      `${file} can be read by other users of this machine (mode ${mode.toString(8)}), and it may hold ` +
        `HASH_SECRET and passwords: run chmod 600 ${file}`,
    );
  }
  process.loadEnvFile(file);
}
