// The kit as a consumer gets it: `npm pack`, the tarball installed into a new project (with MSW and
// Node's types, from npm's cache where it has them), each entry point imported from plain ESM and
// type-checked from TypeScript, and both bins run from there.
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageFile } from '../spec/index.js';

const run = promisify(execFile);
const ROOT = packageFile();
const project = mkdtempSync(join(tmpdir(), 'kit-consumer-'));
const npm = (args: string[], cwd: string) =>
  run('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], { cwd, maxBuffer: 64 * 1024 * 1024 });

const ESM_CHECK = `
import { createMockApp, loadContract, startMockServer } from 'pet-catalog-contract-kit/mock';
import { contractHandlers } from 'pet-catalog-contract-kit/msw';
import { runConformance, CHECK_NAMES } from 'pet-catalog-contract-kit/conformance';
import { contractFromDocument } from 'pet-catalog-contract-kit/spec';
import * as core from 'pet-catalog-contract-kit/spec/core';
import { setupServer } from 'msw/node';

const handlers = await contractHandlers({ apiKeys: ['k'] });
const server = setupServer(...handlers);
server.listen({ onUnhandledRequest: 'error' });
const listed = await fetch('https://production.invalid/v1/categories', { headers: { Authorization: 'Bearer k' } });
const denied = await fetch('https://production.invalid/v1/categories');
server.close();
const contract = await loadContract();
console.log(JSON.stringify({
  list: listed.status, items: (await listed.json()).length, denied: denied.status,
  requests: handlers.requests().length,
  operations: contract.operations.length,
  fromObject: contractFromDocument(contract.document).operations.length,
  kinds: [typeof createMockApp, typeof startMockServer, typeof runConformance, typeof core.contractFromDocument],
  checks: CHECK_NAMES.length > 0,
}));
`;

const TS_CHECK = `
import { contractHandlers, type ContractHandlers } from 'pet-catalog-contract-kit/msw';
import { startMockServer, type RunningMock } from 'pet-catalog-contract-kit/mock';
import { runConformance, type RunResult } from 'pet-catalog-contract-kit/conformance';
import { loadContract, type Contract } from 'pet-catalog-contract-kit/spec';

const handlers: ContractHandlers = await contractHandlers({ apiKeys: ['k'], session: 'a' });
const contract: Contract = await loadContract();
const mock: RunningMock = await startMockServer({ contract, port: 0 });
const result: RunResult = await runConformance({ contract, target: { baseUrl: mock.baseUrl }, apiKey: 'dev-key' });
const count: number = handlers.requests().length + result.operations.length;
// @ts-expect-error: the handlers' journal is a function, not a number
const wrong: number = handlers.requests;
export { count, wrong };
`;

function startBin(bin: string, args: string[]): Promise<{ url: string; stop: () => void }> {
  const child = spawn(join(project, 'node_modules', '.bin', bin), args, { cwd: project });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const url = /listening on (\S+)/.exec(output)?.[1];
      if (url) resolve({ url, stop: () => child.kill() });
    });
    child.on('exit', (code) => reject(new Error(`${bin} exited (${code}): ${output}`)));
  });
}

describe('the packed kit in a new project', () => {
  beforeAll(async () => {
    const packed = await npm(['pack', '--ignore-scripts', '--pack-destination', project, '--json'], ROOT);
    const [{ filename, files }] = JSON.parse(packed.stdout) as [{ filename: string; files: Array<{ path: string }> }];
    const paths = files.map((file) => file.path);
    expect(paths).toContain('dist/mock/msw.js');
    expect(paths).toContain('spec/openapi.yaml');
    expect(paths.filter((path) => /\.test\.|test-support|^dist\/(scripts|fixtures)\//.test(path))).toEqual([]);
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
    const msw = JSON.parse(readFileSync(packageFile('node_modules', 'msw', 'package.json'), 'utf8')).version as string;
    await npm(['install', '--prefer-offline', join(project, filename), `msw@${msw}`, '@types/node@20'], project);
  }, 240_000);

  afterAll(() => rmSync(project, { recursive: true, force: true }));

  it('imports every entry point from plain ESM, and the MSW handlers answer with no server', async () => {
    writeFileSync(join(project, 'check.mjs'), ESM_CHECK);
    const { stdout } = await run('node', ['check.mjs'], { cwd: project });
    const seen = JSON.parse(stdout) as Record<string, unknown>;
    expect(seen).toMatchObject({ list: 200, denied: 401, requests: 2, checks: true });
    expect(seen.items).toBeGreaterThan(0);
    expect(seen.fromObject).toBe(seen.operations);
    expect(seen.kinds).toEqual(['function', 'function', 'function', 'function']);
  }, 60_000);

  it('type-checks a TypeScript consumer against the typed entry points', async () => {
    writeFileSync(join(project, 'check.ts'), TS_CHECK);
    const tsconfig = {
      compilerOptions: {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        lib: ['ES2023', 'DOM'],
        types: ['node'],
        strict: true,
        noEmit: true,
        skipLibCheck: true,
      },
      files: ['check.ts'],
    };
    writeFileSync(join(project, 'tsconfig.json'), JSON.stringify(tsconfig));
    const tsc = packageFile('node_modules', 'typescript', 'bin', 'tsc');
    const result = await run('node', [tsc, '-p', 'tsconfig.json'], { cwd: project }).catch((error) => error);
    expect(`${result.stdout ?? ''}${result.stderr ?? ''}`).toBe('');
  }, 60_000);

  it('runs both bins: the mock answers, and the runner passes it', async () => {
    const mock = await startBin('pet-catalog-mock', ['--port', '0']);
    try {
      const answer = await fetch(`${mock.url}/categories`, { headers: { Authorization: 'Bearer dev-key' } });
      expect(answer.status).toBe(200);
      const runner = await run(
        join(project, 'node_modules', '.bin', 'pet-catalog-conformance'),
        ['--base-url', mock.url],
        {
          cwd: project,
          env: { ...process.env, CONFORMANCE_API_KEY: 'dev-key', CI: 'true' },
        },
      );
      expect(runner.stdout).toMatch(/CONFORMANT/);
    } finally {
      mock.stop();
    }
  }, 60_000);
});
