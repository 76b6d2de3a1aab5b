// Changes sent with the preconditions the document asks for (If-Match): a stale one refused with 412
// (RFC 9110 13.1.1), a missing required one with the documented 428, and `*`, which matches any
// current version of an item that exists, taken.
import type { CheckContext, Finding, IdiomEvidence } from '../model.js';
import { finding } from './findings.js';

type Judgement = (context: CheckContext, evidence: IdiomEvidence, status: number) => Finding[];

export const PRECONDITION_JUDGEMENTS = {
  'stale-if-match'(_context, evidence, status) {
    if (status < 300)
      return [finding('stale_precondition_accepted', { status, expected: evidence.expectedStatus ?? '412' })];
    const other = evidence.expectedStatus === 412 && status >= 400 && status < 500 && status !== 412 && status !== 429;
    return other ? [finding('stale_precondition_other_status', { status })] : [];
  },
  'if-match-star'(_context, _evidence, status) {
    return status === 412 || status === 428 ? [finding('if_match_star_refused', { status })] : [];
  },
  // A change the document makes take If-Match, sent without it: refused as documented (428).
  'if-match-missing'(_context, evidence, status) {
    return status < 300 ? [finding('precondition_not_required', { status, expected: evidence.expectedStatus })] : [];
  },
} satisfies Partial<Record<IdiomEvidence['idiom'], Judgement>>;
