// Generated seed members a person would believe: a vet named "Vet 2", not "Bl4BQkAb"; a visit next
// week, not in 2079; an email at example.com. A value the author gave (an example, a default), an
// enum's or a pattern's, and what the service fills in stay; every other member is touched only
// where the item still fits its schema.
import { type JsonSchema, mergeAllOf, type SchemaValidator, singularOf } from '../../spec/core.js';

type Item = Record<string, unknown>;
type Schema = Record<string, unknown>;

/** Names a person reads as what the item is called. */
const TITLE = /^(name|title|label|display_?name|full_?name|subject|summary|headline|nickname)$/i;
const GIVEN = /^(first_?name|given_?name)$/i;
const FAMILY = /^(last_?name|family_?name|surname)$/i;
/** Free text about the item. */
const PROSE = /^(description|notes?|reason|comments?|body|message|bio|details|content|text|remarks?|memo)$/i;
/** Instants that lie ahead of a new item: appointments, deadlines, the end of a span. */
const AHEAD = /(start|begin|due|end|expir|schedul|until|deadline|valid|from|^to$|appointment|booked|arriv|depart)/i;

const GIVEN_NAMES = ['Alex', 'Sam', 'Robin', 'Maria', 'Kenji', 'Amara'];
const FAMILY_NAMES = ['Smith', 'Garcia', 'Okafor', 'Tanaka', 'Novak', 'Larsen'];
const DAY = 86_400_000;

/** The words of a member's name, spaced: `displayName` → "display name". */
const wordsOf = (name: string): string =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
const capitalized = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** The item's word from its collection path: "/clinics/{id}/vets" → "vet". */
export function itemWordOf(path: string): string {
  const plural =
    path
      .split('/')
      .filter((part) => part !== '' && !part.startsWith('{'))
      .at(-1) ?? 'item';
  return wordsOf(singularOf(plural));
}

interface Place {
  readonly word: string;
  /** 1 for the first seeded item. */
  readonly ordinal: number;
  readonly now: number;
}

/** An instant ahead of now (a visit next week) or behind it (a sign-up last month), whole hours. */
function instantFor(name: string, { ordinal, now }: Place): string {
  const day = Math.floor(now / DAY) * DAY;
  const at = AHEAD.test(name)
    ? day + ordinal * DAY + (8 + ordinal) * 3_600_000
    : day - ordinal * 7 * DAY + 10 * 3_600_000;
  return new Date(at).toISOString().replace(/\.000Z$/, 'Z');
}

type Maker = (name: string, place: Place) => unknown;

/** The plausible value of a string member by its format, else by its name; undefined to keep it. */
const BY_FORMAT: Readonly<Record<string, Maker>> = {
  'date-time': (name, place) => instantFor(name, place),
  date: (name, place) => instantFor(name, place).slice(0, 10),
  email: (_name, { word, ordinal }) => `${word.replace(/\W+/g, '.')}${ordinal}@example.com`,
  uri: (name, { word, ordinal }) =>
    `https://example.com/${word.replace(/\W+/g, '-')}s/${ordinal}/${wordsOf(name).replace(/\W+/g, '-')}`,
  url: (name, place) => BY_FORMAT.uri!(name, place),
};

const pick = (names: readonly string[], ordinal: number): string => names[(ordinal - 1) % names.length]!;

type Words = readonly (readonly [RegExp, Maker])[];

/** What an item is called: each seed its own, before any value the author showed. */
const NAMES: Words = [
  [GIVEN, (_name, { ordinal }) => pick(GIVEN_NAMES, ordinal)],
  [FAMILY, (_name, { ordinal }) => pick(FAMILY_NAMES, ordinal)],
  [TITLE, (_name, { word, ordinal }) => `${capitalized(word)} ${ordinal}`],
];

/** Other plain strings by what their name says, where the author showed no value. */
const BY_NAME: Words = [
  [PROSE, (name, { word, ordinal }) => `${capitalized(wordsOf(name))} for ${word} ${ordinal}.`],
  [/^(city|town)$/i, (_name, { ordinal }) => pick(['Springfield', 'Riverton', 'Lakeside', 'Fairview'], ordinal)],
  [/^(phone|phone_?number|mobile|telephone|tel)$/i, (_name, { ordinal }) => `+1 555 010${ordinal % 10}`],
  [/^(street|address|address_?line_?1?)$/i, (_name, { ordinal }) => `${ordinal * 12} Main Street`],
  [/^(user_?name|login|handle)$/i, (_name, { word, ordinal }) => `${word.replace(/\W+/g, '')}${ordinal}`],
  // Another thing's name (`petName`): that thing's word, numbered.
  [/^[a-z]+_?Name$/, (name, { ordinal }) => `${capitalized(wordsOf(name.replace(/_?Name$/, '')))} ${ordinal}`],
];

const madeBy = (words: Words, name: string, place: Place): unknown =>
  words.find(([pattern]) => pattern.test(name))?.[1](name, place);

/** The value the document shows of a member (its example, else its default), if any. */
function shownOf(schema: Schema): unknown {
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  return schema.default ?? schema.const;
}

const typesOf = (schema: Schema): unknown[] => (Array.isArray(schema.type) ? schema.type : [schema.type]);

/** Values a schema fixes itself (an enum, a pattern): any valid one is as plausible as another. */
const fixedBySchema = (schema: Schema): boolean =>
  Array.isArray(schema.enum) || schema.const !== undefined || typeof schema.pattern === 'string';

function plausibleOf(name: string, member: JsonSchema, value: unknown, place: Place): unknown {
  const schema = mergeAllOf(member as Schema);
  const shown = shownOf(schema);
  // The author's own value stays; where another was drawn, the author's shows what is plausible.
  if (fixedBySchema(schema) || (shown !== undefined && JSON.stringify(shown) === JSON.stringify(value)))
    return undefined;
  const types = typesOf(schema);
  if (types.includes('string')) {
    const format = typeof schema.format === 'string' ? schema.format : undefined;
    if (format !== undefined) return BY_FORMAT[format]?.(name, place) ?? shown;
    return madeBy(NAMES, name, place) ?? shown ?? madeBy(BY_NAME, name, place);
  }
  // A list of plain words (tags, labels): one word of the list's own name.
  const items =
    typeof schema.items === 'object' && schema.items !== null ? mergeAllOf(schema.items as Schema) : undefined;
  if (types.includes('array') && items && typesOf(items).includes('string') && !fixedBySchema(items) && !items.format)
    return shown ?? [`${wordsOf(singularOf(name)).replace(/\W+/g, '-')}-${place.ordinal}`];
  return shown;
}

/**
 * A generated seed item with its unshown members made plausible, one at a time, each kept only
 * where the item still fits `validator`. `keep` names the members the service fills in.
 */
export function plausibleSeed(
  item: Item,
  properties: Readonly<Record<string, JsonSchema>>,
  validator: SchemaValidator,
  place: Place,
  keep: ReadonlySet<string>,
): Item {
  let result = item;
  for (const [name, member] of Object.entries(properties)) {
    if (keep.has(name) || !Object.hasOwn(item, name) || item[name] === null) continue;
    const value = plausibleOf(name, member, item[name], place);
    if (value === undefined) continue;
    const tried = { ...result, [name]: value };
    if (validator.validate(tried).length === 0) result = tried;
  }
  return result;
}
