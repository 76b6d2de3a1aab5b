// The scale benchmark of a multi-file description: a generated 700-operation document with every
// operation, path parameter and schema in a file of its own (as Redocly and swagger-cli split
// them), started cold and warm, with Prism side by side when BENCH_PRISM names its binary (install
// it in a temporary folder: npm i @stoplight/prism-cli; it is no dependency of the kit).
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

const COLLECTIONS = 175;

const yaml = (value: unknown) => JSON.stringify(value, null, 1);

/** Writes the document under folder; returns its entry file and operation count. */
export function writeMultiFileDocument(folder: string): { file: string; operations: number } {
  rmSync(folder, { recursive: true, force: true });
  for (const sub of ['operations', 'schemas', 'parameters', 'responses'])
    mkdirSync(join(folder, sub), { recursive: true });
  const write = (path: string, value: unknown) => writeFileSync(join(folder, path), yaml(value));
  write('schemas/Error.yaml', {
    type: 'object',
    required: ['code', 'message'],
    properties: { code: { type: 'string' }, message: { type: 'string' } },
  });
  write('responses/Error.yaml', {
    description: 'error',
    content: { 'application/json': { schema: { $ref: '../schemas/Error.yaml' } } },
  });
  write('parameters/id.yaml', { name: 'id', in: 'path', required: true, schema: { type: 'integer', format: 'int64' } });
  const paths: Record<string, unknown> = {};
  for (let i = 0; i < COLLECTIONS; i++) {
    write(`schemas/Thing${i}.yaml`, {
      type: 'object',
      required: ['id', 'name'],
      properties: {
        id: { type: 'integer', format: 'int64', readOnly: true },
        name: { type: 'string', maxLength: 80 },
        kind: { type: 'string', enum: ['a', 'b', 'c'] },
        next: { $ref: `./Thing${(i + 1) % COLLECTIONS}.yaml` },
        created: { type: 'string', format: 'date-time', readOnly: true },
      },
    });
    const thing = { $ref: `../schemas/Thing${i}.yaml` };
    const json = (schema: unknown) => ({ 'application/json': { schema } });
    const error = { $ref: '../responses/Error.yaml' };
    write(`operations/list${i}.yaml`, {
      operationId: `list${i}`,
      parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100 } }],
      responses: { 200: { description: 'ok', content: json({ type: 'array', items: thing }) }, 400: error },
    });
    write(`operations/create${i}.yaml`, {
      operationId: `create${i}`,
      requestBody: { required: true, content: json(thing) },
      responses: { 201: { description: 'ok', content: json(thing) }, 400: error },
    });
    write(`operations/get${i}.yaml`, {
      operationId: `get${i}`,
      responses: { 200: { description: 'ok', content: json(thing) }, 404: error },
    });
    write(`operations/delete${i}.yaml`, {
      operationId: `delete${i}`,
      responses: { 204: { description: 'gone' }, 404: error },
    });
    paths[`/things${i}`] = { get: { $ref: `operations/list${i}.yaml` }, post: { $ref: `operations/create${i}.yaml` } };
    paths[`/things${i}/{id}`] = {
      parameters: [{ $ref: 'parameters/id.yaml' }],
      get: { $ref: `operations/get${i}.yaml` },
      delete: { $ref: `operations/delete${i}.yaml` },
    };
  }
  const file = join(folder, 'openapi.yaml');
  write('openapi.yaml', {
    openapi: '3.0.3',
    info: { title: 'Multi-file', version: '1' },
    servers: [{ url: 'http://localhost/api' }],
    paths,
  });
  return { file, operations: COLLECTIONS * 4 };
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Spawn to first HTTP answer (any status) at url, and the resident memory then. */
export async function firstAnswer(
  command: string[],
  url: (port: number) => string,
): Promise<{ ms: number; rssMiB: number }> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(
    command[0]!,
    command.slice(1).map((arg) => arg.replace('{port}', String(port))),
    {
      stdio: 'ignore',
    },
  );
  try {
    for (;;) {
      if (performance.now() - started > 120_000) throw new Error(`${command[0]} gave no answer in 120 s`);
      try {
        const res = await fetch(url(port), { headers: { authorization: 'Bearer bench' } });
        await res.arrayBuffer();
        break;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    }
    const ms = performance.now() - started;
    const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
    const rss = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
    return { ms, rssMiB: rss };
  } finally {
    child.kill('SIGKILL');
  }
}
