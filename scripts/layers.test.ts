// The import rules of ARCHITECTURE.md, enforced for sources and tests alike: spec/ imports no other
// layer; mock/ and conformance/ never import each other (the runner's CLI alone composes the two);
// tests of a layer may also use fixtures/; and no module imports itself back through a cycle.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

function files(folder: string): string[] {
  return readdirSync(join(root, folder)).flatMap((name) => {
    const path = join(root, folder, name);
    if (statSync(path).isDirectory()) return files(relative(root, path));
    return name.endsWith('.ts') ? [relative(root, path)] : [];
  });
}

const isTest = (file: string) => file.endsWith('.test.ts');

/** Relative imports of a file, as paths from the project root (.js written, .ts on disk). */
function importsOf(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  return [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)].map((match) =>
    relative(root, join(root, dirname(file), match[1]!)).replace(/\.js$/, '.ts'),
  );
}

const layerOf = (path: string) => path.split('/')[0]!;

function foreignLayers(file: string): string[] {
  return importsOf(file)
    .map(layerOf)
    .filter((layer) => layer !== layerOf(file));
}

const ALLOWED: Record<string, { source: string[]; test: string[] }> = {
  spec: { source: [], test: [] },
  mock: { source: ['spec'], test: ['spec', 'fixtures'] },
  conformance: { source: ['spec'], test: ['spec', 'fixtures'] },
};

describe('layers', () => {
  it.each(Object.keys(ALLOWED))('%s/ imports only the layers it may', (layer) => {
    for (const file of files(layer)) {
      const allowed =
        file === 'conformance/cli.ts' ? ['spec', 'mock'] : ALLOWED[layer]![isTest(file) ? 'test' : 'source'];
      for (const imported of foreignLayers(file)) expect(allowed, `${file} imports ${imported}/`).toContain(imported);
    }
  });

  it('no module imports itself back through a cycle', () => {
    const all = ['spec', 'mock', 'conformance', 'fixtures', 'scripts'].flatMap(files).filter((file) => !isTest(file));
    const graph = new Map(all.map((file) => [file, importsOf(file).filter((target) => all.includes(target))]));
    const cycles: string[] = [];
    const state = new Map<string, 'visiting' | 'done'>();
    const visit = (file: string, trail: string[]): void => {
      if (state.get(file) === 'done') return;
      if (state.get(file) === 'visiting') {
        cycles.push([...trail.slice(trail.indexOf(file)), file].join(' → '));
        return;
      }
      state.set(file, 'visiting');
      for (const target of graph.get(file) ?? []) visit(target, [...trail, file]);
      state.set(file, 'done');
    };
    for (const file of all) visit(file, []);
    expect(cycles).toEqual([]);
  });
});
