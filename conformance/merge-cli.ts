#!/usr/bin/env node
// `npm run conformance:merge -- --json OUT.json [--junit OUT.xml] [--html OUT.html] A.json ...`: the
// JSON reports of a sharded run (--shard I/N) merged into one report, one JUnit file, one page and
// one verdict (against a baseline, as each shard was).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { replayPrefix } from './cli/cli-options.js';
import { consoleReport } from './report/console.js';
import { htmlReport } from './report/html.js';
import { jsonReport } from './report/json.js';
import { junitReport } from './report/junit.js';
import { MergeError, mergeResults } from './report/merge.js';
import type { RunResult } from './run.js';

const USAGE = 'usage: npm run conformance:merge -- --json OUT.json [--junit OUT.xml] [--html OUT.html] SHARD.json ...';

function read(file: string): RunResult {
  let report: RunResult & { reportVersion?: number };
  try {
    report = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new MergeError(`${file}: not a readable JSON report (${(error as Error).message})`);
  }
  if (report.reportVersion !== 1 || !Array.isArray(report.operations)) {
    throw new MergeError(`${file}: not a pet-catalog-conformance JSON report (reportVersion 1)`);
  }
  return report;
}

function write(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}

function main(): number {
  const { values, positionals } = parseArgs({
    args: process.argv.slice(2),
    allowPositionals: true,
    options: {
      json: { type: 'string' },
      junit: { type: 'string' },
      html: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    process.stdout.write(
      `${USAGE}\nExit codes: 0 conformant; 1 a (new, with --baseline) violation in any shard; 2 a shard could not run, or bad input.\n`,
    );
    return 0;
  }
  if (!values.json || positionals.length === 0) throw new MergeError(USAGE);
  const merged = mergeResults(positionals.map(read));
  write(values.json, jsonReport(merged));
  if (values.junit) write(values.junit, junitReport(merged));
  if (values.html) write(values.html, htmlReport(merged, replayPrefix()));
  process.stdout.write(consoleReport(merged, replayPrefix()));
  return merged.exitCode;
}

try {
  process.exitCode = main();
} catch (error) {
  process.stderr.write(`conformance-merge: ${(error as Error).message}\n`);
  process.exitCode = 2;
}
