// The contract handlers in a page, as a frontend developer uses them: a page bundled by esbuild for
// the browser (which fails on any node: module the core might pull in) registers MSW's service
// worker with the handlers, then creates and lists categories through fetch to the document's
// production URL. Nothing answers that URL: only the page's files are served.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { build } from 'esbuild';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, launchChromium, warnIfNoChromium } from '../fixtures/chromium.js';
import { packageFile } from '../spec/index.js';

warnIfNoChromium('MSW browser test');

const PAGE_SCRIPT = `
import { setupWorker } from 'msw/browser';
import { contractHandlers } from './msw.ts';

const base = 'https://production.invalid/v1';
const auth = { Authorization: 'Bearer page-key' };
const handlers = await contractHandlers({ apiKeys: ['page-key'] });
await setupWorker(...handlers).start({ quiet: true, onUnhandledRequest: 'error' });
const shown = document.getElementById('shown');
try {
  const created = await fetch(base + '/categories', {
    method: 'POST',
    headers: { ...auth, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Made in the page', description: 'No server anywhere' }),
  });
  const item = await created.json();
  const list = await (await fetch(base + '/categories', { headers: auth })).json();
  for (const category of list) {
    const li = document.createElement('li');
    li.textContent = category.id + ': ' + category.name;
    document.getElementById('categories').append(li);
  }
  const denied = await fetch(base + '/categories');
  shown.textContent = 'created ' + created.status + ' #' + item.id + '; without a key ' + denied.status + ' ' + (await denied.json()).code;
} catch (error) {
  shown.textContent = 'error: ' + error;
}
window.journal = handlers.requests();
document.body.dataset.done = 'yes';
`;

const PAGE = `<!doctype html><html><body><p id="shown"></p><ul id="categories"></ul>
<script type="module" src="/page.js"></script></body></html>`;

describe.skipIf(!CHROMIUM)('the contract handlers in a page, through MSW’s service worker', () => {
  let files: Server;
  let pageUrl: string;
  let browser: Browser;

  beforeAll(async () => {
    const bundle = await build({
      stdin: { contents: PAGE_SCRIPT, resolveDir: packageFile('mock'), loader: 'js' },
      bundle: true,
      platform: 'browser',
      format: 'esm',
      target: 'es2022',
      write: false,
      logLevel: 'silent',
    });
    const pageJs = bundle.outputFiles[0]!.text;
    const worker = readFileSync(packageFile('node_modules', 'msw', 'lib', 'mockServiceWorker.js'), 'utf8');
    const served: Record<string, [string, string]> = {
      '/': ['text/html; charset=utf-8', PAGE],
      '/page.js': ['text/javascript; charset=utf-8', pageJs],
      '/mockServiceWorker.js': ['text/javascript; charset=utf-8', worker],
    };
    files = createServer((req, res) => {
      const file = served[new URL(req.url ?? '/', 'http://page.invalid').pathname];
      res.writeHead(file ? 200 : 404, { 'Content-Type': file?.[0] ?? 'text/plain' });
      res.end(file?.[1] ?? 'not found');
    });
    await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
    // localhost is a secure context, where a page may register a service worker.
    pageUrl = `http://localhost:${(files.address() as { port: number }).port}/`;
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    files?.close();
  });

  it('creates and lists a category with no API server, and the journal records what the page sent', async () => {
    const tab = await browser.newPage();
    const errors: string[] = [];
    tab.on('pageerror', (error) => errors.push(String(error)));
    await tab.goto(pageUrl);
    await tab.waitForSelector('body[data-done="yes"]', { state: 'attached', timeout: 20_000 });
    expect(errors).toEqual([]);
    const shown = await tab.textContent('#shown');
    expect(shown).toMatch(/^created 201 #\d+; without a key 401 unauthorized$/);
    const listed = await tab.$$eval('#categories li', (items) => items.map((item) => item.textContent));
    expect(listed).toContain(`${/#(\d+)/.exec(shown!)![1]}: Made in the page`);
    expect(listed.length).toBeGreaterThan(1);
    const journal = (await tab.evaluate('window.journal')) as Array<Record<string, unknown>>;
    expect(journal.map((entry) => `${entry.method} ${entry.status}`)).toEqual(['POST 201', 'GET 200', 'GET 401']);
    expect(journal[0]).toMatchObject({
      path: '/v1/categories',
      body: { name: 'Made in the page', description: 'No server anywhere' },
      headers: { authorization: 'Bearer [REDACTED]' },
    });
    await tab.screenshot({ path: packageFile('reports', 'msw-page.png') });
  }, 60_000);
});
