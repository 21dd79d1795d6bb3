// When the database does not answer: health says 503, writes a bare 500, the log says why, reads of
// things that need no database still work, and nothing internal reaches the visitor.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../functions/app.ts';
import { loadConfig } from '../../functions/config.ts';
import { createContent } from '../../functions/content.ts';
import { openDatabase } from '../../functions/db/client.ts';
import { createServices } from '../../functions/services.ts';
import { makeContentDir } from '../support/fixtures.ts';

describe('with the database down', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('answers health 503, a write 500 "Something went wrong", and geo 200', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    // Port 1 on loopback: connection refused at once.
    const config = loadConfig({
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
      CONTENT_DIR: makeContentDir(),
    });
    const app = createApp(
      createServices(config, createContent(config.contentDir), () => openDatabase(config)),
    );

    const health = await app.request('/api/health');
    expect([health.status, await health.json()]).toEqual([
      503,
      { status: 'degraded', problems: ['database'] },
    ]);

    const write = await app.request('/api/subscribe', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'someone@example.com' }),
    });
    const body = await write.text();
    expect(write.status).toBe(500);
    expect(JSON.parse(body)).toEqual({ error: 'Something went wrong' });
    expect(body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|stack/i);
    expect(write.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");

    expect((await app.request('/api/geo')).status).toBe(200);
    expect(logged.mock.calls.flat().join(' ')).toMatch(/ECONNREFUSED/);
  });
});
