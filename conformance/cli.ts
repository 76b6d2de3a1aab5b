#!/usr/bin/env node
// `npm run conformance`: runs the suite against --base-url, or against the mock started in-process.
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { type Contract, ContractError, loadContract } from '../spec/index.js';
import { authVariable, KEY_VARIABLE } from './auth-variants.js';
import { CONFORMANCE_HELP } from './cli-help.js';
import { createRedactor } from './redact.js';
import { consoleReport } from './report/console.js';
import { jsonReport } from './report/json.js';
import { junitReport } from './report/junit.js';
import { markdownSummary } from './report/markdown.js';
import { chooseSeed, RunError, type RunOptions, runConformance, unknownChecks } from './run.js';
import { shellQuote } from './shell.js';

class UsageError extends Error {}

function integer(name: string, raw: string | undefined, min: number): number | undefined {
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < min)
    throw new UsageError(`${name} must be a whole number of at least ${min}, not "${raw}"`);
  return value;
}

function names(raw: string | undefined): string[] | undefined {
  if (raw === undefined) return undefined;
  const list = raw
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = unknownChecks(list);
  if (unknown.length > 0) throw new UsageError(`unknown check(s): ${unknown.join(', ')}; see --help for the list`);
  return list;
}

function parse(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        'base-url': { type: 'string' },
        'api-key': { type: 'string' },
        auth: { type: 'string', multiple: true },
        spec: { type: 'string' },
        'strict-examples': { type: 'boolean' },
        seed: { type: 'string' },
        runs: { type: 'string' },
        'timeout-ms': { type: 'string' },
        'max-response-bytes': { type: 'string' },
        concurrency: { type: 'string' },
        'read-only': { type: 'boolean' },
        'max-writes': { type: 'string' },
        'name-prefix': { type: 'string' },
        checks: { type: 'string' },
        skip: { type: 'string' },
        junit: { type: 'string' },
        json: { type: 'string' },
        quiet: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }).values;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

function replayCommand(flags: ReturnType<typeof parse>, baseUrl: string | undefined, seed: number): string {
  const parts = ['npm run conformance --'];
  if (baseUrl) parts.push(`--base-url ${shellQuote(baseUrl)}`);
  if (flags.spec) parts.push(`--spec ${shellQuote(flags.spec)}`);
  parts.push(`--seed ${seed}`);
  if (flags.runs) parts.push(`--runs ${flags.runs}`);
  if (flags['read-only']) parts.push('--read-only');
  if (flags['name-prefix'] !== undefined) parts.push(`--name-prefix ${shellQuote(flags['name-prefix'])}`);
  return parts.join(' ');
}

/** --auth NAME=VALUE flags over CONFORMANCE_AUTH_<NAME> variables, for the document's schemes. */
function credentialsByScheme(
  flags: readonly string[],
  contract: Contract,
  env: NodeJS.ProcessEnv,
): Record<string, string> {
  const auth: Record<string, string> = {};
  const schemes = new Set(contract.operations.flatMap((operation) => operation.security.flat().map((s) => s.name)));
  for (const name of schemes) {
    const value = env[authVariable(name)];
    if (value) auth[name] = value;
  }
  for (const flag of flags) {
    const at = flag.indexOf('=');
    if (at <= 0) throw new UsageError('--auth takes NAME=VALUE, NAME being a security scheme of the document');
    const name = flag.slice(0, at);
    if (!schemes.has(name)) {
      const known = [...schemes].join(', ') || 'none';
      throw new UsageError(`--auth names ${name}, which is no security scheme the operations use (they use: ${known})`);
    }
    auth[name] = flag.slice(at + 1);
  }
  return auth;
}

/** The key as given on the command line (--api-key K or --api-key=K), read without the parser so
 * that even a refused command line is redacted. */
function secretsFromArguments(argv: readonly string[]): string[] {
  const secrets: string[] = [];
  argv.forEach((arg, index) => {
    const next = argv[index + 1];
    if (arg === '--api-key' && next !== undefined) secrets.push(next);
    else if (arg.startsWith('--api-key=')) secrets.push(arg.slice('--api-key='.length));
    else if (arg === '--auth' && next !== undefined) secrets.push(next.slice(next.indexOf('=') + 1));
    else if (arg.startsWith('--auth=')) secrets.push(arg.slice(arg.indexOf('=', '--auth='.length) + 1));
  });
  return secrets;
}

function write(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
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
  const contract = await loadContract(flags.spec, { strictExamples: flags['strict-examples'] === true });
  const auth = credentialsByScheme(flags.auth ?? [], contract, process.env);
  const redact = createRedactor(apiKey, Object.values(auth));
  for (const warning of contract.warnings) process.stderr.write(`warning: ${redact(warning)}\n`);
  let target: RunOptions['target'];
  if (baseUrl) {
    target = { baseUrl };
  } else {
    // The runner itself never imports the mock; only this entry point composes the two.
    const { createMockApp, DEFAULT_API_KEY } = await import('../mock/index.js');
    apiKey ??= DEFAULT_API_KEY;
    target = { app: createMockApp({ contract, apiKeys: [apiKey] }) };
  }
  const seed = integer('--seed', flags.seed, -(2 ** 31)) ?? chooseSeed();
  const quiet = flags.quiet === true;
  const options: RunOptions = {
    target,
    contract,
    seed,
    ...(apiKey !== undefined ? { apiKey } : {}),
    ...(Object.keys(auth).length > 0 ? { auth } : {}),
    ...(flags.runs ? { runs: integer('--runs', flags.runs, 1)! } : {}),
    ...(flags['timeout-ms'] ? { timeoutMs: integer('--timeout-ms', flags['timeout-ms'], 1)! } : {}),
    ...(flags['max-response-bytes']
      ? { maxResponseBytes: integer('--max-response-bytes', flags['max-response-bytes'], 1)! }
      : {}),
    ...(flags.concurrency ? { concurrency: integer('--concurrency', flags.concurrency, 1)! } : {}),
    ...(flags['max-writes'] ? { maxWrites: integer('--max-writes', flags['max-writes'], 0)! } : {}),
    ...(flags['name-prefix'] !== undefined ? { namePrefix: flags['name-prefix'] } : {}),
    ...(flags['read-only'] ? { readOnly: true } : {}),
    ...(names(flags.checks) ? { checks: names(flags.checks)! } : {}),
    ...(names(flags.skip) ? { skip: names(flags.skip)! } : {}),
    ...(quiet ? {} : { onProgress: (message: string) => process.stderr.write(`… ${message}\n`) }),
  };
  if (!quiet)
    process.stderr.write(`… testing ${baseUrl ? redact(baseUrl) : 'the mock, started in-process'} with seed ${seed}\n`);
  const result = await runConformance(options);
  process.stdout.write(redact(consoleReport(result, redact(replayCommand(flags, baseUrl, seed)))));
  if (flags.junit) write(flags.junit, redact(junitReport(result)));
  if (flags.json) write(flags.json, redact(jsonReport(result)));
  // On GitHub Actions the summary shows on the run's page.
  if (process.env.GITHUB_STEP_SUMMARY) appendFileSync(process.env.GITHUB_STEP_SUMMARY, redact(markdownSummary(result)));
  return result.exitCode;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    const known = error instanceof UsageError || error instanceof ContractError || error instanceof RunError;
    const fromEnv = Object.entries(process.env)
      .filter(([name]) => name === KEY_VARIABLE || name.startsWith('CONFORMANCE_AUTH_'))
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
