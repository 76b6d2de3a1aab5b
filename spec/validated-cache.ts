// swagger-parser's reading and validation cost ~100 ms for a small document and seconds for a large
// multi-file one: most of a start-up. Its result is stored under node_modules/.cache, keyed by a hash
// of the document's text and the tool versions, with a hash of every other file it read; an
// unchanged document (and unchanged referenced files) is read, validated and bundled once.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { packageRoot } from './package-root.js';
import type { ReadDocument } from './read-document.js';

const require = createRequire(import.meta.url);
const FORMAT = 'v3';

interface Entry {
  readonly read: ReadDocument;
  /** Hashes of the files other than the document itself, by path. */
  readonly hashes: Record<string, string>;
}

function cacheDirectory(): string | undefined {
  const root = packageRoot();
  return root === undefined ? undefined : join(root, 'node_modules', '.cache', 'pet-catalog-contract');
}

const hash = (text: string | Buffer): string => createHash('sha256').update(text).digest('hex');

function keyOf(path: string, source: string): string {
  const versions = ['@apidevtools/swagger-parser/package.json'].map((name) => {
    try {
      return (require(name) as { version: string }).version;
    } catch {
      return 'unknown';
    }
  });
  return hash(`${versions.join(',')}\u0000${FORMAT}\u0000${path}\u0000${source}`);
}

function fileHash(path: string): string | undefined {
  try {
    return hash(readFileSync(path));
  } catch {
    return undefined;
  }
}

/** A file of the kit's cache folder; undefined when the package root (and so the folder) is unknown. */
export function cacheFile(name: string): string | undefined {
  const dir = cacheDirectory();
  return dir === undefined ? undefined : join(dir, name);
}

/** Writes a cache file whole or not at all (a concurrent start reads either the old or the new). */
export function writeCacheFile(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, file);
}

export function readCached(path: string, source: string): ReadDocument | undefined {
  const file = cacheFile(`${keyOf(path, source)}.json`);
  if (!file) return undefined;
  try {
    const entry = JSON.parse(readFileSync(file, 'utf8')) as Entry;
    const unchanged = Object.entries(entry.hashes).every(([file, known]) => fileHash(file) === known);
    return unchanged ? entry.read : undefined;
  } catch {
    return undefined;
  }
}

export function writeCached(path: string, source: string, read: ReadDocument): void {
  const file = cacheFile(`${keyOf(path, source)}.json`);
  if (!file) return;
  try {
    const hashes: Record<string, string> = {};
    for (const other of read.files.slice(1)) hashes[other] = fileHash(other) ?? '';
    writeCacheFile(file, JSON.stringify({ read, hashes } satisfies Entry));
  } catch {
    // A read-only install or a recursive document: reading simply runs at every start.
  }
}
