// swagger-parser's validation costs ~100 ms, most of a start-up. Its result for a self-contained
// document is stored under node_modules/.cache, keyed by a hash of the text and the tool versions,
// so an unchanged document is parsed, validated and dereferenced once, not at every start.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { packageRoot } from './package-root.js';

export interface Validated {
  /** The document as parsed, $refs in place. */
  readonly document: Record<string, unknown>;
  /** The document validated and bundled (external files folded in, $refs kept). */
  readonly api: Record<string, unknown>;
}

const require = createRequire(import.meta.url);

function cacheDirectory(): string | undefined {
  const root = packageRoot();
  return root === undefined ? undefined : join(root, 'node_modules', '.cache', 'pet-catalog-contract');
}

function keyOf(source: string): string {
  const versions = ['@apidevtools/swagger-parser/package.json'].map((name) => {
    try {
      return (require(name) as { version: string }).version;
    } catch {
      return 'unknown';
    }
  });
  return createHash('sha256')
    .update(`${versions.join(',')}\u0000v2\u0000${source}`)
    .digest('hex');
}

/** Only documents without external $refs: their meaning is in their own text alone. */
function selfContained(source: string): boolean {
  return [...source.matchAll(/\$ref["']?\s*:\s*["']?([^"'\s,}]*)/g)].every((match) => match[1]!.startsWith('#'));
}

export function readCached(source: string): Validated | undefined {
  const dir = cacheDirectory();
  if (!dir || !selfContained(source)) return undefined;
  try {
    return JSON.parse(readFileSync(join(dir, `${keyOf(source)}.json`), 'utf8')) as Validated;
  } catch {
    return undefined;
  }
}

export function writeCached(source: string, validated: Validated): void {
  const dir = cacheDirectory();
  if (!dir || !selfContained(source)) return;
  try {
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `${keyOf(source)}.json`);
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(validated));
    renameSync(temporary, file);
  } catch {
    // A read-only install or a recursive document: validation simply runs at every start.
  }
}
