// A body's list of entries holds no two entries alike in a member drawn from a fixed set (two
// rental extras lines of the same `code`, two order lines of one `sku` enum): a client seldom sends
// such a pair, and services refuse or merge it ("422 when two extras lines have the same `code`"),
// so a plain body that holds one is judged for the pair, not for what its case is about.
import { type JsonSchema, type Operation, propertiesOf } from '../../../spec/index.js';
import type { TestCase } from '../../model.js';

type Item = Record<string, unknown>;

const isItem = (value: unknown): value is Item => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The members of an entry schema whose values come from a fixed set (an enum). */
function fixedSetMembers(entry: JsonSchema | undefined): string[] {
  return Object.entries(propertiesOf(entry))
    .filter(([, property]) => Array.isArray((property as { enum?: unknown }).enum))
    .map(([name]) => name);
}

/** The body with each list's later entries dropped where they repeat an earlier one's fixed-set
 * value, where the request still takes it (a list's `minItems`). */
export function withDistinctEntries(
  body: unknown,
  schema: JsonSchema | undefined,
  request: { isValid(value: unknown): boolean } | undefined,
): unknown {
  if (!isItem(body)) return body;
  let next: Item = body;
  for (const [member, property] of Object.entries(propertiesOf(schema))) {
    const entries = next[member];
    const keys = fixedSetMembers((property as { items?: JsonSchema }).items);
    if (!Array.isArray(entries) || entries.length < 2 || keys.length === 0) continue;
    const seen = new Set<string>();
    const distinct = entries.filter((entry) => {
      if (!isItem(entry)) return true;
      const repeats = keys.some(
        (key) => entry[key] !== undefined && seen.has(`${key}\u0000${JSON.stringify(entry[key])}`),
      );
      for (const key of keys) if (entry[key] !== undefined) seen.add(`${key}\u0000${JSON.stringify(entry[key])}`);
      return !repeats;
    });
    const tried = { ...next, [member]: distinct };
    if (distinct.length < entries.length && request?.isValid(tried) !== false) next = tried;
  }
  return next;
}

/** Whether the operation's words refuse two entries alike in `member` ("`422` when two lines have
 * the same `code`", "duplicate `sku`s are refused"). */
function saysDistinct(words: string, member: string): boolean {
  const named = `\`${member.replace(/[^\w-]/g, '')}\``;
  return new RegExp(
    `\\b(?:same|duplicate[sd]?|repeated)\\b[^.;]{0,40}${named}|${named}[^.;]{0,40}\\b(?:same|duplicate[sd]?|twice|repeated)\\b`,
    'i',
  ).test(words);
}

type Planned = { readonly probe?: TestCase; readonly cases: readonly TestCase[] };
type Request = { readonly schema: JsonSchema; isValid(value: unknown): boolean };

/** Bodies made distinct where the operation's words refuse a repeat of one of its entries'
 * fixed-set members; else bodies as they are. */
export function distinctWhereSaid(operation: Operation, request: Request | undefined): (body: unknown) => unknown {
  const words = `${operation.summary ?? ''} ${operation.description ?? ''}`;
  const said = Object.values(propertiesOf(request?.schema)).some((property) =>
    fixedSetMembers((property as { items?: JsonSchema }).items).some((member) => saysDistinct(words, member)),
  );
  return said ? (body) => withDistinctEntries(body, request?.schema, request) : (body) => body;
}

/** The plan's valid cases with distinct entries, where the words refuse repeats: a generated pair
 * of lines alike would be refused for that, not for what the case is about. */
export function withDistinctPlainEntries<P extends Planned>(
  plan: P,
  operation: Operation,
  request: Request | undefined,
): P {
  const distinct = distinctWhereSaid(operation, request);
  const each = (testCase: TestCase): TestCase => {
    const payload = testCase.payload;
    if (testCase.kind !== 'positive' || payload?.kind !== 'json') return testCase;
    const value = distinct(payload.value);
    return value === payload.value ? testCase : { ...testCase, payload: { kind: 'json', value } };
  };
  return { ...plan, ...(plan.probe ? { probe: each(plan.probe) } : {}), cases: plan.cases.map(each) };
}
