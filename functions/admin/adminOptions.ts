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
}
