// Counts every API answer by its route's pattern (`/api/articles/:id/comments`, never the path asked
// for, which could be anything), method and status.
import { createMiddleware } from 'hono/factory';
import { routePath } from 'hono/route';
import { requestsTotal } from './counters.ts';

export const countRequests = createMiddleware(async (c, next) => {
  await next();
  // The last route matched is the handler that answered; with none, the app's own middleware (`/api/*`).
  requestsTotal.inc({ route: routePath(c, -1), method: c.req.method, status: c.res.status });
});
