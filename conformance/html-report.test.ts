// The HTML report as a reviewer meets it: written by the CLI for a run against a server with two
// planted faults, opened in Debian's Chromium from the file (no network), the matrix read, a
// violation opened and its reproduction read; a screenshot is kept in reports/.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, launchChromium, warnIfNoChromium } from '../fixtures/chromium.js';
import { startReferenceServer } from '../fixtures/reference-server.js';
import { packageFile } from '../spec/index.js';
import type { RunResult } from './run-options.js';

warnIfNoChromium('HTML report test');

const CLI = fileURLToPath(new URL('../dist/conformance/cli.js', import.meta.url));
const KEY = 'html-Secret-3';
const dir = mkdtempSync(join(tmpdir(), 'html-report-'));
const html = join(dir, 'report.html');
const json = join(dir, 'report.json');
let code: number | null = null;

beforeAll(async () => {
  const server = await startReferenceServer({ key: KEY, faults: ['error-status-differs', 'drops-description'] });
  const child = spawn(
    process.execPath,
    [CLI, '--base-url', server.baseUrl, '--seed', '9', '--quiet', '--html', html, '--json', json],
    {
      env: { ...process.env, CONFORMANCE_API_KEY: KEY, GITHUB_STEP_SUMMARY: '' },
      stdio: 'ignore',
    },
  );
  code = await new Promise((resolve) => child.on('exit', resolve));
  await server.close();
});

describe('--html', () => {
  it('writes one page with no secret and nothing fetched from elsewhere', () => {
    expect(code).toBe(1);
    const page = readFileSync(html, 'utf8');
    expect(page).not.toContain(KEY);
    expect(page).not.toMatch(/<(?:link|img|iframe)\b|<script[^>]+src=|https?:\/\/(?!127\.0\.0\.1)[a-z]/i);
  });

  describe.skipIf(!CHROMIUM)('in Chromium', () => {
    let browser: Awaited<ReturnType<typeof launchChromium>>;
    beforeAll(async () => {
      browser = await launchChromium();
    });
    afterAll(async () => browser?.close());

    it('shows the verdict, the matrix and a violation with its reproduction', async () => {
      const report = JSON.parse(readFileSync(json, 'utf8')) as RunResult;
      const tab = await browser.newPage();
      const requests: string[] = [];
      tab.on('request', (request) => requests.push(request.url()));
      await tab.goto(pathToFileURL(html).href);
      expect(requests.every((url) => url.startsWith('file:'))).toBe(true);
      expect(await tab.textContent('#verdict')).toBe(
        `Not conformant: ${report.violations.length} violation(s) (exit 1)`,
      );

      // The matrix: one row per operation, a FAIL cell for each failed check, linking to its violation.
      const failedChecks = report.operations.flatMap((o) =>
        Object.entries(o.checks).flatMap(([check, stats]) => (stats.outcome === 'failed' ? [`${o.id} ${check}`] : [])),
      );
      expect(await tab.locator('#matrix td.failed').count()).toBe(failedChecks.length);
      expect(await tab.locator('#matrix tbody tr').count()).toBe(report.operations.length);
      const firstFail = tab.locator('#matrix td.failed a').first();
      const target = await firstFail.getAttribute('href');
      await firstFail.click();
      const opened = tab.locator(`details${target}`);
      expect(await opened.getAttribute('open')).not.toBeNull();

      // The violation: its reproduction is the report's curl command (the key as its variable, if sent).
      const index = Number(target!.slice(2)) - 1;
      const violation = report.violations[index]!;
      expect(await opened.locator('summary').textContent()).toContain(`${violation.check} · ${violation.operation}`);
      const commands = await opened.locator('pre').allTextContents();
      expect(commands).toContain(violation.curl);
      // The response as it came: its headers one per line, then the body.
      if (violation.response) {
        expect(commands).toContain(violation.response.bodyExcerpt);
        expect(commands.join('\n')).toContain(`content-type: ${violation.response.contentType}`);
      }

      // The filter by check leaves only that check's violations.
      await tab.selectOption('#filter-check', 'error_status_matches_http_status');
      const visible = await tab
        .locator('details.violation:visible')
        .evaluateAll((items) => items.map((item) => item.getAttribute('data-check')));
      expect(visible.length).toBeGreaterThan(0);
      expect(new Set(visible)).toEqual(new Set(['error_status_matches_http_status']));
      await tab.selectOption('#filter-check', '');

      mkdirSync(packageFile('reports'), { recursive: true });
      await tab.screenshot({ path: packageFile('reports', 'conformance-report.png'), fullPage: true });
    }, 60_000);
  });
});
