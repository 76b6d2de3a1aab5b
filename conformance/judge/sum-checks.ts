// Totals that add up (spec/model/sums.ts), judged where the document's own words say so: a member
// is held to its rule only when its description names the members the rule adds (`quantity` *
// `unitPrice`; `subtotal` + `shipping`) and no other number of the item (a `handling` fee the rule
// does not know). A name alone proves nothing: a list's `total` counts items.
import {
  answeredItem,
  evaluateFormula,
  type Formula,
  formulasOf,
  isJsonMediaType,
  listedItems,
  mergeAllOf,
  propertiesOf,
  sumsOf,
} from '../../spec/index.js';
import { overviewOf, sentencesOf } from '../../spec/model/index.js';
import type { CheckContext, Finding } from '../model.js';
import { namesMember } from '../plan/references.js';
import { finding } from './findings.js';
import { asObject } from './json-body.js';

type Schema = Record<string, unknown>;
type Item = Record<string, unknown>;

const schemaAt = (schema: unknown, name: string | number): Schema | undefined => {
  const merged = typeof schema === 'object' && schema !== null ? mergeAllOf(schema as Schema) : undefined;
  if (!merged) return undefined;
  const next = typeof name === 'number' ? merged.items : propertiesOf(merged)[name];
  return typeof next === 'object' && next !== null ? mergeAllOf(next as Schema) : undefined;
};

/** The answered object that holds lines, with its schema: the body, or a member wrapping it. */
function itemsWithLines(body: unknown, schema: unknown): Array<{ item: Item; schema: unknown }> {
  const object = asObject(body);
  if (!object) return [];
  if (sumsOf(object).length > 0) return [{ item: object, schema }];
  return Object.entries(object).flatMap(([name, value]) => {
    const inner = asObject(value);
    return inner && sumsOf(inner).length > 0 ? [{ item: inner, schema: schemaAt(schema, name) }] : [];
  });
}

const numbersOf = (object: Item | undefined): string[] =>
  Object.keys(object ?? {}).filter((name) => typeof object![name] === 'number');

/** Members of an answer that do not add up as their own descriptions say; undefined where the answer
 * holds no lines to add. */
export function sumsNotAddingUp(context: CheckContext): Finding[] | undefined {
  const status = context.exchange.ok ? context.exchange.response.status : 0;
  if (status < 200 || status >= 300 || context.body.kind !== 'json') return undefined;
  const media = context.response?.content.find((m) => isJsonMediaType(m.mediaType) && m.validator);
  const found = itemsWithLines(context.body.value, media?.validator?.schema);
  if (found.length === 0) return undefined;
  const findings: Finding[] = [];
  for (const { item, schema } of found) {
    for (const rule of sumsOf(item)) {
      const owner =
        rule.path.length === 1 ? item : asObject((item[rule.path[0] as string] as unknown[])[rule.path[1] as number]);
      const name = String(rule.path.at(-1));
      const memberSchema = rule.path.reduce<unknown>((at, step) => schemaAt(at, step), schema);
      const own =
        typeof (memberSchema as Schema | undefined)?.description === 'string'
          ? ((memberSchema as Schema).description as string)
          : '';
      // The overview's sentences that name the member count as its words ("`itemCount` is the sum
      // of the quantities of all lines"), and so do those of the schema holding it (a cart's own
      // description listing its members); there parts named in plain words count too.
      const holder = rule.path.slice(0, -1).reduce<unknown>((at, step) => schemaAt(at, step), schema);
      const said = [...overviewSentencesNaming(context, name), ...holderSentencesNaming(holder, name)].join(' ');
      const description = `${own} ${said}`;
      const confirmed = rule.parts.some((part) => namesMember(description, part) || saysPart(said, part));
      const unknownPart = numbersOf(owner).some(
        (other) => other !== name && !rule.parts.includes(other) && namesMember(description, other),
      );
      // A further term in words the rule does not add ("plus labour charged at 9000 cents for every
      // hour"): the member is more than the sum, and what it adds is not read.
      const furtherTerm = [...own.matchAll(EXTRA_TERMS)].some((term) => {
        const next = own.slice(term.index + term[0].length, term.index + term[0].length + 40);
        return !rule.parts.some((part) => namesMember(next, part));
      });
      if (!confirmed || unknownPart || furtherTerm) continue;
      const got = owner?.[name];
      if (typeof got !== 'number' || closeEnough(got, rule.expected)) continue;
      findings.push(
        finding('sum_not_adding_up', {
          member: rule.path
            .map((step) => (typeof step === 'number' ? `[${step}]` : `.${step}`))
            .join('')
            .slice(1),
          got,
          expected: rule.expected,
          parts: rule.parts.join(', '),
        }),
      );
    }
  }
  return findings;
}

/** Words adding or taking away a term: each must name a part of the rule. */
const EXTRA_TERMS = /\b(?:plus|minus|less)\b|\s[+−]\s/gi;

const overviewSentences = new WeakMap<object, string[]>();

/** The overview's sentences that name `member` in code ("`itemCount` is the sum of ..."). */
function overviewSentencesNaming(context: CheckContext, member: string): string[] {
  let sentences = overviewSentences.get(context.contract);
  if (!sentences) overviewSentences.set(context.contract, (sentences = sentencesOf([overviewOf(context.contract)])));
  return sentences.filter((sentence) => sentence.includes(`\`${member}\``));
}

/** The sentences of the holding schema's own description that name `member` in code. */
function holderSentencesNaming(holder: unknown, member: string): string[] {
  const merged = typeof holder === 'object' && holder !== null ? mergeAllOf(holder as Schema) : undefined;
  const description = typeof merged?.description === 'string' ? merged.description : undefined;
  return description ? sentencesOf([description]).filter((sentence) => sentence.includes(`\`${member}\``)) : [];
}

/** Whether words name a member in plain words, one or many: `quantity` as "quantities", `lines` as
 * "line", `lineTotalCents` as "line totals" (a money unit aside). */
function saysPart(text: string, member: string): boolean {
  const words = member
    .replace(/(?:_?in)?_?(?:cents|Cents|minor|Minor)$/, '')
    .split(/_|-|(?<=[a-z0-9])(?=[A-Z])/)
    .map((word) => word.toLowerCase())
    .filter((word) => word !== '');
  const last = words.pop();
  if (last === undefined) return false;
  const stem = last.replace(/(?:ies|y)$/, '').replace(/s$/, '');
  const forms = `${stem}(?:y|ies|s|es)?`;
  return new RegExp(`\\b${[...words, forms].join('[\\s_-]*')}\\b`, 'i').test(text);
}

/** Whole numbers exactly; amounts with fractions to within a cent's rounding. */
const closeEnough = (got: number, expected: number): boolean =>
  Number.isInteger(expected) && Number.isInteger(got) ? got === expected : Math.abs(got - expected) < 0.01;

const formulasByCollection = new WeakMap<object, Formula[]>();

/** Members the words define as arithmetic over the item's others ("`lineTotal` = `minutes` / 60 ×
 * 1200", "`partsTotal` + `labourTotal`"), off on the answered item: whole numbers within a unit
 * of the exact value (a service may round either way), fractions within a cent. */
export function formulasOff(context: CheckContext): Finding[] {
  const status = context.exchange.ok ? context.exchange.response.status : 0;
  const { collection } = context;
  if (status < 200 || status >= 300 || context.body.kind !== 'json' || !collection) return [];
  let formulas = formulasByCollection.get(collection);
  if (!formulas) {
    const schema = collection.read?.item.schema ?? collection.create?.item.schema;
    formulas = formulasOf(schema, collection.create?.operation);
    formulasByCollection.set(collection, formulas);
  }
  if (formulas.length === 0) return [];
  // A list's entries are items too (a seeded invoice listed with its balance off).
  const listing = collection.list?.operation === context.testCase.operation;
  const items = listing
    ? (listedItems(collection, context.body.value) ?? [])
    : [answeredItem(collection, context.body.value)].filter((one) => one !== undefined);
  const rules = formulas;
  return items.flatMap((item) => formulaFindings(rules, item));
}

function formulaFindings(formulas: readonly Formula[], item: Readonly<Record<string, unknown>>): Finding[] {
  return formulas.flatMap((formula) => {
    const expected = evaluateFormula(formula, item);
    const got = item[formula.member];
    if (expected === undefined || typeof got !== 'number') return [];
    const near = Number.isInteger(expected)
      ? got === expected
      : Math.abs(got - expected) < (Number.isInteger(got) ? 1 : 0.01);
    return near
      ? []
      : [finding('formula_not_followed', { member: formula.member, got, expected, words: formula.words })];
  });
}
