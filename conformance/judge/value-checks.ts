// api_idioms_honoured, the judgements of values one live item at a time may hold (plan/scenarios/
// unique-values.ts): taken twice, refused with another status than the words give, refused below a
// limit or under another scope, or not freed. Part of idiom-checks.ts's registry.
import type { CheckContext, Finding, IdiomEvidence } from '../model.js';
import { finding } from './findings.js';

type Judgement = (context: CheckContext, evidence: IdiomEvidence, status: number) => Finding[];

/** Refusals about the request's standing, not its values: credentials, a missing path, throttling. */
const NOT_THE_VALUES = new Set([401, 403, 404, 408, 429]);

export const VALUE_JUDGEMENTS = {
  // Values one live item at a time may hold (the document's words): taken twice, or not freed.
  'values-in-use'(_context, evidence, status) {
    const { values, words, how, limit, expectedStatus: expected } = evidence;
    if (status < 300) return [finding('values_in_use_accepted', { status, expected, values, words, how, limit })];
    // Refused, but not as the words say ("A code already in use is refused with 409"): a 422 or a
    // 400 tells the client its valid body was wrong, not that the values are taken.
    // Where the rule's words name no status, a 400 still says the valid body was malformed.
    const said = expected !== undefined && new RegExp(`\\b${expected}\\b`).test(String(words ?? ''));
    return (said || (expected !== undefined && status === 400)) &&
      status !== expected &&
      status >= 400 &&
      status < 500 &&
      !NOT_THE_VALUES.has(status)
      ? [finding('values_in_use_other_status', { status, expected, values, words, how })]
      : [];
  },
  'values-within-limit'(context, evidence, status) {
    const { values, words, how: count, limit, exact } = evidence;
    const text = context.body.kind === 'json' ? JSON.stringify(context.body.value) : '';
    if (evidence.heldElsewhere?.some((value) => text.includes(value))) return [];
    return exact && status === evidence.expectedStatus
      ? [finding('values_within_limit_refused', { status, values, words, count, limit })]
      : [];
  },
  // The same values under a scope of the run's own (another desk): free, the words scope the rule.
  'values-other-scope'(_context, evidence, status) {
    const { values, words, how: scope, expectedStatus: expected } = evidence;
    return status === expected ? [finding('values_in_other_scope_refused', { status, values, words, scope })] : [];
  },
  'values-freed'(_context, evidence, status) {
    const { values, words, how: state, expectedStatus: expected } = evidence;
    return status === expected ? [finding('freed_values_refused', { status, values, words, state })] : [];
  },
} satisfies Partial<Record<IdiomEvidence['idiom'], Judgement>>;
