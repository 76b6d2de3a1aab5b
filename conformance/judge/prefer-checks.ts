// api_idioms_honoured for `Prefer: return=minimal` where the document ties it to an answer without a
// body (spec/model/prefer-returns.ts): a change that asked for it gets that bodiless status; one that
// did not ask gets the answer with the body. Part of idiom-checks.ts's registry.
import { preferMinimalOf } from '../../spec/index.js';
import type { CheckContext, Finding, IdiomEvidence } from '../model.js';
import { finding } from './findings.js';

type Judgement = (context: CheckContext, evidence: IdiomEvidence, status: number) => Finding[];

export const PREFER_JUDGEMENTS = {
  'prefer-minimal'(context, evidence, status) {
    if (status >= 300) return [];
    const expected = evidence.expectedStatus;
    if (status === expected && context.body.kind === 'empty') return [];
    const bytes = context.exchange.ok ? context.exchange.response.bytes : 0;
    return [finding('prefer_minimal_ignored', { status, bytes, expected, words: evidence.words })];
  },
} satisfies Partial<Record<IdiomEvidence['idiom'], Judgement>>;

/** A success without the body where the request did not ask for `return=minimal` at all. */
export function minimalUnaskedFindings(context: CheckContext): Finding[] {
  const { testCase, exchange } = context;
  if (testCase.kind !== 'positive' || !exchange.ok) return [];
  const minimal = preferMinimalOf(testCase.operation);
  if (!minimal || exchange.response.status !== minimal.minimalStatus) return [];
  const preferred = testCase.parameters?.some((p) => p.in === 'header' && /^prefer$/i.test(p.name));
  return preferred
    ? []
    : [
        finding('prefer_minimal_unasked', {
          status: minimal.minimalStatus,
          expected: minimal.fullStatus,
          words: minimal.words,
        }),
      ];
}
