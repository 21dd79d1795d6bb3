// What the process counts as it goes, for the Prometheus listener of `npm run serve` (metrics/server.ts):
// requests by route and status, letters by kind, mailboxes dropped after a permanent refusal. Labels are
// route patterns and fixed words, never an address, a token or a path a visitor typed.
import { Counter, Registry } from 'prom-client';

export const registry = new Registry();

export const requestsTotal = new Counter({
  name: 'advice_http_requests_total',
  help: 'API requests answered, by route pattern, method and status',
  labelNames: ['route', 'method', 'status'] as const,
  registers: [registry],
});

export const lettersSentTotal = new Counter({
  name: 'advice_letters_sent_total',
  help: 'Letters the mail queue sent, by kind',
  labelNames: ['kind'] as const,
  registers: [registry],
});

export const lettersFailedTotal = new Counter({
  name: 'advice_letters_failed_total',
  help: 'Tries of a letter that failed, by kind and outcome (retry, gave_up, bounced)',
  labelNames: ['kind', 'outcome'] as const,
  registers: [registry],
});
