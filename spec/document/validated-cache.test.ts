// The cache folder keeps the 400 most recently used files: every document started leaves two,
// and tests start hundreds.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chunkNamesIn, touchCacheFile, writeCacheFile } from './validated-cache.js';

describe('the cache folder', () => {
  it('drops the least recently used files past 400, keeping one just used', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cache-'));
    const at = (index: number) => new Date(Date.UTC(2026, 0, 1) + index * 1000);
    for (let index = 0; index < 410; index++) {
      const file = join(dir, `old-${index}.json`);
      writeFileSync(file, '{}');
      utimesSync(file, at(index), at(index));
    }
    touchCacheFile(join(dir, 'old-0.json'));
    writeCacheFile(join(dir, 'new.json'), '{"fresh":true}');
    const left = readdirSync(dir);
    expect(left.length).toBe(400);
    expect(existsSync(join(dir, 'new.json'))).toBe(true);
    expect(existsSync(join(dir, 'old-0.json'))).toBe(true);
    expect(existsSync(join(dir, 'old-1.json'))).toBe(false);
    expect(existsSync(join(dir, 'old-11.json'))).toBe(false);
    expect(existsSync(join(dir, 'old-12.json'))).toBe(true);
  });
});

describe('the cache key of a bundled build', () => {
  it("follows the chunks' names, which change with their contents, and is none outside a bundle", () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'bundle-')), 'cli-chunks');
    mkdirSync(dir);
    writeFileSync(join(dir, 'chunk-AAAA.js'), '');
    const before = chunkNamesIn(dir);
    writeFileSync(join(dir, 'chunk-BBBB.js'), '');
    expect(before).toBe('chunk-AAAA.js');
    expect(chunkNamesIn(dir)).not.toBe(before);
    expect(chunkNamesIn(tmpdir())).toBeUndefined();
  });
});
