// Where letters go: the SMTP server of SMTP_URL, or, with none configured, `.eml` files in
// DATA_DIR/outbox (open them with any mail program), so a laptop needs no mail server.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { type Config, localFrom } from '../config.ts';
import { makePrivateDir, privateFileMode } from '../privateFiles.ts';
import { outboxDir, outboxTag } from './outbox.ts';

/** One letter to one person: an HTML part, a plain-text part and extra headers. */
export interface Letter {
  /** The bare address (as stored): it is always sent as an address alone, never parsed for a name. */
  to: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
  /** The same id for the same letter to the same person, so a resent copy shows once in their inbox. */
  messageId?: string;
}

export interface MailTransport {
  /** Resolves once the server (or the outbox) has the letter; the file's path for the outbox. */
  send(letter: Letter): Promise<{ file?: string }>;
  /** Where letters go, for logs: `smtp://host:port` (never the password) or the outbox folder. */
  description: string;
  close(): void;
}

export function createMailTransport(config: Pick<Config, 'dataDir' | 'mail'>): MailTransport {
  const { smtpUrl, from } = config.mail;
  const outbox = outboxDir(config);
  const transporter = nodemailer.createTransport(
    smtpUrl
      ? // Short timeouts: a stuck server should fail a try (which is retried), not hold the queue long.
        { url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 }
      : { streamTransport: true, buffer: true, newline: 'windows' },
    { from: from ?? localFrom },
  );
  return {
    description: smtpUrl ? `${new URL(smtpUrl).protocol}//${new URL(smtpUrl).host}` : outbox,
    async send(letter) {
      // The recipient as an `{ address }` object, so it is never parsed as a list or a display name.
      const info = await transporter.sendMail({ ...letter, to: { name: '', address: letter.to } });
      if (smtpUrl) return {};
      makePrivateDir(outbox);
      const time = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(outbox, `${outboxTag(letter.to)}-${time}-${randomBytes(4).toString('hex')}.eml`);
      // Whole or not at all: a reader of the folder never meets half a letter.
      await fs.writeFile(`${file}.partial`, info.message as Buffer, { mode: privateFileMode });
      await fs.rename(`${file}.partial`, file);
      return { file };
    },
    close: () => transporter.close(),
  };
}
