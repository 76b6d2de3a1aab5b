#!/usr/bin/env node
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
// `npm run soak`: drives the mock (its real CLI, as `npm start` runs it) with 50 connections of
// mixed traffic (reads, valid creations, invalid bodies, missing keys) for 60 s, then checks that
// nothing was lost: every created id is in the final list exactly once, with what was sent.
// Exits 1 on any transport error, any 5xx or any lost or altered category.
import autocannon from 'autocannon';
import { DEFAULT_API_KEY } from '../mock/core/defaults.js';
import { startCommand } from './start-command.js';

const { values: flags } = parseArgs({
  options: {
    duration: { type: 'string', default: '60' },
    connections: { type: 'string', default: '50' },
    'max-categories': { type: 'string', default: '100000' },
  },
});
const KEY = DEFAULT_API_KEY;
const root = fileURLToPath(new URL('../..', import.meta.url));

function rssMiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? 0) / 1024;
}

async function main(): Promise<number> {
  const child = spawn(
    process.execPath,
    [...startCommand(root), '--port', '0', '--quiet', '--max-categories', flags['max-categories']!],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const baseUrl = await new Promise<string>((resolve) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk;
      const url = /listening on (\S+)/.exec(output)?.[1];
      if (url) resolve(url);
    });
  });
  const created = new Map<number, string>();
  let sequence = 0;
  const statuses = new Map<number, number>();
  const memory: number[] = [];
  const sampler = setInterval(() => memory.push(rssMiB(child.pid!)), 1000);
  const auth = { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' };

  const result = await autocannon({
    url: `${baseUrl}/categories`,
    connections: Number(flags.connections),
    duration: Number(flags.duration),
    requests: [
      { method: 'GET', headers: { authorization: `Bearer ${KEY}` } },
      {
        method: 'POST',
        headers: auth,
        setupRequest: (request) => ({
          ...request,
          body: JSON.stringify({ name: `soak-${sequence++}`, description: 'é😀"\\\u0000' }),
        }),
        onResponse: (status, body) => {
          if (status !== 201) return;
          const category = JSON.parse(body) as { id: number; name: string };
          if (created.has(category.id)) created.set(category.id, 'DUPLICATE');
          else created.set(category.id, category.name);
        },
      },
      { method: 'POST', headers: auth, body: '{"name": 42}' },
      { method: 'POST', headers: auth, body: '{"name": "unterminated' },
      { method: 'GET' },
    ],
  });
  clearInterval(sampler);
  for (const [code, count] of Object.entries(result.statusCodeStats ?? {}))
    statuses.set(Number(code), (count as { count: number }).count);

  const list = (await (
    await fetch(`${baseUrl}/categories`, { headers: { authorization: `Bearer ${KEY}` } })
  ).json()) as Array<{ id: number; name: string; description?: string }>;
  child.kill('SIGTERM');
  const listed = new Map<number, number>();
  for (const item of list) listed.set(item.id, (listed.get(item.id) ?? 0) + 1);
  const missing = [...created.keys()].filter((id) => listed.get(id) !== 1);
  const altered = list.filter(
    (item) => created.has(item.id) && (created.get(item.id) !== item.name || item.description !== 'é😀"\\\u0000'),
  );
  const duplicates = [...created.values()].filter((name) => name === 'DUPLICATE').length;
  const serverErrors = [...statuses].filter(([code]) => code >= 500).reduce((sum, [, count]) => sum + count, 0);
  const transport = result.errors + result.timeouts;

  const lines = [
    `Soak: ${flags.duration} s, ${flags.connections} connections, ${new Date().toISOString().slice(0, 10)}, Node ${process.version}`,
    `  requests: ${result.requests.total} (${Math.round(result.requests.average)}/s), statuses: ${[...statuses].map(([code, count]) => `${code}×${count}`).join(', ')}`,
    `  transport errors: ${transport}, 5xx: ${serverErrors}`,
    `  created: ${created.size}; in the final list exactly once: ${created.size - missing.length}; missing or repeated: ${missing.length}; altered: ${altered.length}; ids given twice: ${duplicates}`,
    `  final list: ${list.length} categories (store cap ${flags['max-categories']}; creations past it get 400 store_full)`,
    `  RSS MiB: start ${memory[0]?.toFixed(0)}, max ${Math.max(...memory).toFixed(0)}, end ${memory.at(-1)?.toFixed(0)}`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  const ok = transport === 0 && serverErrors === 0 && missing.length === 0 && altered.length === 0 && duplicates === 0;
  process.stdout.write(ok ? 'SOAK PASSED\n' : 'SOAK FAILED\n');
  return ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`soak: ${(error as Error).message}\n`);
    process.exit(1);
  },
);
