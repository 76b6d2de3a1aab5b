// swagger-parser's reading and validation cost ~100 ms for a small document and seconds for a large
// multi-file one: most of a start-up. Its result is stored under node_modules/.cache, keyed by a hash
// of the document's text and the tool versions, with a hash of every other file it read; an
// unchanged document (and unchanged referenced files) is read, validated and bundled once.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ReadDocument } from './document-object.js';
import { packageRoot } from './package-root.js';

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

// The kit's own code that shapes what is cached (reading, converting, compiling): a build that
// changes it must not reuse what an older one saved.
const SHAPING_MODULES = ['document/read-document', 'document/swagger2', 'schema/json-schema', 'schema/validators'];
let kitCode: string | undefined;

/** A hash of the kit's modules that shape the cache's contents, as this build has them. Bundled
 * (dist/cli-chunks), those modules are no files of their own: the chunks' names, which esbuild
 * derives from their contents, stand for them. */
export function kitCodeHash(): string {
  kitCode ??= hash(
    SHAPING_MODULES.map((name) => {
      for (const extension of ['js', 'ts']) {
        try {
          return readFileSync(new URL(`../${name}.${extension}`, import.meta.url));
        } catch {}
      }
      return bundledChunks() ?? name;
    }).join('\u0000'),
  );
  return kitCode;
}

/** The names of the files beside this module, where it is a bundle's chunk; else undefined. */
const bundledChunks = (): string | undefined => chunkNamesIn(dirname(fileURLToPath(import.meta.url)));

/** The names of a bundle's chunk folder's files, sorted; undefined for any other folder. */
export function chunkNamesIn(dir: string): string | undefined {
  if (!/cli-chunks$/.test(dir)) return undefined;
  try {
    return readdirSync(dir).sort().join('\u0000');
  } catch {
    return undefined;
  }
}

function keyOf(path: string, source: string): string {
  const versions = ['@apidevtools/swagger-parser/package.json'].map((name) => {
    try {
      return (require(name) as { version: string }).version;
    } catch {
      return 'unknown';
    }
  });
  return hash(`${versions.join(',')}\u0000${FORMAT}\u0000${kitCodeHash()}\u0000${path}\u0000${source}`);
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

/** Past this many files the least recently used go: every document ever started leaves two. */
const MOST_CACHED_FILES = 400;

/** Writes a cache file whole or not at all (a concurrent start reads either the old or the new). */
export function writeCacheFile(file: string, text: string): void {
  const dir = dirname(file);
  mkdirSync(dir, { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, file);
  pruneOldest(dir);
}

/** Marks a cache file as just used, so pruning takes the least recently used first. */
export function touchCacheFile(file: string): void {
  try {
    const now = new Date();
    utimesSync(file, now, now);
  } catch {
    // A read-only cache is still read.
  }
}

function pruneOldest(dir: string): void {
  const names = readdirSync(dir);
  if (names.length <= MOST_CACHED_FILES) return;
  const byAge = names
    .map((name) => {
      try {
        return { name, written: statSync(join(dir, name)).mtimeMs };
      } catch {
        return { name, written: 0 };
      }
    })
    .sort((a, b) => a.written - b.written);
  for (const { name } of byAge.slice(0, names.length - MOST_CACHED_FILES)) rmSync(join(dir, name), { force: true });
}

export function readCached(path: string, source: string): ReadDocument | undefined {
  const file = cacheFile(`${keyOf(path, source)}.json`);
  if (!file) return undefined;
  try {
    const entry = JSON.parse(readFileSync(file, 'utf8')) as Entry;
    const unchanged = Object.entries(entry.hashes).every(([other, known]) => fileHash(other) === known);
    if (!unchanged) return undefined;
    touchCacheFile(file);
    return entry.read;
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
