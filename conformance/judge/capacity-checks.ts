// api_idioms_honoured, the judgements of a parent's capacity (plan/scenarios/capacities.ts): each
// item in the state its place gives it (admitted below the capacity, waiting past it, admitted once
// a place is freed for it), at its place among the waiting ones. Part of idiom-checks.ts's registry.
import { answeredItem } from '../../spec/index.js';
import type { CheckContext, Finding, IdiomEvidence } from '../model.js';
import { pointedTopMembers } from './error-pointers.js';
import { finding } from './findings.js';

type Judgement = (context: CheckContext, evidence: IdiomEvidence, status: number) => Finding[];

export const CAPACITY_JUDGEMENTS = {
  'capacity-state'(context, evidence, status) {
    const fields = { member: evidence.member, expected: evidence.expected, how: evidence.how, words: evidence.words };
    // A refusal pointing at a member of the body (a student enrolled already) is about that member.
    const pointed = context.body.kind === 'json' ? pointedTopMembers(context.body.value) : [];
    if (status >= 400 && status < 500)
      return pointed.length > 0 ? [] : [finding('capacity_item_refused', { ...fields, status })];
    const item =
      status < 300 && context.body.kind === 'json' ? answeredItem(context.collection, context.body.value) : undefined;
    if (!item) return [];
    const got = item[evidence.member ?? 'status'];
    if (got !== undefined && got !== evidence.expected) return [finding('capacity_state_wrong', { ...fields, got })];
    const place = evidence.place;
    const at = place ? item[place.member] : undefined;
    return place && at !== undefined && (at ?? null) !== place.expected
      ? [finding('capacity_place_wrong', { ...fields, member: place.member, got: at, expected: place.expected })]
      : [];
  },
} satisfies Record<string, Judgement>;
