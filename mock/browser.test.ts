// A real page on another origin uses the mock through CORS, in Debian's Chromium driven by
// playwright-core. Skipped, with the reason printed, only when no browser can be had.
import { createServer, type Server } from 'node:http';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, launchChromium, warnIfNoChromium } from '../fixtures/chromium.js';
import { loadContract } from '../spec/index.js';
import type { RequestLogEntry } from './adapters/app.js';
import { type RunningMock, startMockServer } from './adapters/server.js';

warnIfNoChromium('browser test');

/** The page's own script: list, create (a preflighted request), list again, and a call without a key. */
const PAGE_SCRIPT = `
const base = document.body.dataset.mock;
const auth = { Authorization: 'Bearer dev-key' };
const results = {};
try {
  const list = await fetch(base + '/categories', { headers: auth });
  results.listStatus = list.status;
  results.listCount = (await list.json()).length;
  const created = await fetch(base + '/categories', { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'From the browser 🐰', description: 'Ünïcödé' }) });
  results.createStatus = created.status;
  results.created = await created.json();
  const again = await (await fetch(base + '/categories', { headers: auth })).json();
  results.listedAfter = again.some((c) => c.id === results.created.id && c.name === 'From the browser 🐰');
  const denied = await fetch(base + '/categories');
  results.deniedStatus = denied.status;
  results.deniedBody = await denied.json();
  results.challenge = denied.headers.get('WWW-Authenticate');
} catch (error) {
  results.error = String(error);
}
window.results = results;
document.body.dataset.done = 'yes';
`;

describe.skipIf(!CHROMIUM)('a page on another origin, in Chromium', () => {
  let mock: RunningMock;
  let page: Server;
  let pageUrl: string;
  let browser: Browser;
  const requests: RequestLogEntry[] = [];

  beforeAll(async () => {
    const contract = await loadContract();
    mock = await startMockServer({ contract, onRequest: (entry) => requests.push(entry) });
    page = createServer((_req, res) => {
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.end(
        `<!doctype html><html><body data-mock="${mock.baseUrl}"><script type="module">${PAGE_SCRIPT}</script></body></html>`,
      );
    });
    await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
    // Another port is another origin, so every call is cross-origin.
    pageUrl = `http://localhost:${(page.address() as { port: number }).port}/`;
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    page?.close();
    await mock?.close();
  });

  it('lists, creates through a preflight, and reads a 401 Error', async () => {
    const tab = await browser.newPage();
    await tab.goto(pageUrl);
    await tab.waitForSelector('body[data-done="yes"]', { state: 'attached', timeout: 15_000 });
    const results = (await tab.evaluate('window.results')) as Record<string, unknown>;
    expect(results.error).toBeUndefined();
    expect(results).toMatchObject({
      listStatus: 200,
      listCount: 8,
      createStatus: 201,
      created: { name: 'From the browser 🐰', description: 'Ünïcödé' },
      listedAfter: true,
      deniedStatus: 401,
      deniedBody: { code: 'unauthorized', status: 401 },
    });
    expect(results.challenge).toMatch(/^Bearer/);
    expect(requests.some((r) => r.method === 'OPTIONS' && r.status === 204)).toBe(true);
    // The journal, as an end-to-end suite would assert it: the page sent this POST with this body.
    const journal = mock.requests();
    const post = journal.find((entry) => entry.method === 'POST' && entry.status === 201);
    expect(post?.body).toEqual({ name: 'From the browser 🐰', description: 'Ünïcödé' });
    expect(post?.headers.origin).toBe(pageUrl.replace(/\/$/, ''));
    expect(post?.headers.authorization).toBe('Bearer [REDACTED]');
    expect(journal.some((entry) => entry.method === 'OPTIONS')).toBe(true);
  });
});
