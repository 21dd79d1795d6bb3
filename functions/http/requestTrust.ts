// Who sent a request (the peer) and what TRUST_PROXY lets its headers say, for the routes and
// middleware that need the client's address or scheme.
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { type TrustProxy, trustFor } from '../security/trustProxy.ts';
import type { AppEnv } from '../services.ts';

/** The peer's address: the platform's (Netlify's context.ip, the tests'), else the Node socket's. */
export function peerAddress(c: Context<AppEnv>): string | undefined {
  if (c.env?.clientAddress) return c.env.clientAddress;
  return c.env?.incoming ? getConnInfo(c).remote.address : undefined;
}

/** TRUST_PROXY applied to this request (a list of proxies becomes this request's trusted hops). */
export function requestTrust(c: Context<AppEnv>): TrustProxy {
  return trustFor(c.var.services.config.trustProxy, peerAddress(c), c.req.header('x-forwarded-for'));
}
