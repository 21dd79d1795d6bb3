// `npm run serve`: the built site and the API from one Node process.
// Env: HOST, PORT, DIST_DIR, plus everything functions/config.ts reads.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { createAdminApp } from '../admin/adminApp.ts';
import { serveAdminSocket } from '../admin/socketServer.ts';
import { createApp } from '../app.ts';
import { type Config, ConfigError } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { DataDirLockedError } from '../db/dataDirLock.ts';
import { startNightlyBackups } from '../db/nightlyBackups.ts';
import { defaultPageCsp, documentHeaders, securityHeaders } from '../http/securityHeaders.ts';
import { startMetricsServer } from '../metrics/server.ts';
import { describePurge, purgeExpired } from '../retention.ts';
import { countryHeaders, trustedCountry } from '../routes/geo.ts';
import { safeError } from '../safeError.ts';
import { forwardedHttps, type TrustProxy, trustFor } from '../security/trustProxy.ts';
import { entryConfig, startServices } from '../start.ts';
import { createTodayApp, todayPaths } from '../today/todayApp.ts';
import type { Place } from './arrival.ts';
import { startMailQueue } from './mailQueueRunner.ts';
import { createStaticSite } from './staticSite.ts';

const hourMs = 3_600_000;
// How long in-flight requests get to finish after SIGTERM before connections are cut.
const shutdownGraceMs = 10_000;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let config: Config;
try {
  config = entryConfig({ kind: 'server' });
} catch (error) {
  fail(error instanceof ConfigError ? error.message : String(error));
}

if (!fs.existsSync(config.distDir)) fail(`No built site in ${config.distDir}. Run \`npm run build\` first.`);

const database = await openDatabase(config).catch((error: unknown) => {
  if (error instanceof DataDirLockedError) fail(error.message);
  fail(`Cannot open the database: ${(error as Error).message}`);
});

const services = startServices(config, async () => database);
// Opening through the services forgets again whoever asked to be forgotten (erasure.ts), before the
// purge, the mail queue or any request.
await services.db().catch((error: unknown) => fail(`Cannot prepare the database: ${safeError(error)}`));
const app = createApp(services);
const site = await createStaticSite(config.distDir);
for (const problem of site.problems) console.warn(problem);

async function purge() {
  try {
    const result = await purgeExpired(database.db, new Date(), config.dataDir);
    if (result.subscribers + result.rateLimits > 0) console.log(describePurge(result));
  } catch (error) {
    console.error(`Purge failed: ${safeError(error)}`);
  }
}
await purge();
const purgeTimer = setInterval(purge, hourMs);

/** Answers a page or file with a plain 500 where the static site fails. */
function staticFailure(request: http.IncomingMessage, response: http.ServerResponse, error: unknown) {
  console.error(`${request.method} ${request.url?.split('?', 1)[0]} failed: ${safeError(error)}`);
  if (response.headersSent) return response.destroy();
  const headers = { ...securityHeaders, ...documentHeaders, 'Content-Security-Policy': defaultPageCsp };
  response.writeHead(500, { ...headers, 'Content-Type': 'text/plain' }).end('Something went wrong');
}

// Node's request goes along as the env ({ incoming, outgoing }): the API reads the peer with getConnInfo.
const api = getRequestListener(app.fetch);
// The tip of the day's redirects, feeds and embed are computed per request (functions/today/todayApp.ts).
const today = getRequestListener(
  createTodayApp({ content: services.content, siteUrl: config.siteUrl, today: config.today }).fetch,
);
/** Request headers a proxy may tell the visitor's country in, by this configuration. */
const placeHeaders = countryHeaders(config.trustProxy, config.geoCountryHeader);

/** What the proxies this server trusts said of the visitor's country, for the language rule. */
function placeOf(request: http.IncomingMessage, trust: TrustProxy): Place {
  const country = () => {
    const headers = new Headers();
    for (const name of placeHeaders) {
      const value = request.headers[name.toLowerCase()];
      if (typeof value === 'string') headers.set(name, value);
    }
    return trustedCountry(headers, trust, config.geoCountryHeader);
  };
  return { country, headers: placeHeaders };
}

// Pages and files go to the static site as Node's own request and response (no web Request is made of
// them); /api goes on to Hono.
const server = http.createServer((request, response) => {
  const pathname = request.url?.split('?', 1)[0] ?? '/';
  if (pathname === '/api' || pathname.startsWith('/api/')) return void api(request, response);
  if (todayPaths.has(pathname)) return void today(request, response);
  try {
    const { 'x-forwarded-for': forwardedFor, 'x-forwarded-proto': proto } = request.headers;
    const trust = trustFor(config.trustProxy, request.socket.remoteAddress, forwardedFor);
    site.handle(request, response, forwardedHttps(proto, trust), placeOf(request, trust));
  } catch (error) {
    staticFailure(request, response, error);
  }
});
// Idle keep-alive connections are closed by the client, never by us: a server that closes one while the
// client is sending its next request on it resets that request. 65 s outlasts the idle timeouts of
// browsers' and load balancers' pools; the headers timeout must stay above it.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
// A slow client (a header or a body trickled a byte at a time) holds its connection no longer than a
// whole request may take, 70 s rather than Node's 5 minutes; and no more than MAX_CONNECTIONS are open
// at once, so a crowd of them cannot take every socket the process has.
server.requestTimeout = 70_000;
server.maxConnections = config.maxConnections;
server.listen(config.port, config.host, async () => {
  const info = server.address() as AddressInfo;
  const host = info.family === 'IPv6' ? `[${info.address}]` : info.address;
  const where = database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL';
  const siteUrl = config.siteUrl ?? `http://${host}:${info.port}`;
  // The operator's commands reach this process (its configuration, its database) on DATA_DIR/admin.sock,
  // open before the server says it serves.
  // A `newsletter send` drains through this server's mail queue, so its one pace holds.
  const drainMail = async () => (await mail)?.drainAfter?.();
  const operator = createAdminApp({ services, database, siteUrl, secret: services.hashSecret, drainMail });
  const socket = await serveAdminSocket(operator, config.dataDir).catch((error: Error) => ({
    problem: `Operator commands cannot reach this server (${error.message}).`,
  }));
  if ('problem' in socket) console.warn(socket.problem);
  else admin = socket;
  // Before the line tests and operators wait for, so a listening server's metrics answer too.
  metrics = await startMetricsServer(config, services.db).catch((error: Error) =>
    fail(`Cannot listen for metrics on ${config.metrics.host}:${config.metrics.port}: ${error.message}`),
  );
  if (metrics) console.log(`Metrics for Prometheus at ${metrics.url}`);
  console.log(`Important Advice is serving http://${host}:${info.port} (database: ${where})`);
  mail = startMailQueue(database.db, config, services, siteUrl);
});
let metrics: Awaited<ReturnType<typeof startMetricsServer>>;
let mail: ReturnType<typeof startMailQueue> | undefined;
let admin: { close(): Promise<void> } | undefined;
const backups = startNightlyBackups(database, config, services.hashSecret);

server.on('error', (error) => fail(`Cannot listen on ${config.host}:${config.port}: ${error.message}`));

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: finishing requests in flight, then closing the database.`);
  clearInterval(purgeTimer);
  backups.stop();
  site.close();
  setTimeout(() => server.closeAllConnections(), shutdownGraceMs).unref();
  // Stops accepting connections; the callback runs once in-flight requests have been answered.
  server.close(async () => {
    try {
      await (await mail)?.stop();
      await admin?.close();
      await metrics?.close();
      await database.close();
      console.log('Stopped cleanly.');
      process.exit(0);
    } catch (error) {
      console.error(`Closing the database failed: ${safeError(error)}`);
      process.exit(1);
    }
  });
  // Keep-alive connections become idle once their last answer is sent: close them as they do.
  setInterval(() => server.closeIdleConnections(), 50).unref();
}
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => void shutdown(signal));
