#!/usr/bin/env node
// A hand-written reference server of a fixture document on a port, for the benchmark's idiom
// scenarios (the mock serving the same document is measured against it).
// Usage: fixture-server.js --document envelopes|scheduling [--key K]
import { parseArgs } from 'node:util';
import { startEnvelopesServer } from '../fixtures/envelopes-server.js';
import { startSchedulingServer } from '../fixtures/scheduling-server.js';
import { DEFAULT_API_KEY } from '../mock/core/defaults.js';

const STARTERS = {
  envelopes: startEnvelopesServer,
  scheduling: startSchedulingServer,
} as const;

const { values } = parseArgs({ options: { document: { type: 'string' }, key: { type: 'string' } } });
const start = STARTERS[values.document as keyof typeof STARTERS];
if (!start) {
  process.stderr.write(`fixture-server: --document is one of ${Object.keys(STARTERS).join(', ')}\n`);
  process.exit(2);
}
const server = await start({ key: values.key ?? DEFAULT_API_KEY });
process.stdout.write(`${values.document} reference listening on ${server.baseUrl}\n`);
process.once('SIGTERM', () => server.close().then(() => process.exit(0)));
