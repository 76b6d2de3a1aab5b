// Times the words derive from others (the model's derivedTimesOf): "`dueAt` = `loanedAt` + 14 days
// × (1 + `renewCount`)". Judged on every answer of the collection's own operations that holds its
// items (a creation, a read, a list, a change); a rule said of new items only on the creation, and
// one said of a member left out only on a creation that left it out.
import { addedMs, answeredItem, type DerivedTime, derivedTimesOf, listedItems } from '../../spec/index.js';
import type { CheckContext, Finding } from '../model.js';
import { finding } from './findings.js';

type Item = Record<string, unknown>;

/** The items an answer of the collection holds: the list's, else the one it answers. */
function itemsOf(context: CheckContext): Item[] {
  const { collection, testCase, body } = context;
  if (!collection || body.kind !== 'json') return [];
  if (collection.list && testCase.operation === collection.list.operation)
    return [...(listedItems(collection, body.value) ?? [])];
  const item = answeredItem(collection, body.value);
  return item ? [item] : [];
}

function offBy(rule: DerivedTime, item: Item): Finding | undefined {
  const [value, from] = [item[rule.member], item[rule.from]];
  if (typeof value !== 'string' || typeof from !== 'string') return undefined;
  const count = rule.times === undefined ? 0 : item[rule.times];
  const each = rule.each === undefined ? 0 : item[rule.each.member];
  const plus = addedMs(rule, item);
  const [at, start] = [Date.parse(value), Date.parse(from)];
  if (Number.isNaN(at) || Number.isNaN(start) || plus === undefined) return undefined;
  // A date holds the day of the instant: compared as that day's midnight (UTC).
  const instant = new Date(start + plus).toISOString();
  const expected = rule.dateOnly ? instant.slice(0, 10) : instant;
  if (Math.abs(at - Date.parse(expected)) <= rule.toleranceMs) return undefined;
  return finding('derived_time_off', {
    member: rule.member,
    got: value,
    expected,
    words: rule.words,
    ...(rule.times ? { times: `${rule.times} ${count}` } : {}),
    ...(rule.each ? { times: `${rule.each.member} ${each}` } : {}),
  });
}

/** The first item per rule whose derived time is off, on a 2xx answer to a valid request. */
export function derivedTimesOff(context: CheckContext): Finding[] {
  const { collection, testCase, exchange } = context;
  if (!collection || testCase.kind !== 'positive' || !exchange.ok) return [];
  if (exchange.response.status < 200 || exchange.response.status >= 300) return [];
  const rules = derivedTimesOf(collection, context.contract);
  if (rules.length === 0) return [];
  const creation = testCase.operation === collection.create?.operation;
  const items = itemsOf(context);
  // A default ("an absent `dueDate` is ..."): only where the creation left the member out.
  const payload = testCase.payload?.kind === 'json' ? testCase.payload.value : undefined;
  const sent = (member: string) =>
    typeof payload === 'object' && payload !== null && !Array.isArray(payload) && Object.hasOwn(payload, member);
  return rules
    .filter((rule) => (creation || !rule.onCreation) && !(rule.whenAbsent && sent(rule.member)))
    .flatMap((rule) => {
      for (const item of items) {
        const off = offBy(rule, item);
        if (off) return [off];
      }
      return [];
    });
}
