// An error as it may be logged or stored. Messages are never used: a database driver's quotes the
// query and its parameters (a visitor's address, name or comment), a mail server's the refused address,
// so what leaves is each error's kind and codes, down its chain of causes.
import { ConfigError } from './config.ts';

type Coded = Record<string, unknown>;

const codePattern = /^[A-Za-z0-9_.-]{1,40}$/;

/** `name` when it looks like a code (no spaces, short), so a message cannot pass as one. */
function asCode(value: unknown): string | undefined {
  const text = typeof value === 'number' ? String(value) : value;
  return typeof text === 'string' && codePattern.test(text) ? text : undefined;
}

function describeOne(error: unknown): string {
  if (typeof error !== 'object' || error === null) return typeof error;
  const coded = error as Coded;
  const kind = asCode(coded.name) ?? asCode(error.constructor?.name) ?? 'Error';
  const details = [
    asCode(coded.code) && `code ${asCode(coded.code)}`,
    // nodemailer keeps the system's code here when it sets its own (ESOCKET for ECONNREFUSED).
    asCode(coded.originalCode) && asCode(coded.originalCode),
    asCode(coded.responseCode) && `SMTP ${asCode(coded.responseCode)}`,
    // nodemailer's command, e.g. `RCPT TO`: words only, never its argument.
    typeof coded.command === 'string' && /^[A-Z ]{2,20}$/.test(coded.command) && `on ${coded.command}`,
  ].filter(Boolean);
  return details.length > 0 ? `${kind} (${details.join(', ')})` : kind;
}

/**
 * The error's kind and codes, and its causes': `DrizzleQueryError <- DatabaseError (code 57P01)`,
 * `Error (code ESOCKET, ECONNREFUSED, on CONN)`. Never a message, so never a visitor's words.
 */
export function safeError(error: unknown): string {
  // Our own configuration errors are written by us, about settings: their message is the point.
  if (error instanceof ConfigError) return `${error.name}: ${error.message}`;
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== undefined && current !== null; depth++) {
    parts.push(describeOne(current));
    current = (current as Coded).cause;
  }
  return parts.join(' <- ');
}
