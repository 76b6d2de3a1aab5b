import { readFileSync } from 'node:fs';
import express from 'express';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { startReferenceServer } from '../../fixtures/reference-server.js';
import { describeIssues, loadContract, SchemaCompiler } from '../../spec/index.js';
import { type RunResult, runConformance } from '../run.js';
import { jsonReport } from './json.js';
import { junitReport } from './junit.js';
import { markdownSummary } from './markdown.js';

const contract = await loadContract();
const reportSchema = new SchemaCompiler().compile(
  JSON.parse(readFileSync(new URL('./json-report.schema.json', import.meta.url), 'utf8')),
);

async function resultFor(fault?: 'id-as-string'): Promise<RunResult> {
  const server = await startReferenceServer({ key: 'k', ...(fault ? { fault } : {}) });
  try {
    return await runConformance({ target: { baseUrl: server.baseUrl }, contract, apiKey: 'k', seed: 21 });
  } finally {
    await server.close();
  }
}

const [passing, failing] = await Promise.all([resultFor(), resultFor('id-as-string')]);

describe('the JSON report', () => {
  it.each([
    ['a passing run', passing],
    ['a failing run', failing],
  ])('matches its documented schema for %s', (_label, result) => {
    expect(describeIssues(reportSchema.validate(JSON.parse(jsonReport(result))))).toBe('');
  });
});

describe('the JUnit report', () => {
  const parse = (xml: string) => new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(xml);

  it('has one suite per operation and one case per check, with consistent counts', () => {
    const doc = parse(junitReport(failing));
    const suites = [doc.testsuites.testsuite].flat() as Array<Record<string, unknown>>;
    expect(suites.map((s) => s.name)).toEqual([
      'GET /categories',
      'POST /categories',
      'GET /pets/{petId}',
      'GET /store/orders',
    ]);
    let failures = 0;
    for (const suite of suites) {
      const cases = [suite.testcase].flat() as Array<Record<string, unknown>>;
      expect(Number(suite.tests)).toBe(cases.length);
      expect(Number(suite.failures)).toBe(cases.filter((c) => c.failure).length);
      expect(Number(suite.skipped)).toBe(cases.filter((c) => c.skipped !== undefined).length);
      for (const testcase of cases) {
        expect(testcase.name).toMatch(/^[\w {}/]+\.[a-z_]+$/);
        expect(testcase.classname).toMatch(/^conformance\./);
      }
      failures += Number(suite.failures);
    }
    expect(Number(doc.testsuites.failures)).toBe(failures);
    expect(failures).toBeGreaterThan(0);
  });

  it('keeps stable test names between runs', () => {
    const names = (xml: string) =>
      ([parse(xml).testsuites.testsuite].flat() as Array<{ testcase: unknown }>).flatMap((s) =>
        [s.testcase].flat().map((c) => (c as { name: string }).name),
      );
    expect(names(junitReport(passing))).toEqual(names(junitReport(failing)));
  });

  it('stays well-formed XML when a response holds characters XML cannot carry', () => {
    const poisoned: RunResult = {
      ...failing,
      violations: failing.violations.map((v) => ({
        ...v,
        message: `${v.message} \u0000\u0001 <&>`,
        response: { status: 201, bodyExcerpt: '\u0007]]>' },
      })),
    };
    const xml = junitReport(poisoned);
    expect(xml).not.toMatch(/[\u0000-\u0008]/);
    expect(() => new XMLParser().parse(xml, true)).not.toThrow();
  });
});

describe('the markdown summary', () => {
  it('gives the verdict and a check table', () => {
    expect(markdownSummary(passing)).toMatch(/^### Contract conformance: ✅ Conformant/);
    const summary = markdownSummary(failing);
    expect(summary).toMatch(/❌ \d+ violation/);
    expect(summary).toMatch(/\| response_schema_conformance \| .*❌/);
  });
});

describe("a finding's count", () => {
  it.each(['id-as-string', 'validates-before-auth', 'drops-description'] as const)(
    'counts the exchanges that showed it, never more than the run sent (%s)',
    async (fault) => {
      const server = await startReferenceServer({ key: 'k', fault });
      const sent = new Map<string, number>();
      try {
        const result = await runConformance({
          target: { baseUrl: server.baseUrl },
          contract,
          apiKey: 'k',
          seed: 21,
          onExchange: ({ request }) => sent.set(request.method, (sent.get(request.method) ?? 0) + 1),
        });
        expect(result.violations.length).toBeGreaterThan(0);
        for (const violation of [...result.violations, ...result.notes]) {
          const method = violation.operation === 'createCategory' ? 'POST' : 'GET';
          expect(violation.occurrences, violation.code).toBeLessThanOrEqual(sent.get(method) ?? 0);
        }
      } finally {
        await server.close();
      }
    },
  );
});

describe('the exchange a finding shows', () => {
  it('is the simplest that proves it, whatever order the answers came back in', async () => {
    // A list that lets in any credential, answering after a random delay so that the wrong
    // credentials come back in another order each run: the plainest (none at all) is shown.
    const app = express();
    app.get('/v1/categories', (_req, res) => {
      setTimeout(() => res.json([]), Math.floor(Math.random() * 40));
    });
    const shown = new Set<string>();
    for (const seed of [1, 2, 3]) {
      const result = await runConformance({
        target: { app },
        contract,
        apiKey: 'list-key-42',
        seed,
        selection: { include: ['operationId:listCategories'] },
      });
      const ignored = result.violations.find((v) => v.check === 'ignored_auth' && v.operation === 'listCategories');
      expect(ignored?.occurrences).toBeGreaterThan(5);
      shown.add(String(ignored?.caseLabel));
    }
    expect([...shown]).toEqual(['GET /categories with no Authorization header']);
  });
});
