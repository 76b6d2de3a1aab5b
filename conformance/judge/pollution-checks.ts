// prototype_pollution: the structure planner sends a member named __proto__ (and constructor,
// prototype) holding {"polluted": true, "isAdmin": true}. A service that merges it into a shared
// prototype shows those members in what it answers later, on objects that never held them.

import type { Check } from '../model.js';
import { finding } from './findings.js';

/** Members planted under __proto__: seen as an object's own members anywhere, pollution. */
export const PLANTED = { polluted: true, isAdmin: true } as const;
const CARRIERS = new Set(['__proto__', 'constructor', 'prototype']);

/** The pointer of an object that holds the planted member, not under a carrier member; or undefined. */
function pollutedAt(value: unknown, pointer: string, parent: string | undefined): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  if (!Array.isArray(value) && (value as Record<string, unknown>).polluted === true && !CARRIERS.has(parent ?? ''))
    return pointer || '/';
  for (const [key, child] of Object.entries(value)) {
    const found = pollutedAt(child, `${pointer}/${key}`, key);
    if (found !== undefined) return found;
  }
  return undefined;
}

export const prototypePollution: Check = (context) => {
  if (!context.exchange.ok || !context.exchange.response.text.includes('"polluted"')) return [];
  if (context.body.kind !== 'json') return [];
  // The case that sent the member may be answered with what it sent: only elsewhere is it pollution.
  const sentHere =
    context.testCase.payload?.kind === 'json' && JSON.stringify(context.testCase.payload.value).includes('"polluted"');
  const at = sentHere ? undefined : pollutedAt(context.body.value, '', undefined);
  return at === undefined ? [] : [finding('prototype_polluted', { pointer: at }, { pointer: at })];
};
