// `npm run purge`: deletes subscriber emails older than 30 days (and stale rate-limit rows).
// The serve process does this hourly itself; run this from cron on serverless setups.
// Exit codes: 0 done, 1 could not (database unavailable), 2 bad arguments.
import { asksForHelp, parseCommandArgs } from './commandLine.ts';

const usage = `Usage: npm run purge

Deletes subscribers' email addresses past their keeping time (30 days, or 48 hours for addresses
never confirmed) and old rate-limit rows. The running server does this every hour by itself: run this
from cron where no server runs (serverless). Takes no arguments; --help shows this.`;

async function run(args: string[]): Promise<number> {
  const parsed =
    asksForHelp(args[0]) && args.length === 1 ? { name: 'help' } : parseCommandArgs('purge', args, {}, 0);
  if ('error' in parsed) {
    console.error(`${parsed.error}\n\n${usage}`);
    return 2;
  }
  if ('name' in parsed) {
    console.log(usage);
    return 0;
  }
  const { openForOperator } = await import('./operatorDatabase.ts');
  const { describePurge } = await import('../retention.ts');
  const { client, close } = await openForOperator();
  try {
    const response = await client.purge.$post();
    if (!response.ok) {
      console.error(await response.text());
      return 1;
    }
    console.log(describePurge(await response.json()));
    return 0;
  } finally {
    await close();
  }
}

process.exitCode = await run(process.argv.slice(2));
