// The import rules of ARCHITECTURE.md, enforced for sources and tests alike: spec/ imports no other
// layer, and inside it each folder only the ones below it; mock/ and conformance/ never import each
// other (the runner's CLI alone composes the two); tests of a layer may also use fixtures/; and no
// module imports itself back through a cycle.
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

  it('spec/ imports nothing from mock/ or conformance/, tests included', () => {
    for (const file of files('spec'))
      for (const imported of foreignLayers(file)) expect(['mock', 'conformance'], `${file}`).not.toContain(imported);
  });

  it('spec/ keeps its jobs in folders: at most 12 source files at its top', () => {
    const top = readdirSync(join(root, 'spec')).filter((name) => name.endsWith('.ts') && !isTest(name));
    expect(top.length, top.join(', ')).toBeLessThanOrEqual(12);
  });

  // Inside spec/, each folder imports only the folders below it: JSON text and pointers at the
  // ground, JSON Schema and the document readers on it, the contract's records above both, the
  // generators and the API model on top (ARCHITECTURE.md).
  const SPEC_FOLDERS: Record<string, string[]> = {
    json: [],
    schema: ['json'],
    document: ['json'],
    contract: ['json', 'schema', 'document'],
    generate: ['json', 'schema'],
    model: ['json', 'schema', 'contract'],
  };
  const specFolderOf = (path: string) => (path.split('/').length > 2 ? path.split('/')[1]! : 'top');
  it.each(Object.keys(SPEC_FOLDERS))('spec/%s/ imports only the spec/ folders below it', (folder) => {
    for (const file of files(`spec/${folder}`).filter((one) => !isTest(one)))
      for (const imported of importsOf(file).filter((path) => layerOf(path) === 'spec')) {
        const target = specFolderOf(imported);
        if (target === folder || imported === 'spec/contract-error.ts') continue;
        expect(SPEC_FOLDERS[folder], `${file} imports ${imported}`).toContain(target);
      }
  });

  // Inside mock/, every arrow runs one way: the ground (core/: exchange types, errors, bytes,
  // routing) under what operations do (behaviours/) and what watches them (journal/, proxy/), the
  // request pipeline (pipeline/) above those, the adapters above it, the entry points on top.
  const MOCK_FOLDERS: Record<string, string[]> = {
    core: [],
    behaviours: ['core'],
    journal: ['core'],
    proxy: ['core'],
    pipeline: ['core', 'behaviours', 'journal', 'proxy'],
    adapters: ['core', 'behaviours', 'journal', 'proxy', 'pipeline'],
  };
  const mockFolderOf = (path: string) => (path.split('/').length > 2 ? path.split('/')[1]! : 'top');
  it.each(Object.keys(MOCK_FOLDERS))('mock/%s/ imports only the mock/ folders below it', (folder) => {
    for (const file of files(`mock/${folder}`).filter((one) => !isTest(one)))
      for (const imported of importsOf(file).filter((path) => layerOf(path) === 'mock' && path.endsWith('.ts'))) {
        const target = mockFolderOf(imported);
        if (target === folder) continue;
        expect(MOCK_FOLDERS[folder], `${file} imports ${imported}`).toContain(target);
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
