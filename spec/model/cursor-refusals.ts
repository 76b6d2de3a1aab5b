// A page token the service never gave, refused as the words say: "An unknown or malformed cursor
// answers 400", "A cursor that was not handed out is answered `400`". Where they say so, a made-up
// one taken (the first page answered as if none was sent) breaks the document; where they are
// silent, taking or refusing it are both fair.
import type { Operation } from '../contract/types.js';
import { sentencesOf } from './sentences.js';

const MADE_UP =
  /\b(?:unknown|malformed|invalid|unrecogni[sz]ed|expired|garbage|made[- ]up|not\s+(?:handed\s+out|issued|given|returned)|never\s+(?:handed\s+out|issued|given)|did\s+not\s+(?:issue|hand\s+out|give|return))\b/i;

/** The status the words give a made-up value of the operation's page token, where they give one. */
export function madeUpCursorStatus(operation: Operation, parameter: string, overview?: string): number | undefined {
  const own = operation.parameters.find((p) => p.in === 'query' && p.name === parameter)?.description;
  const documented = new Set(operation.responses.map((response) => response.status));
  const token = new RegExp(`\\b(?:${parameter.replace(/[^\w-]/g, '')}|cursor|page\\s+token)s?\\b`, 'i');
  // The document's overview too, where it says it once for every list ("## Pagination").
  for (const sentence of sentencesOf([own, operation.summary, operation.description, overview])) {
    if (!token.test(sentence) || !MADE_UP.test(sentence)) continue;
    const status = [...sentence.matchAll(/\b(4\d\d)\b/g)].map((m) => m[1]!).find((s) => documented.has(s));
    if (status !== undefined) return Number(status);
  }
  return undefined;
}
