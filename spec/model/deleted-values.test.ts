// What the words say a deletion does to an item's values and key: free again, held for good, or
// nothing (then nothing is judged).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { contractFromDocument, inferApiModel } from '../index.js';
import { valuesAfterDeletion } from './unique-values.js';

const panel = (name: string) =>
  contractFromDocument(
    parse(readFileSync(fileURLToPath(new URL(`../../fixtures/panels/${name}/openapi.yaml`, import.meta.url)), 'utf8')),
  );
function deletedValuesOf(name: string, path: string) {
  const resource = inferApiModel(panel(name)).resources.find(({ collection }) => collection.path === path);
  if (!resource) throw new Error(`${name} has no ${path}`);
  return resource.idioms.deletedValues;
}

describe('values after deletion', () => {
  it.each([
    ['Cancelled and deleted events free their interval.', 'free'],
    ['Afterwards the interval it occupied at its venue is free.', 'free'],
    ['A SKU belongs to one product for good: live or deleted, it answers 409.', 'held'],
    ['Its SKU stays taken.', 'held'],
    ['The code of an existing venue is taken, whether that venue is live or soft-deleted.', 'held'],
    ['The entry is gone for good (404 afterwards).', undefined],
    ['`message` is free text for humans.', undefined],
    ['Deletes the item.', undefined],
  ])('reads %j as %s', (text, expected) => {
    expect(valuesAfterDeletion([text])).toBe(expected);
  });

  it('is read per resource from the deletion, the creation and the document', () => {
    expect(deletedValuesOf('ticketing', '/events')).toBe('free');
    expect(deletedValuesOf('purchasing', '/products')).toBe('held');
    expect(deletedValuesOf('library', '/books')).toBeUndefined();
  });
});
