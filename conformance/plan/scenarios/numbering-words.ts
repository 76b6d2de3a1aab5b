// What a document says of a collection's numbers: which member holds them, whether a parent's first
// is 1, whether a number is ever given again, and what they count within (numbering.ts judges it).
import {
  type CollectionSpec,
  collectionResource,
  propertiesOf,
  sentencesOf,
  variantPropertiesOf,
} from '../../../spec/index.js';

// "1 for the first issue", "starts at 1", "numbered 1, 2, 3, … in the order they are made".
const FIRST_IS_ONE =
  /\bnumbered\s+[`'"]?1[`'"]?\s*,\s*[`'"]?2\b|\b1 for (?:the|an?|its|each)\b[^.;]{0,30}\bfirst\b|\b(?:re)?start(?:s|ing)? (?:at|from|with) [`'"]?1\b|\bfirst [^.;]{0,40}\b(?:is|gets|receives|takes|has) (?:the )?(?:[`'"]?number[`'"]? )?[`'"]?1\b/i;
const NEVER_REUSED =
  /\b(?:never|not)\b[^.;]{0,40}\b(?:reused|re-used|(?:given|handed|assigned|issued) (?:out )?(?:again|to (?:another|any (?:later|other)))|used again|recycled)\b|\b(?:given|handed|assigned|issued) (?:out )?only once\b/i;
/** "numbers are kept per supplier", "numbered per `supplierId`": the scope's word. */
const PER = /\bnumbers?\b[^.;]{0,40}\bper\s+\**`?(\w+)`?/i;
/** "the highest number ever given ... plus one", "then 2, 3": each number the next in its scope. */
const NEXT =
  /\bnumbered\s+[`'"]?1[`'"]?\s*,\s*[`'"]?2\s*,\s*[`'"]?3\b|\bplus one\b|\+\s?1\b|\bthen 2\b|\bnext number\b|\bincrement|\bone (?:more|higher|greater) than the highest\b/i;
/** "one more than the highest number ever used in this space", "`lastNumber + 1`, where `lastNumber`
 * is the highest number ever used in that organization": under a new parent nothing was used,
 * so its first item is 1, as plainly as where the words say "1 for the first". */
const HIGHEST_PLUS_ONE =
  /\bone (?:more|higher|greater) than the highest\b|\bhighest\b[^.;]{0,60}(?:\bplus one\b|\+\s?1\b)|\+\s?1\b[^.;]{0,80}\bhighest\b[^.;]{0,40}\bever\b/i;
const HIGHEST_EVER = /\bhighest\b[^.;]{0,40}\bever\b[^.;]{0,60}(?:\bplus one\b|\+\s?1\b)/i;
const NUMBER_NAME = /^(?:number|seq(?:uence)?|\w+Number|\w+_number)$/;

export interface Numbering {
  /** The member that holds the number: the id the path names, else a number the service fills in. */
  readonly member: string;
  readonly firstIsOne: boolean;
  readonly neverReused: boolean;
  /** The creation's body member the numbers count within ("per supplier": supplierId), where the
   * scope is not the parent in the path. */
  readonly scope?: string;
  /** The words say each number is the scope's highest plus one. */
  readonly next: boolean;
  /** Numbers across the whole collection (a top-level one, no scope named): other clients' items
   * take numbers between the run's, so only "never reused" is judged. */
  readonly global?: boolean;
}

/** The integer member the service numbers items by: the id where it is an integer, else one named
 * like a number that the creation's body does not send. */
function numberedMember(collection: CollectionSpec): string | undefined {
  const { create } = collection;
  // Items read only in their list and their creation's answer (payments per order) are numbered too.
  const view = collection.read?.item ?? create?.item;
  if (!create || !view) return undefined;
  // A union's members every variant has count too (a line's `lineNo` in its part and labour forms).
  const properties = { ...variantPropertiesOf(view.schema, true), ...propertiesOf(view.schema) };
  const integer = (name: string) => (properties[name] as { type?: unknown } | undefined)?.type === 'integer';
  if (integer(collection.idProperty)) return collection.idProperty;
  const sent = propertiesOf(create.operation.requestBody?.content.find((media) => media.validator)?.validator?.schema);
  return Object.keys(properties).find((name) => NUMBER_NAME.test(name) && integer(name) && !(name in sent));
}

/** The creation's body member a scope word names ("supplier": supplierId, supplier_id, supplier). */
function scopeMember(collection: CollectionSpec, word: string): string | undefined {
  const schema = collection.create?.operation.requestBody?.content.find((media) => media.validator)?.validator?.schema;
  const stem = word.toLowerCase().replace(/(?:_?id)$/i, '');
  return Object.keys(propertiesOf(schema)).find(
    (name) => name.toLowerCase().replace(/_/g, '').replace(/id$/, '') === stem.replace(/_/g, ''),
  );
}

/** What the document says of the collection's numbers, from the creation's words and the numbered
 * member's. */
export function numberingOf(
  collection: CollectionSpec,
  document: Readonly<Record<string, unknown>>,
): Numbering | undefined {
  const { create } = collection;
  const view = collection.read?.item ?? create?.item;
  const member = numberedMember(collection);
  if (!create || !view || !member) return undefined;
  const numberSchema = { ...variantPropertiesOf(view.schema, true), ...propertiesOf(view.schema) }[member] as
    | { description?: unknown }
    | undefined;
  const { path, method } = create.operation;
  const paths = document.paths as Record<string, Record<string, { description?: unknown }>> | undefined;
  // The document's own description too, where a sentence of it names these items ("Copy numbers
  // are per book: the first copy of each book is `1`").
  const info = (document.info as { description?: unknown } | undefined)?.description;
  const resource = collectionResource(collection);
  const own = sentencesOf([typeof info === 'string' ? info : undefined]).filter((sentence) =>
    new RegExp(`\\b${resource}(?:e?s)?\\b|\\b${resource.replace(/y$/, 'ies')}\\b`, 'i').test(sentence),
  );
  // The deletion's words too: "its number is never given to another lesson".
  const removal = collection.remove?.operation;
  const words = [
    create.operation.summary,
    paths?.[path]?.[method.toLowerCase()]?.description,
    removal?.description,
    numberSchema?.description,
    ...own,
  ]
    .filter((text): text is string => typeof text === 'string')
    .join(' ')
    // A sentence wrapped in the document's source ("never given out\nagain") reads as one line.
    .replace(/\s+/g, ' ');
  // Numbers within the parent in the path, else within a body member the words name.
  const per = PER.exec(words)?.[1];
  const scope = collection.path.includes('{') ? undefined : per && scopeMember(collection, per);
  const global = !collection.path.includes('{') && !scope;
  const firstIsOne = (FIRST_IS_ONE.test(words) || HIGHEST_PLUS_ONE.test(words)) && !scope && !global;
  // "The highest number ever used + 1": a deleted item's number was used, so it never comes again.
  const neverReused = (NEVER_REUSED.test(words) || HIGHEST_EVER.test(words)) && collection.remove !== undefined;
  const next = NEXT.test(words);
  if (scope || global ? !next && !neverReused : !firstIsOne && !neverReused) return undefined;
  if (global) return neverReused ? { member, firstIsOne, neverReused, next: false, global } : undefined;
  return { member, firstIsOne, neverReused, next, ...(scope ? { scope } : {}) };
}
