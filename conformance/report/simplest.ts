// Of the exchanges that show one problem, the one a report shows: the simplest proof, the same
// whichever order concurrent requests came back in. An unknown key accepted proves more than an
// empty `Bearer`, plain input more than a wild one, a short request more than a long one.
import type { Executed } from '../model.js';

/** Credential variants from the plainest wrong credential to the subtlest (auth-variants.ts ids). */
const AUTH_PLAINNESS = [
  'valid',
  'missing',
  'wrong-key',
  'other-scheme',
  'no-scheme',
  'colon-after-scheme',
  'empty-credential',
];

const authRank = (id: string): number => {
  const at = AUTH_PLAINNESS.indexOf(id);
  return at === -1 ? AUTH_PLAINNESS.length : at;
};

const sizeOf = ({ exchange }: Executed): number => exchange.request.url.length + (exchange.request.body?.length ?? 0);

/** Whether `candidate` is a simpler proof than `shown`. */
export function simpler(candidate: Executed, shown: Executed): boolean {
  const order = [
    authRank(candidate.testCase.auth.id) - authRank(shown.testCase.auth.id),
    (candidate.testCase.plain ? 0 : 1) - (shown.testCase.plain ? 0 : 1),
    sizeOf(candidate) - sizeOf(shown),
  ].find((difference) => difference !== 0);
  if (order !== undefined) return order < 0;
  return candidate.testCase.label < shown.testCase.label;
}
