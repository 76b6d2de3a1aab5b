// A new item in another state than the words give it ("creates an event in state `draft`"), or
// without a value they give another member the service sets ("`seats_taken` = 0", "`published_at`
// = null"): judged on the creation's answer, unless the request sent the member itself.
import { initialStateOf, initialValuesOf } from '../../spec/index.js';
import type { CheckContext, Finding } from '../model.js';
import { finding } from './findings.js';

export function initialStateOff(
  context: CheckContext,
  item: Readonly<Record<string, unknown>>,
  sent: Readonly<Record<string, unknown>>,
): Finding[] {
  const { collection, contract } = context;
  if (!collection) return [];
  const initial = initialStateOf(collection, contract);
  const off = (member: string, value: unknown) =>
    !Object.hasOwn(sent, member) &&
    item[member] !== undefined &&
    JSON.stringify(item[member]) !== JSON.stringify(value);
  const state =
    initial && off(initial.member, initial.value)
      ? [
          finding('initial_state_off', {
            member: initial.member,
            got: item[initial.member],
            expected: initial.value,
            words: initial.words,
          }),
        ]
      : [];
  const values = initialValuesOf(collection, contract)
    .filter(({ member, value }) => off(member, value))
    .map(({ member, value, words }) =>
      finding('initial_value_off', { member, got: item[member], expected: value, words }),
    );
  return [...state, ...values];
}
