#!/usr/bin/env node
// The benchmark's ceiling reference: fixtures/reference-server.ts (bare node:http, naive list
// serialisation) on a port, seeded with N categories. Usage: bare-server.js [--port N] [--categories N]
import { parseArgs } from 'node:util';
import { startReferenceServer } from '../fixtures/reference-server.js';
import { DEFAULT_API_KEY } from '../mock/core/defaults.js';
import { generatedCategories } from './seed-data.js';

const { values } = parseArgs({
  options: { port: { type: 'string' }, categories: { type: 'string' }, key: { type: 'string' } },
});
const count = Number(values.categories ?? 20);
const server = await startReferenceServer(
  { key: values.key ?? DEFAULT_API_KEY, seed: generatedCategories(count) },
  Number(values.port ?? 0),
);
process.stdout.write(`bare reference listening on ${server.baseUrl}\n`);
process.once('SIGTERM', () => server.close().then(() => process.exit(0)));
process.once('SIGINT', () => server.close().then(() => process.exit(0)));
