// GET /api/health: 200 when the database answers, 503 when it does not (for load balancers and uptime checks).
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { errorMessages } from '../contract.ts';
import { safeError } from '../safeError.ts';
import type { AppEnv } from '../services.ts';

export const health = new Hono<AppEnv>().get('/', async (c) => {
  try {
    const database = await c.var.services.db();
    await database.db.execute(sql`select 1`);
    return c.json({ status: 'ok' as const, database: database.kind });
  } catch (error) {
    console.error(`Health check failed: ${safeError(error)}`);
    return c.json({ error: errorMessages.databaseUnavailable }, 503);
  }
});
