import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const CLI = fileURLToPath(new URL('../dist/mock/cli.js', import.meta.url));
const running: ChildProcessWithoutNullStreams[] = [];

afterEach(() => {
  for (const child of running.splice(0)) child.kill('SIGKILL');
});

interface Started {
  child: ChildProcessWithoutNullStreams;
  baseUrl: string;
  output: () => string;
  /** Resolves once the output matches: an event, not a guess at how long logging takes. */
  waitFor: (pattern: RegExp) => Promise<string>;
}

/** Starts the mock as `npm start` does, on a free port, and waits for its banner. */
function start(args: string[] = [], env: Record<string, string> = {}): Promise<Started> {
  const child = spawn(process.execPath, [CLI, '--port', '0', ...args], { env: { ...process.env, ...env } });
  running.push(child);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk));
  const waitFor = (pattern: RegExp) =>
    new Promise<string>((resolve) => {
      const look = () => {
        if (!pattern.test(output)) return;
        child.stdout.off('data', look);
        resolve(output);
      };
      child.stdout.on('data', look);
      look();
    });
  return new Promise((resolve, reject) => {
    child.stdout.on('data', () => {
      const url = /listening on (http:\/\/\S+)/.exec(output)?.[1];
      if (url && output.includes('document:')) resolve({ child, baseUrl: url, output: () => output, waitFor });
    });
    child.on('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)));
  });
}

function runToExit(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [CLI, ...args], { env: { ...process.env, ...env } });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

describe('npm start', () => {
  it('prints the key as the document has it sent: here in an API key header, which the mock reads', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mock-key-'));
    const file = join(dir, 'openapi.yaml');
    writeFileSync(
      file,
      [
        'openapi: 3.0.3',
        'info: { title: keyed, version: "1" }',
        'servers: [{ url: /v1 }]',
        'security: [{ key: [] }]',
        'components: { securitySchemes: { key: { type: apiKey, in: header, name: X-Api-Key } } }',
        'paths:',
        '  /things:',
        '    get: { responses: { "200": { description: all, content: { application/json: { schema: { type: array, items: { type: object, properties: { id: { type: string } } } } } } } } }',
      ].join('\n'),
    );
    const { baseUrl, output } = await start(['--spec', file]);
    expect(output()).toContain('key:        X-Api-Key: dev-key');
    expect((await fetch(`${baseUrl}/things`, { headers: { 'X-Api-Key': 'dev-key' } })).status).toBe(200);
  });

  it('prints the URL, the key, the mocked operations and the seeded count, then answers', async () => {
    const { baseUrl, output } = await start();
    expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    expect(output()).toContain('Bearer dev-key');
    expect(output()).toMatch(/GET +\/v1\/categories +list/);
    expect(output()).toMatch(/POST +\/v1\/categories +create/);
    expect(output()).toMatch(/\/v1\/pets\/\{petId\} +501/);
    expect(output()).toContain('8 item(s) in /categories');
    const res = await fetch(`${baseUrl}/categories`, { headers: { Authorization: 'Bearer dev-key' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toHaveLength(8);
  });

  it('never prints a key the user gave, in the banner or the request log', async () => {
    const { baseUrl, output, waitFor } = await start([], { MOCK_API_KEYS: 'sekrit-one,sekrit-two' });
    expect((await fetch(`${baseUrl}/categories`, { headers: { Authorization: 'Bearer sekrit-two' } })).status).toBe(
      200,
    );
    expect(
      (await fetch(`${baseUrl}/categories?key=sekrit-one`, { headers: { Authorization: 'Bearer sekrit-one' } })).status,
    ).toBe(200);
    await waitFor(/(GET \/v1\/categories 200.*\n.*){2}/s);
    expect(output()).toMatch(/GET \/v1\/categories 200/);
    expect(output()).not.toContain('sekrit');
  });

  it('logs JSON lines with --log json', async () => {
    const { baseUrl, output, waitFor } = await start(['--log', 'json']);
    await fetch(`${baseUrl}/categories`);
    await waitFor(/^\{.*\}$/m);
    const line = output()
      .split('\n')
      .find((l) => l.startsWith('{'));
    expect(JSON.parse(line!)).toMatchObject({ method: 'GET', path: '/v1/categories', status: 401 });
  });

  it('starts empty, or from a seed file', async () => {
    const empty = await start(['--empty', '--quiet']);
    expect(
      await (await fetch(`${empty.baseUrl}/categories`, { headers: { Authorization: 'Bearer dev-key' } })).json(),
    ).toEqual([]);
    const file = join(mkdtempSync(join(tmpdir(), 'seed-')), 'categories.json');
    writeFileSync(file, JSON.stringify([{ id: 40, name: 'Axolotl' }]));
    const seeded = await start(['--seed-file', file, '--quiet']);
    const body = await (
      await fetch(`${seeded.baseUrl}/categories`, { headers: { Authorization: 'Bearer dev-key' } })
    ).json();
    expect(body).toEqual([{ id: 40, name: 'Axolotl' }]);
  });

  it("draws a document's collections on first use, named in the banner, and serves them as if seeded", async () => {
    const spec = fileURLToPath(new URL('../fixtures/documents/envelopes-openapi.yaml', import.meta.url));
    const { baseUrl, output } = await start(['--spec', spec]);
    expect(output()).toMatch(/seeded: +on first use, from the document's examples \(else generated\): \/\w+/);
    const listed = (await (
      await fetch(`${baseUrl}/customers`, { headers: { Authorization: 'Bearer dev-key' } })
    ).json()) as { data: Array<{ id: string }> };
    expect(listed.data.length).toBeGreaterThan(0);
    const read = await fetch(`${baseUrl}/customers/${listed.data[0]!.id}`, {
      headers: { Authorization: 'Bearer dev-key' },
    });
    expect(read.status).toBe(200);
  });

  it('shuts down cleanly on SIGTERM', async () => {
    const { child } = await start(['--quiet']);
    const exited = new Promise((resolve) => child.on('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});

describe('start-up errors are one line and exit 2', () => {
  it('for an unknown flag', async () => {
    const { code, output } = await runToExit(['--nope']);
    expect(code).toBe(2);
    expect(output).toMatch(/^pet-catalog-mock: .*--nope/);
  });

  it('for a broken document', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'spec-')), 'openapi.yaml');
    writeFileSync(file, 'openapi: 3.0.3\ninfo: [');
    const { code, output } = await runToExit(['--spec', file]);
    expect(code).toBe(2);
    expect(output.trim().split('\n')).toHaveLength(1);
    expect(output).toContain(file);
  });

  it('for an invalid seed file', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'seed-')), 'categories.json');
    writeFileSync(file, JSON.stringify([{ id: 'one', name: 'x' }]));
    const { code, output } = await runToExit(['--seed-file', file]);
    expect(code).toBe(2);
    expect(output).toMatch(/seed data for \/categories does not match the document/);
  });

  it('for a port in use', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    const { code, output } = await runToExit(['--port', String(port)]);
    blocker.close();
    expect(code).toBe(2);
    expect(output).toMatch(/already in use/);
  });

  it('lists every flag and environment variable in --help', async () => {
    const { code, output } = await runToExit(['--help']);
    expect(code).toBe(0);
    for (const word of [
      '--port',
      '--host',
      '--api-key',
      '--spec',
      '--seed-file',
      '--empty',
      '--body-limit',
      '--max-categories',
      '--cors-origin',
      '--no-cors',
      '--latency',
      '--unspecified-status',
      '--log',
      '--quiet',
      'PORT',
      'HOST',
      'MOCK_API_KEYS',
      'MOCK_SPEC',
      'Exit codes',
    ]) {
      expect(output).toContain(word);
    }
  });
});

describe('npm start -- --watch', () => {
  it('serves an operation added to the document without a restart, keeps the data, and survives a broken edit', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'watch-'));
    const document = join(folder, 'openapi.yaml');
    const original = readFileSync(fileURLToPath(new URL('../spec/openapi.yaml', import.meta.url)), 'utf8');
    writeFileSync(document, original);
    const { baseUrl, output, child } = await start(['--spec', document, '--watch']);
    expect(output()).toMatch(/watching: {3}.*openapi\.yaml/);
    let all = output();
    child.stderr.on('data', (chunk: Buffer) => (all += chunk));
    child.stdout.on('data', (chunk: Buffer) => (all += chunk));
    const until = (pattern: RegExp) =>
      new Promise<void>((resolve) => {
        const look = () => pattern.test(all) && resolve();
        child.stdout.on('data', look);
        child.stderr.on('data', look);
        look();
      });
    const auth = { authorization: 'Bearer dev-key', 'content-type': 'application/json' };
    const created = await fetch(`${baseUrl}/categories`, { method: 'POST', headers: auth, body: '{"name":"Kept"}' });
    const id = ((await created.json()) as { id: number }).id;
    expect((await fetch(`${baseUrl}/categories/${id}`, { headers: auth })).status).toBe(404);

    const read = `  /categories/{categoryId}:
    get:
      operationId: readCategory
      security: [{ bearerAuth: [] }]
      parameters:
        - { name: categoryId, in: path, required: true, schema: { type: integer, format: int64 } }
      responses:
        '200':
          description: The category.
          content: { application/json: { schema: { $ref: '#/components/schemas/Category' } } }
        '404':
          description: No such category.
          content: { application/json: { schema: { $ref: '#/components/schemas/Error' } } }
`;
    writeFileSync(document, original.replace('  /pets/{petId}:\n', `${read}  /pets/{petId}:\n`));
    await until(/reloaded after a change to .*openapi\.yaml: \d+ operation\(s\), data kept/);
    const answer = await fetch(`${baseUrl}/categories/${id}`, { headers: auth });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ id, name: 'Kept' });

    writeFileSync(document, `${original}\n  broken: [unclosed\n`);
    await until(/reload failed, the previous contract stays: /);
    expect((await fetch(`${baseUrl}/categories/${id}`, { headers: auth })).status).toBe(200);
  });
});
