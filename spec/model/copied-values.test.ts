// Values an item copies from an item it names, read from the words: the member's own description
// ("Copied from the product when the line was written") or the creation's ("`unitCost` is copied
// from the product at this moment"). A member the words do not call a copy is none.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { contractFromDocument, inferApiModel } from '../index.js';

const FILE = fileURLToPath(new URL('../../fixtures/panels/purchasing/openapi.yaml', import.meta.url));

function copiedOf(edit: (text: string) => string = (text) => text) {
  const contract = contractFromDocument(parse(edit(readFileSync(FILE, 'utf8'))));
  const orders = inferApiModel(contract).resources.find(({ collection }) => collection.path === '/purchase-orders');
  if (!orders) throw new Error('no /purchase-orders');
  return orders.idioms.copied ?? [];
}

describe('copied values', () => {
  it("reads a line's unit cost copied from the product its sku names", () => {
    expect(copiedOf()).toEqual([
      expect.objectContaining({ member: 'lines[].unitCost', via: 'lines[].sku', collection: '/products' }),
    ]);
  });

  it('reads none where no word calls it a copy', () => {
    const plain = copiedOf((text) =>
      text
        .replace('Copied from the product when the line was written.', 'The price of one unit.')
        .replace(
          /`unitCost` is copied from the product at this moment \(later changes of the\n\s+product do not touch it\)/,
          '`unitCost` is the unit price',
        ),
    );
    expect(plain).toEqual([]);
  });

  it.each([
    ['the value when the item was added', 'The unit cost of the product when the line was added.'],
    ['a creation that copies it', 'The line copies the unit cost.'],
  ])('reads %s', (_, words) => {
    const said = copiedOf((text) =>
      text
        .replace('Copied from the product when the line was written.', words)
        .replace(
          /`unitCost` is copied from the product at this moment \(later changes of the\n\s+product do not touch it\)/,
          '`unitCost` is the unit price',
        ),
    );
    expect(said).toEqual([expect.objectContaining({ member: 'lines[].unitCost', words })]);
  });
});
