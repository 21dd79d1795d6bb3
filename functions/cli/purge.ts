// `npm run purge`: deletes subscriber e-mails older than 30 days (and stale rate-limit rows).
// The serve process does this hourly itself; run this from cron on serverless setups.
import { describePurge, purgeExpired } from '../retention.ts';
import { openForOperator } from './operatorDatabase.ts';

const { services, close } = await openForOperator();
try {
  console.log(
    describePurge(await purgeExpired((await services.db()).db, new Date(), services.config.dataDir)),
  );
} finally {
  await close();
}
