// GET /api/health, for load balancers and uptime checks: 200 `{ status: 'ok' }`, or 503 `{ status:
// 'degraded', problems: ['mail', ...] }` with the codes alone (health/problems.ts); the details are the
// operator's (`admin stats`), since anyone may ask here.
import { Hono } from 'hono';
import { healthProblems } from '../health/problems.ts';
import type { AppEnv } from '../services.ts';

export const health = new Hono<AppEnv>().get('/', async (c) => {
  const { config, db } = c.var.services;
  const problems = await healthProblems(config, db);
  if (problems.length === 0) return c.json({ status: 'ok' as const }, 200);
  for (const { code, detail } of problems) console.error(`Health check failed: ${code}: ${detail}`);
  return c.json({ status: 'degraded' as const, problems: problems.map((p) => p.code) }, 503);
});
