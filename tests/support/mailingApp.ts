// What the mail tests share: the API on a fresh database whose letters go to a real SMTP server started
// for the test file, and a transport to that server for sending from the test itself.
import { loadConfig } from '../../functions/config.ts';
import { createMailTransport, type MailTransport } from '../../functions/mail/transport.ts';
import { createTestApp, type TestApp } from './inProcessApp.ts';
import { startSmtpServer, type TestSmtp } from './smtpServer.ts';
import { freshDatabaseEnv } from './testDb.ts';

export interface MailingApp {
  smtp: TestSmtp;
  t: TestApp;
  transport: MailTransport;
  /** The app's whole environment, database and SMTP_URL included. */
  env: Record<string, string>;
}

/** Starts the SMTP server, then the app with `env` (plus the database and SMTP_URL) and a transport. */
export async function startMailingApp(
  env: Record<string, string>,
  smtpOptions?: Parameters<typeof startSmtpServer>[0],
): Promise<MailingApp> {
  const smtp = await startSmtpServer(smtpOptions);
  const full = { ...(await freshDatabaseEnv()), SMTP_URL: smtp.url, ...env };
  return { smtp, t: await createTestApp(full), transport: createMailTransport(loadConfig(full)), env: full };
}

/** Stops what startMailingApp started, as far as it got. */
export async function stopMailingApp({ smtp, t, transport }: Partial<MailingApp>): Promise<void> {
  transport?.close();
  await t?.database.close();
  await smtp?.close();
}
