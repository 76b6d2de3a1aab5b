// Values an item copies from an item it names, as the words say: "`unitCost` is copied from the
// product at this moment (later changes of the product do not touch it)", "Copied from the product
// when the line was written". Read for members of the item (or of its list entries) that the named
// item holds under the same name, where the member's own description or a sentence of the
// creation's words says so. The runner changes the named item and reads the copy, unchanged.
import type { Contract } from '../contract/types.js';
import { escapeRegExp } from '../json/text.js';
import { propertiesOf, variantPropertiesOf } from '../schema/all-of.js';
import type { CollectionSpec } from './collections.js';
import { NOW_INSTANT } from './filled-in.js';
import { membersWithEntries } from './reference-states.js';
import { referencedCollection } from './references.js';
import { sentencesOf } from './sentences.js';

export interface CopiedValue {
  /** The copy in the item: `unitCost`, or `lines[].unitCost`. */
  readonly member: string;
  /** The creation's member naming the source item (`lines[].sku`), and the source's collection. */
  readonly via: string;
  readonly collection: string;
  /** The source's member copied, where the copy has another name (`unitPriceCents` from the
   * product's `priceCents`). */
  readonly from?: string;
  readonly words: string;
}

const COPIED =
  /\bcopied\b|\bcopies\b|\bcopy of\b|\bwhen (?:the|this|its) [\w-]+ was (?:added|written|made|created|placed)\b|\bsnapshot\b|\bat (?:the time|this moment|that moment)\b[^.;]{0,40}\b(?:of|from)\b|\blater changes?\b[^.;]{0,60}\b(?:do not|does not|don't|doesn't|never)\b/i;

const describe = (value: unknown): string | undefined => {
  const description = (value as { description?: unknown } | undefined)?.description;
  return typeof description === 'string' ? description : undefined;
};

/** The schema of a member path (`lines[].unitCost`) in an item schema. */
function schemaAt(schema: unknown, path: string): unknown {
  const [array, inner] = path.split('[].');
  // A union's variants' members too (a part line's `unitPrice`).
  const outer = { ...variantPropertiesOf(schema as never, false), ...propertiesOf(schema as never) }[array!];
  if (inner === undefined) return outer;
  return propertiesOf((outer as { items?: unknown } | undefined)?.items as never)[inner];
}

export function copiedValuesOf(
  collection: CollectionSpec,
  collections: readonly CollectionSpec[],
  contract: Contract,
): CopiedValue[] {
  const create = collection.create?.operation;
  const itemSchema = collection.read?.item.schema ?? collection.create?.item.schema;
  if (!create || !itemSchema) return [];
  const request = create.requestBody?.content.find((media) => media.validator)?.validator?.schema;
  const paths = contract.document.paths as Record<string, Record<string, unknown>> | undefined;
  const creationWords = sentencesOf([describe(paths?.[create.path]?.[create.method.toLowerCase()])]).map((s) =>
    s.replace(/[`*_]/g, ''),
  );
  const found: CopiedValue[] = [];
  // Each reference the creation sends (`lines[].sku`, `productId`), with the item it names.
  for (const via of membersWithEntries(request)) {
    const name = via.split('[].').at(-1)!;
    const source = referencedCollection(name, collections, collection);
    const sourceSchema = source?.read?.item.schema ?? source?.list?.items.schema;
    if (!source || !sourceSchema) continue;
    const prefix = via.includes('[].') ? `${via.split('[].')[0]}[].` : '';
    for (const member of Object.keys(propertiesOf(sourceSchema))) {
      const copy = `${prefix}${member}`;
      // An item's own stamps (createdAt: "When the reservation was created") are never copies.
      if (member === source.idProperty || member === name || NOW_INSTANT.test(member) || !schemaAt(itemSchema, copy))
        continue;
      const named = new RegExp(`(^|[^\\w])${escapeRegExp(member)}($|[^\\w])`);
      const own = describe(schemaAt(itemSchema, copy));
      const said = [own, ...creationWords.filter((sentence) => named.test(sentence))].find(
        (text) => text !== undefined && COPIED.test(text),
      );
      if (said) found.push({ member: copy, via, collection: source.path, words: said.replace(/\s+/g, ' ').trim() });
    }
    // A copy under another name, its description naming the source's member: "The product's
    // `priceCents` when the order was created" (`lines[].unitPriceCents`).
    const sourceMembers = new Set(Object.keys(propertiesOf(sourceSchema)));
    const entries =
      prefix === '' ? itemSchema : (schemaAt(itemSchema, prefix.slice(0, -3)) as { items?: unknown })?.items;
    for (const member of Object.keys(propertiesOf(entries as never))) {
      const copy = `${prefix}${member}`;
      const own = describe(schemaAt(itemSchema, copy));
      if (!own || !COPIED.test(own) || sourceMembers.has(member) || found.some((one) => one.member === copy)) continue;
      const from = [...own.matchAll(/`([\w-]+)`/g)]
        .map((match) => match[1]!)
        .find((name) => sourceMembers.has(name) && name !== source.idProperty && !NOW_INSTANT.test(name));
      if (from)
        found.push({ member: copy, via, collection: source.path, from, words: own.replace(/\s+/g, ' ').trim() });
    }
  }
  return found;
}
