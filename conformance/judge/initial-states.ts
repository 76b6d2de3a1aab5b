// A new item in another state than the words give it ("creates an event in state `draft`"): judged
// on the creation's answer, unless the request sent the state itself.
import { initialStateOf } from '../../spec/index.js';
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
  if (!initial || Object.hasOwn(sent, initial.member)) return [];
  const got = item[initial.member];
  if (got === undefined || JSON.stringify(got) === JSON.stringify(initial.value)) return [];
  return [finding('initial_state_off', { member: initial.member, got, expected: initial.value, words: initial.words })];
}
