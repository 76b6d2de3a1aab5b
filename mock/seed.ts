// Seed data for the store: read once at start-up, checked against the document's list schema.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { type CollectionSpec, describeIssues, packageFile } from '../spec/index.js';
import { Collection, type Item } from './store.js';

/** An array (for the collection named like the file, else the first) or an object keyed by path. */
export type SeedData = readonly unknown[] | Readonly<Record<string, readonly unknown[]>>;

export class SeedError extends Error {}

export function defaultSeedFile(): string {
  return packageFile('fixtures', 'categories.json');
}

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

function itemsByCollection(
  data: SeedData,
  name: string | undefined,
  specs: readonly CollectionSpec[],
): Map<string, unknown[]> {
  if (Array.isArray(data)) {
    const target = specs.find((spec) => spec.path === `/${name}`) ?? specs[0];
    return new Map(target ? [[target.path, [...data]]] : []);
  }
  if (typeof data !== 'object' || data === null)
    throw new SeedError('seed data must be an array or an object of arrays keyed by path');
  const entries = Object.entries(data as Record<string, unknown[]>);
  for (const [path, items] of entries) {
    if (!specs.some((spec) => spec.path === path))
      throw new SeedError(`seed data names ${path}, which is no mocked collection`);
    if (!Array.isArray(items)) throw new SeedError(`seed data for ${path} must be an array`);
  }
  return new Map(entries.map(([path, items]) => [path, [...items]]));
}

/** Builds every collection, seeded and validated; ids must be unique integers. */
export function seedCollections(
  specs: readonly CollectionSpec[],
  data: SeedData | undefined,
  options: { name?: string; maxItems: number },
): Map<string, Collection> {
  const byPath = data ? itemsByCollection(data, options.name, specs) : new Map<string, unknown[]>();
  return new Map(
    specs.map((spec) => {
      const items = byPath.get(spec.path) ?? [];
      const issues = spec.list?.success.validator.validate(items) ?? [];
      if (issues.length > 0)
        throw new SeedError(`seed data for ${spec.path} does not match the document: ${describeIssues(issues)}`);
      const ids = new Set<unknown>();
      for (const item of items as Item[]) {
        const id = item[spec.idProperty];
        if (!Number.isSafeInteger(id) || ids.has(id))
          throw new SeedError(
            `seed data for ${spec.path}: ${spec.idProperty} ${JSON.stringify(id)} is not a unique integer`,
          );
        ids.add(id);
      }
      if (items.length > options.maxItems)
        throw new SeedError(`seed data for ${spec.path} holds more than --max-categories (${options.maxItems}) items`);
      return [
        spec.path,
        new Collection(
          spec.idProperty,
          options.maxItems,
          items.map((item) => Object.freeze({ ...(item as Item) })),
        ),
      ];
    }),
  );
}
