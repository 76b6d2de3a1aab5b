// Seed data from a file (--seed-file): read once at start-up, in Node.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { type SeedData, SeedError } from '../behaviours/seed.js';

export function readSeedFile(file: string): { data: SeedData; name: string } {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new SeedError(`${file}: cannot read the seed file (${(error as NodeJS.ErrnoException).code ?? error})`);
  }
  try {
    return { data: JSON.parse(text) as SeedData, name: basename(file, '.json') };
  } catch (error) {
    throw new SeedError(`${file}: the seed file is not valid JSON: ${(error as Error).message}`);
  }
}
