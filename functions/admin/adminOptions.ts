// What the admin app is made with, in a file of its own so the app and its routes both import it.
import type { Database } from '../db/types.ts';
import type { Services } from '../services.ts';

export interface AdminOptions {
  services: Services;
  database: Database;
  /** Where letters' links point: the site's SITE_URL, or the address it serves on. */
  siteUrl: string;
  /** The site's secret, or undefined where none can be had (a command never makes one up). */
  secret(): Promise<string | undefined>;
  /**
   * The running server's drain of its mail queue (undefined while it has none): `newsletter send` then
   * sends through it, so the server's one pace holds; a command with no server drains on its own.
   */
  drainMail?: () => Promise<unknown>;
}

/** Refusal of what needs the secret when there is none. */
export const noSecret = (what: string) =>
  `HASH_SECRET is not set and the database holds no secret, so ${what}: ` +
  "set HASH_SECRET to the site's own (in .env or the environment). Nothing was changed.";
