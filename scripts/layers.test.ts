// The import rules of ARCHITECTURE.md, enforced: spec/ imports no other layer; mock/ and
// conformance/ never import each other, except the runner's CLI, which composes the two.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

function sources(folder: string): string[] {
  return readdirSync(join(root, folder)).flatMap((name) => {
    const path = join(root, folder, name);
    if (statSync(path).isDirectory()) return sources(relative(root, path));
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [relative(root, path)] : [];
  });
}

function importedLayers(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  return [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)]
    .map((match) => relative(root, join(root, file, '..', match[1]!)).split('/')[0]!)
    .filter((layer) => layer !== file.split('/')[0]);
}

describe('layers', () => {
  it('spec/ imports no other layer', () => {
    for (const file of sources('spec')) expect(importedLayers(file), file).toEqual([]);
  });

  it('mock/ imports only spec/', () => {
    for (const file of sources('mock')) for (const layer of importedLayers(file)) expect(layer, file).toBe('spec');
  });

  it('conformance/ imports only spec/, but for its CLI', () => {
    for (const file of sources('conformance')) {
      const allowed = file === 'conformance/cli.ts' ? ['spec', 'mock'] : ['spec'];
      for (const layer of importedLayers(file)) expect(allowed, file).toContain(layer);
    }
  });
});
