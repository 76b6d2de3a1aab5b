#!/usr/bin/env node
import { relative, resolve } from 'node:path';
// `npm start`: the mock on a port, with a start-up banner and one log line per request.
// Started without V8 flags: any flag (even --max-semi-space-size, which kept RSS under load 10 MB
// lower) makes V8 refuse Node's cached code of its own modules, 15 ms of every start.
import { type Contract, ContractError, explainedModel, loadContract, readModelFile } from '../spec/index.js';
import type { MockOptions, RequestLogEntry } from './adapters/app.js';
import { MOCK_HELP, type MockCliOptions, parseMockOptions, UsageError } from './adapters/options.js';
import { readSeedFile } from './adapters/seed-file.js';
import { type RunningMock, startMockServer } from './adapters/server.js';
import { documentFiles, type Watcher, watchFiles } from './adapters/watch.js';
import { SeedError } from './behaviours/seed.js';
import { DEFAULT_API_KEY } from './core/defaults.js';
import type { ContractViolation } from './proxy/violations.js';

const withoutUserinfo = (url: string): string => url.replace(/\/\/[^/@]*@/, '//');

function logger(format: 'text' | 'json' | 'none'): ((entry: RequestLogEntry) => void) | undefined {
  if (format === 'none') return undefined;
  if (format === 'json') {
    return (entry) =>
      process.stdout.write(
        `${JSON.stringify({ ...entry, ms: Number(entry.ms.toFixed(2)), time: new Date().toISOString() })}\n`,
      );
  }
  return (entry) => process.stdout.write(`${entry.method} ${entry.path} ${entry.status} ${entry.ms.toFixed(1)}ms\n`);
}

async function main(): Promise<void> {
  const options = parseMockOptions(process.argv.slice(2), process.env);
  if (options.help) {
    process.stdout.write(MOCK_HELP);
    return;
  }
  const contract = await loadContract(options.spec, { strictExamples: options.strictExamples });
  for (const warning of contract.warnings) process.stderr.write(`warning: ${warning}\n`);
  const model = options.model ? readModelFile(options.model) : undefined;
  if (options.explain) {
    process.stdout.write(explainedModel(contract, model, options.explain));
    return;
  }
  const readSeed = () =>
    options.empty
      ? { seed: null }
      : options.seedFile
        ? (() => {
            const { data, name } = readSeedFile(options.seedFile!);
            return { seed: data, seedName: name };
          })()
        : {};
  const seed = readSeed();
  const onRequest = logger(options.log);
  const mock = await startMockServer({
    contract,
    ...(model ? { model } : {}),
    apiKeys: options.apiKeys,
    ...seed,
    bodyLimitBytes: options.bodyLimitBytes,
    maxItems: options.maxItems,
    cors: options.corsOrigins === false ? false : { origins: options.corsOrigins },
    latencyMs: options.latencyMs,
    unspecifiedStatus: options.unspecifiedStatus,
    journal: options.journal,
    ...(onRequest ? { onRequest } : {}),
    ...(options.proxy
      ? {
          proxy: options.proxy,
          proxyStrict: options.proxyStrict,
          proxyJudgeLimitBytes: options.proxyJudgeLimitBytes,
          onViolation: (v: ContractViolation) =>
            process.stderr.write(
              `contract violation: ${v.check} · ${v.operation} · ${v.method} ${v.path} → ${v.status}: ${v.message}\n`,
            ),
        }
      : {}),
    port: options.port,
    host: options.host,
  });
  // Handlers before the banner: whoever reads the banner may signal at once.
  const shutdown = (signal: string): void => {
    process.stdout.write(`${signal}: shutting down\n`);
    mock.close().then(() => process.exit(0));
    setTimeout(() => process.exit(0), 3_000).unref();
  };
  const watcher = options.watch ? startWatching(options, contract.file, mock, readSeed) : undefined;
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  const info = mock.info;
  const keyNote = options.keysFromUser
    ? `${options.apiKeys.length} key(s) from --api-key/MOCK_API_KEYS (not shown)`
    : DEFAULT_API_KEY;
  const lines = [
    `${contract.title} ${contract.version} mock listening on ${mock.baseUrl}`,
    `  key:        ${howToSendKey(contract.operations)(keyNote)}`,
    ...info.operations.map(
      ({ operation, behaviour }) =>
        `  ${operation.method.padEnd(6)} ${contract.basePath}${operation.path.padEnd(20)} ${behaviour ? (behaviour.kind === 'respond' ? `${behaviour.status} (answered from the document)` : behaviour.kind) : `${options.unspecifiedStatus} (behaviour not specified)`}`,
    ),
    ...seedLines(info.seeding()),
    `  document:   ${mock.origin}/openapi.yaml (${versionNote(contract)}${contract.files.length > 1 ? `, ${contract.files.length} files` : ''})`,
    ...(options.proxy
      ? [
          `  proxy:      every request under ${contract.basePath} goes to ${withoutUserinfo(options.proxy)}, judged by the document${options.proxyStrict ? ' (strict: violations answer 502)' : ''}; GET /__mock/violations`,
        ]
      : []),
    ...(watcher
      ? [`  watching:   ${watcher.files.map((file) => relative(process.cwd(), file) || file).join(', ')}`]
      : []),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

/** How the document was read: "OpenAPI 3.1.0", "Swagger 2.0, read as OpenAPI 3.0", … */
/** A line per seeded collection; one line for those whose items are drawn on their first use. */
function seedLines(seeding: ReadonlyMap<string, number | undefined>): string[] {
  const later = [...seeding].filter(([, count]) => count === undefined).map(([path]) => path);
  const shown = 6;
  const laterLine = `  seeded:     on first use, from the document's examples (else generated): ${later.slice(0, shown).join(', ')}${later.length > shown ? ` and ${later.length - shown} more` : ''}`;
  return [
    ...[...seeding].flatMap(([path, count]) =>
      count === undefined ? [] : [`  seeded:     ${count} item(s) in ${path}`],
    ),
    ...(later.length > 0 ? [laterLine] : []),
  ];
}

function versionNote(contract: { declaredVersion: string; dialect: string }): string {
  const declared = contract.declaredVersion;
  if (declared === '2.0') return 'Swagger 2.0, read as OpenAPI 3.0';
  if (declared.startsWith('3.2')) return `OpenAPI ${declared}, read as OpenAPI 3.1`;
  return `OpenAPI ${declared}`;
}

/** --watch: a changed document reloads with the sessions' data kept; a changed seed file reseeds.
 * A broken edit keeps the previous contract and says why in one line. */
function startWatching(
  options: MockCliOptions,
  documentFile: string,
  mock: RunningMock,
  readSeed: () => Pick<MockOptions, 'seed' | 'seedName'>,
): Watcher {
  const seedFile = options.seedFile ? resolve(options.seedFile) : undefined;
  const files = [...documentFiles(documentFile), ...(seedFile ? [seedFile] : [])];
  return watchFiles(files, async (changed) => {
    const seedChanged = seedFile !== undefined && changed.includes(seedFile);
    try {
      const contract = await loadContract(documentFile, { strictExamples: options.strictExamples });
      mock.reload({ contract, ...(seedChanged ? readSeed() : {}) }, !seedChanged);
      const what = changed.map((file) => relative(process.cwd(), file) || file).join(', ');
      process.stdout.write(
        `reloaded after a change to ${what}: ${contract.operations.length} operation(s)${seedChanged ? ', data reseeded' : ', data kept'}\n`,
      );
      return documentFiles(documentFile);
    } catch (error) {
      process.stderr.write(`reload failed, the previous contract stays: ${(error as Error).message.split('\n')[0]}\n`);
      return [];
    }
  });
}

main().catch((error: unknown) => {
  const known = error instanceof UsageError || error instanceof ContractError || error instanceof SeedError;
  const code = (error as NodeJS.ErrnoException).code;
  const message =
    code === 'EADDRINUSE'
      ? `the port is already in use: pass --port N (or PORT=N), or stop the other server`
      : code === 'EACCES' || code === 'EADDRNOTAVAIL'
        ? `cannot listen there (${code}): pass another --host or --port`
        : known
          ? (error as Error).message
          : `unexpected error: ${(error as Error).message ?? String(error)}`;
  process.stderr.write(
    `pet-catalog-mock: ${message}\n${error instanceof UsageError ? 'Run with --help for the flags.\n' : ''}`,
  );
  process.exit(2);
});

/** How a client sends the key, as the document's first secured operation asks: a bearer token, an
 * API key header, query parameter or cookie. */
function howToSendKey(operations: Contract['operations']): (key: string) => string {
  const scheme = operations.flatMap((operation) => operation.security.flat())[0];
  if (scheme?.type === 'apiKey' && scheme.parameterName) {
    const name = scheme.parameterName;
    if (scheme.in === 'query') return (key) => `?${name}=${key}`;
    if (scheme.in === 'cookie') return (key) => `Cookie: ${name}=${key}`;
    return (key) => `${name}: ${key}`;
  }
  if (scheme?.type === 'http' && scheme.scheme === 'basic')
    return (key) => `Authorization: Basic <user:${key} in base64>`;
  return (key) => `Authorization: Bearer ${key}`;
}
