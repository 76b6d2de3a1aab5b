#!/usr/bin/env node
// `npm run conformance`: runs the suite against --base-url, or against the mock started in-process.
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { DEFAULT_API_KEY } from '../mock/core/defaults.js';
import {
  type Contract,
  ContractError,
  explainedModel,
  loadContract,
  type ResourceCorrection,
  readModelFile,
} from '../spec/index.js';
import { KEY_VARIABLE, OTHER_KEY_VARIABLE } from './auth/auth-variants.js';
import { CONFORMANCE_HELP } from './cli/cli-help.js';
import {
  credentialsByScheme,
  extraHeaders,
  integer,
  names,
  parse,
  rateLimitOf,
  replayCommand,
  secretsFromArguments,
  selectionOf,
  transportOf,
  UsageError,
} from './cli/cli-options.js';
import { applyBaseline, BaselineError, baselineOf, parseBaseline, readBaselineFile } from './report/baseline.js';
import { consoleReport } from './report/console.js';
import { harDocument, harEntry } from './report/har.js';
import { htmlReport } from './report/html.js';
import { jsonReport } from './report/json.js';
import { junitReport } from './report/junit.js';
import { markdownSummary } from './report/markdown.js';
import { progressLine } from './report/progress-line.js';
import { createRedactor } from './report/redact.js';
import { chooseSeed, RunError, type RunOptions, runConformance, runSecrets } from './run.js';
import type { Exchange } from './send/http.js';

const TOOL_VERSION = '0.1.0';

function write(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}

// A terminal gets one live line; CI, a pipe and --quiet the plain lines (or none).
const live = process.stderr.isTTY && !process.env.CI ? progressLine(process.stderr) : undefined;

function progressOptions(quiet: boolean): Partial<RunOptions> {
  if (quiet) return {};
  if (!live) return { onProgress: (message: string) => process.stderr.write(`… ${message}\n`) };
  return {
    onStart: (reader) => live.follow(reader),
    onProgress: (message: string) => {
      if (message.startsWith('FAIL ')) live.print(`… ${message}`);
    },
  };
}

/** Without --base-url the mock is the target, running as `npm start` runs it (with its own answers
 * to malformed requests and long headers). The runner itself never imports the mock; only this
 * entry point composes the two, and loads it only when needed. */
async function startInProcessMock(
  contract: Contract,
  apiKeys: string[],
  model?: ReadonlyMap<string, ResourceCorrection>,
) {
  const { startMockServer } = await import('../mock/index.js');
  // No request journal: nobody reads it here, and it would hold the run's last thousand bodies.
  return startMockServer({ contract, ...(model ? { model } : {}), apiKeys, journal: false, port: 0 });
}

/** --min-reach PERCENT (or CONFORMANCE_MIN_REACH): a share of 0 to 100, "80" or "80%". */
function minReachOf(text: string | undefined): { minReach?: number } {
  if (text === undefined || text === '') return {};
  const value = Number(text.replace(/%$/, ''));
  if (!Number.isFinite(value) || value < 0 || value > 100)
    throw new UsageError(`--min-reach must be a percentage from 0 to 100, not "${text}"`);
  return { minReach: value };
}

async function main(): Promise<number> {
  const flags = parse(process.argv.slice(2));
  if (flags.help) {
    process.stdout.write(CONFORMANCE_HELP);
    return 0;
  }
  const baseUrl = flags['base-url'] ?? process.env.CONFORMANCE_BASE_URL;
  if (baseUrl !== undefined && !/^https?:\/\/[^/]/.test(baseUrl))
    throw new UsageError(`--base-url must be an http(s) URL, not "${baseUrl}"`);
  let apiKey = flags['api-key'] || process.env[KEY_VARIABLE] || undefined;
  let otherApiKey = flags['other-api-key'] || process.env[OTHER_KEY_VARIABLE] || undefined;
  const contract = await loadContract(flags.spec, { strictExamples: flags['strict-examples'] === true });
  const model = flags.model ? readModelFile(flags.model) : undefined;
  if (flags.explain) {
    // --json names the report file as ever: with --explain it takes the model (- for standard output).
    const json = flags.json;
    const text = explainedModel(contract, model, json ? 'json' : 'text');
    if (json && json !== '-') write(json, text);
    else process.stdout.write(text);
    return 0;
  }
  const auth = credentialsByScheme(flags.auth ?? [], contract, process.env);
  const headers = extraHeaders(flags);
  const transport = transportOf(flags);
  const selection = selectionOf(flags);
  const rateLimit = rateLimitOf(flags);
  // The document's path and the base URL are the user's own words: printed as given.
  const verbatim = [flags.spec, flags.spec && resolve(flags.spec), baseUrl];
  const redact = createRedactor(
    apiKey,
    [...Object.values(auth), ...runSecrets({ headers, transport, otherApiKey })],
    verbatim,
  );
  for (const warning of contract.warnings) process.stderr.write(`warning: ${redact(warning)}\n`);
  if (!baseUrl) apiKey ??= DEFAULT_API_KEY;
  // The in-process mock takes a second user's key too, so ownership is checked by default there.
  if (!baseUrl) otherApiKey ??= `${apiKey}-other-user`;
  const seed = integer('--seed', flags.seed, -(2 ** 31)) ?? chooseSeed();
  // Read before the run: a missing or broken baseline stops it at once.
  const baseline = flags.baseline ? parseBaseline(readBaselineFile(flags.baseline), flags.baseline) : undefined;
  const harEntries: Record<string, unknown>[] = [];
  const quiet = flags.quiet === true;
  const options: Omit<RunOptions, 'target'> = {
    contract,
    ...(model ? { model } : {}),
    seed,
    ...(apiKey !== undefined ? { apiKey } : {}),
    ...(otherApiKey !== undefined ? { otherApiKey } : {}),
    ...(Object.keys(auth).length > 0 ? { auth } : {}),
    ...(flags.runs ? { runs: integer('--runs', flags.runs, 1)! } : {}),
    ...(flags['timeout-ms'] ? { timeoutMs: integer('--timeout-ms', flags['timeout-ms'], 1)! } : {}),
    ...(flags['max-response-bytes']
      ? { maxResponseBytes: integer('--max-response-bytes', flags['max-response-bytes'], 1)! }
      : {}),
    ...(flags.concurrency ? { concurrency: integer('--concurrency', flags.concurrency, 1)! } : {}),
    ...(flags['max-writes'] ? { maxWrites: integer('--max-writes', flags['max-writes'], 0)! } : {}),
    ...minReachOf(flags['min-reach'] ?? process.env.CONFORMANCE_MIN_REACH),
    ...(flags['name-prefix'] !== undefined ? { namePrefix: flags['name-prefix'] } : {}),
    ...(flags['read-only'] ? { readOnly: true } : {}),
    ...(names(flags.checks) ? { checks: names(flags.checks)! } : {}),
    ...(names(flags.skip) ? { skip: names(flags.skip)! } : {}),
    ...(headers ? { headers } : {}),
    ...(transport ? { transport } : {}),
    ...(selection ? { selection } : {}),
    ...(rateLimit ? { rateLimit } : {}),
    ...(flags.har ? { onExchange: (exchange: Exchange, at: Date) => harEntries.push(harEntry(exchange, at)) } : {}),
    ...progressOptions(quiet),
  };
  if (!quiet)
    process.stderr.write(`… testing ${baseUrl ? redact(baseUrl) : 'the mock, started in-process'} with seed ${seed}\n`);
  const mock = baseUrl
    ? undefined
    : await startInProcessMock(contract, [apiKey!, ...(otherApiKey ? [otherApiKey] : [])], model);
  const target = baseUrl ? { baseUrl } : { baseUrl: mock!.baseUrl };
  const run = await runConformance({ ...options, target }).finally(() => {
    live?.stop();
    return mock?.close();
  });
  const result = baseline ? applyBaseline(run, baseline, flags.baseline!) : run;
  const replay = redact(replayCommand(flags, baseUrl, seed));
  process.stdout.write(redact(consoleReport(result, replay)));
  if (flags['write-baseline']) {
    write(flags['write-baseline'], redact(`${JSON.stringify(baselineOf(run), null, 2)}\n`));
    process.stdout.write(
      `Baseline written: ${baselineOf(run).violations.length} violation(s) in ${flags['write-baseline']}\n`,
    );
  }
  if (flags.junit) write(flags.junit, redact(junitReport(result)));
  if (flags.json) write(flags.json, redact(jsonReport(result)));
  if (flags.html) write(flags.html, redact(htmlReport(result, replay)));
  if (flags.har) write(flags.har, harDocument(harEntries, redact, TOOL_VERSION));
  // On GitHub Actions the summary shows on the run's page.
  if (process.env.GITHUB_STEP_SUMMARY) appendFileSync(process.env.GITHUB_STEP_SUMMARY, redact(markdownSummary(result)));
  return result.exitCode;
}

// A wait that never ends (nothing left to wake it) empties the event loop, and Node exits with 0: a
// gate would read that as a pass. Exiting before main settled is exit 2, said so.
let settled = false;
process.on('exit', () => {
  if (settled) return;
  process.stderr.write(
    'pet-catalog-conformance: the run stopped before it finished: no verdict (a bug: please report it)\n',
  );
  process.exitCode = 2;
});

main().then(
  (code) => {
    settled = true;
    process.exitCode = code;
  },
  (error: unknown) => {
    settled = true;
    const known =
      error instanceof UsageError ||
      error instanceof ContractError ||
      error instanceof RunError ||
      error instanceof BaselineError;
    const fromEnv = Object.entries(process.env)
      .filter(([name]) => name === KEY_VARIABLE || name === OTHER_KEY_VARIABLE || name.startsWith('CONFORMANCE_AUTH_'))
      .map(([, value]) => value ?? '');
    const message = createRedactor(undefined, [...secretsFromArguments(process.argv.slice(2)), ...fromEnv])(
      known ? (error as Error).message : `unexpected error: ${(error as Error).message ?? String(error)}`,
    );
    process.stderr.write(
      `pet-catalog-conformance: ${message}\n${error instanceof UsageError ? 'Run with --help for the flags.\n' : ''}`,
    );
    process.exitCode = 2;
  },
);
