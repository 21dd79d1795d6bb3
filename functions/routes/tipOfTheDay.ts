// GET /api/tips/today: the tip of the day (functions/tipOfTheDay.ts) in both languages, for other sites
// and apps. No database: the tips are content.
import { Hono } from 'hono';
import { errorMessages } from '../contract.ts';
import type { AppEnv } from '../services.ts';
import { dayCacheControl, dayTip, todayOf } from '../today/dayTip.ts';

export const tipOfTheDay = new Hono<AppEnv>().get('/', async (c) => {
  const { config, content } = c.var.services;
  const tip = await dayTip(content, todayOf(config.today), config.siteUrl ?? new URL(c.req.url).origin);
  if (!tip) return c.json({ error: errorMessages.serverError }, 503);
  c.header('Cache-Control', dayCacheControl);
  return c.json(tip);
});
