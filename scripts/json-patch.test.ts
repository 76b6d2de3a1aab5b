// PATCH as JSON Patch (RFC 6902): the runner replaces and removes members by pointer and sends a
// patch whose test fails, which must change nothing; generated patches that do not apply to the
// item (a documented 409) are notes, not failures.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadContract } from '../spec/index.js';
import { type Rewrites, runBehindFront } from './front.js';

const KEY = 'json-Patch-Key-62';
const DOCUMENT = fileURLToPath(new URL('../fixtures/documents/json-patch-openapi.yaml', import.meta.url));

async function runBehind(
  rewrites: Rewrites,
  seed: number,
  patches: string[] = [],
  refusingUnknownPaths = false,
  document = DOCUMENT,
) {
  return runBehindFront({
    contract: await loadContract(document),
    key: KEY,
    rewrites,
    seed,
    onExchange: ({ request }) => {
      if (request.method === 'PATCH') patches.push(String(request.body));
      if (request.method !== 'GET') patches.push(`${request.method} ${request.headers?.['content-type']}`);
    },
    ...(refusingUnknownPaths ? { through: refusingPathsTheItemCannotHave } : {}),
  });
}

const TASK_POINTER = /^\/(title|notes|tags)(\/(\d+|-))?$/;

/** A service that checks a patch against the item's schema before it looks the item up: a path no
 * task can have is a 409 whatever the id (correct, and what a generated patch often meets). */
async function refusingPathsTheItemCannotHave(upstream: string) {
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    let operations: unknown;
    try {
      operations = req.method === 'PATCH' ? JSON.parse(body) : undefined;
    } catch {}
    const authorised = req.headers.authorization === `Bearer ${KEY}`;
    const unknownPath =
      Array.isArray(operations) &&
      operations.some((operation) => typeof operation?.path === 'string' && !TASK_POINTER.test(operation.path));
    if (authorised && unknownPath) {
      res.writeHead(409, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ code: 'conflict', message: 'No task has that path.', status: 409 }));
      return;
    }
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(([name]) => !['host', 'content-length', 'connection'].includes(name)),
    ) as Record<string, string>;
    const answer = await fetch(`${upstream.replace(/\/v1$/, '')}${req.url}`, {
      method: req.method,
      headers,
      ...(req.method === 'GET' || req.method === 'HEAD' ? {} : { body }),
    });
    const answerHeaders = Object.fromEntries(answer.headers);
    delete answerHeaders['content-length'];
    res.writeHead(answer.status, answerHeaders);
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { baseUrl: `http://127.0.0.1:${port}/v1`, close: () => server.close() };
}

type PatchOperation = { op?: unknown };

/** A front that drops the operations `dropped` names from every patch before the service reads it. */
const dropping = (dropped: string): Rewrites => ({
  request: (body, method) =>
    (method === 'PATCH' && Array.isArray(body)
      ? (body as PatchOperation[]).filter((operation) => operation.op !== dropped)
      : body) as Record<string, unknown>,
});

describe('PATCH as JSON Patch', () => {
  it.each([1, 2])('the mock passes (seed %i), with the replace, remove and failing-test steps sent', async (seed) => {
    const patches: string[] = [];
    const result = await runBehind({}, seed, patches);
    expect(result.violations).toEqual([]);
    expect(patches.some((body) => /^\[\{"op":"replace","path":"\/(title|notes)"/.test(body))).toBe(true);
    expect(patches.some((body) => /^\[\{"op":"remove","path":"\/(notes|tags)"\}\]$/.test(body))).toBe(true);
    expect(patches.some((body) => body.startsWith('[{"op":"test"'))).toBe(true);
    const patch = result.operations.find((operation) => operation.id === 'patchTask');
    expect(patch?.checks.item_changes_stored?.applied).toBeGreaterThan(0);
  });

  it('passes a service that refuses a patch naming a path no item has with a 409, and notes it', async () => {
    for (const seed of [1, 2]) {
      const result = await runBehind({}, seed, [], true);
      expect(result.violations, `seed ${seed} ${JSON.stringify(result.violations)}`).toEqual([]);
      expect(result.notes.map((note) => note.code)).toContain('patch_not_applicable');
    }
  });

  it.each([
    ['a failed test ignored (the rest applied)', 'test', 'failed_patch_applied'],
    ['remove ignored', 'remove', 'change_not_stored'],
  ])('catches %s (seeds 1 and 2)', async (_, dropped, code) => {
    for (const seed of [1, 2]) {
      const result = await runBehind(dropping(dropped), seed);
      const found = result.violations.filter((violation) => violation.check === 'item_changes_stored');
      expect(
        found.map((violation) => violation.code),
        `seed ${seed} ${JSON.stringify(result.violations)}`,
      ).toContain(code);
    }
  });

  it('sends the resource as plain JSON where generators list JSON Patch first for an object schema', async () => {
    // Swashbuckle lists application/json-patch+json first for every body; Kubernetes gives its
    // patch media types an object schema. Neither body is a list of operations.
    const document = parse(readFileSync(DOCUMENT, 'utf8'));
    const newTask = document.paths['/tasks'].post.requestBody.content['application/json'];
    document.paths['/tasks'].post.requestBody.content = {
      'application/json-patch+json': newTask,
      'application/json': newTask,
    };
    document.paths['/tasks/{taskId}'].patch.requestBody.content = {
      'application/json-patch+json': { schema: { type: 'object', properties: { title: { type: 'string' } } } },
    };
    const file = join(mkdtempSync(join(tmpdir(), 'json-patch-')), 'openapi.json');
    writeFileSync(file, JSON.stringify(document));
    const sent: string[] = [];
    const result = await runBehind({}, 1, sent, false, file);
    expect(result.violations).toEqual([]);
    expect(sent).toContain('POST application/json');
    expect(sent).not.toContain('POST application/json-patch+json');
    expect(sent.some((body) => /^\{"title":/.test(body))).toBe(true);
    const patch = result.operations.find((operation) => operation.id === 'patchTask');
    expect(patch?.checks.item_changes_stored?.applied).toBeGreaterThan(0);
  });
});
