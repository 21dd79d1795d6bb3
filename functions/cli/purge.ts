// `npm run purge`: deletes subscriber emails older than 30 days (and stale rate-limit rows).
// The serve process does this hourly itself; run this from cron on serverless setups.
// Exit codes: 0 done, 1 could not (database unavailable), 2 bad arguments.
import { parseResponse } from 'hono/client';
import { runCommandLine, withSite } from './commandLine.ts';

const usage = `Usage: npm run purge

Deletes subscribers' email addresses past their keeping time (30 days, or 48 hours for addresses
never confirmed) and old rate-limit rows. The running server does this every hour by itself: run this
from cron where no server runs (serverless). Takes no arguments; --help shows this.`;

const purge = async () => {
  const { describePurge } = await import('../retention.ts');
  return withSite(async (client) => describePurge(await parseResponse(client.purge.$post())));
};

// The tool is its one command: `npm run purge help` asks for the usage, as `--help` does.
const args = process.argv.slice(2);
const line = args.length === 1 && args[0] === 'help' ? args : ['purge', ...args];
process.exitCode = await runCommandLine(line, { purge: { run: purge } }, usage, console);
