// A real SMTP server on a free loopback port, for tests: it keeps every letter it accepts, parsed by
// mailparser, and can refuse chosen recipients the way a real server does (550, or the code `refuse`
// gives, e.g. 450), or every login (535) while `refuseLogin` says so (its URL then carries a login).

import { EventEmitter, once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface Received {
  /** The envelope recipients. */
  to: string[];
  mail: ParsedMail;
  raw: string;
}

export interface TestSmtp {
  url: string;
  received: Received[];
  /** Every recipient refused at RCPT TO, in order. */
  refused: string[];
  /** Resolves once at least `count` letters arrived (no time limit: a busy machine may take long). */
  waitFor(count: number): Promise<Received[]>;
  close(): Promise<void>;
}

export async function startSmtpServer(
  options: { refuse?: (recipient: string) => boolean | number; refuseLogin?: () => boolean } = {},
): Promise<TestSmtp> {
  const received: Received[] = [];
  const refused: string[] = [];
  const arrivals = new EventEmitter();
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (options.refuseLogin?.()) {
        return callback(Object.assign(new Error('Invalid login'), { responseCode: 535 }));
      }
      return callback(null, { user: auth.username });
    },
    onRcptTo(address, _session, callback) {
      const refusal = options.refuse?.(address.address);
      if (refusal) {
        refused.push(address.address);
        const responseCode = typeof refusal === 'number' ? refusal : 550;
        return callback(Object.assign(new Error('No such mailbox here'), { responseCode }));
      }
      return callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        simpleParser(raw).then(
          (mail) => {
            received.push({ to: session.envelope.rcptTo.map((r) => r.address), mail, raw: raw.toString() });
            arrivals.emit('letter');
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://${options.refuseLogin ? 'sender:password@' : ''}127.0.0.1:${port}`,
    received,
    refused,
    async waitFor(count) {
      while (received.length < count) await once(arrivals, 'letter');
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
