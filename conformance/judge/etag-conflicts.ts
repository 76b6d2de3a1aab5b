// etag_kept_for_another_body: one strong ETag seen on two different bodies of the same request
// (etag-memory.ts remembers them), judged on any answer, with the document's own ETag words.

import { movesWithOthers } from '../../spec/index.js';
import type { CheckContext, Finding } from '../model.js';
import { finding } from './findings.js';
import { movedByOthers } from './moved-by-others.js';

const ANY_MEMBER = /\bany member\b|\bevery member\b|\bany of its members\b/i;

/** The document's words on the read's ETag: the sentences of the API's and the read's descriptions
 * that speak of ETags. */
function etagWordsOf(context: CheckContext): string {
  const info = (context.contract.document.info as { description?: unknown } | undefined)?.description;
  const { operation } = context.testCase;
  const texts = [
    typeof info === 'string' ? info : '',
    operation.description ?? '',
    ...operation.responses.map((r) => r.description),
  ];
  return texts
    .flatMap((text) => text.split(/(?<=[.!?])\s+/))
    .filter((sentence) => /etag|entity tag/i.test(sentence))
    .join(' ');
}

/** Whether the read's documented answers declare an ETag header. */
const declaresEtag = (context: CheckContext): boolean =>
  context.testCase.operation.responses.some((response) =>
    response.headers.some((header) => header.name.toLowerCase() === 'etag'),
  );

/** One strong ETag on two different bodies of the same request (etag-memory.ts), on any answer. */
export function etagConflictFindings(context: CheckContext, ordered: Finding[] | undefined): Finding[] | undefined {
  const conflict = context.facts.etagConflict;
  if (!conflict) return ordered;
  const { etag, at, before, after, members = [] } = conflict;
  // Only counts and instants others' writes move (a page's comment_count) differ: many services tag
  // the item's own version, and a document that says the tag "changes whenever the page changes"
  // leaves open whether a comment changes the page. Said, not failed.
  // So do members the service keeps that other requests move (a product's stock, moved by receipts).
  const moved = context.collection ? movedByOthers(context.contract, context.collection) : undefined;
  // Unless the document's ETag words reach them ("whenever any member, including `ticketsSold`, differs").
  const keptMoved = (member: string) => {
    if (moved?.parent !== true || !moved.kept.has(member)) return false;
    const strict = etagWordsOf(context);
    return !ANY_MEMBER.test(strict) && !strict.includes(member);
  };
  const othersOnly = members.length > 0 && members.every((member) => movesWithOthers(member) || keptMoved(member));
  // An ETag the document neither declares nor speaks of is the server's own addition: its slip is
  // said, for the contract leaves ETags open.
  const undeclared = !declaresEtag(context) && etagWordsOf(context) === '';
  return [
    ...(ordered ?? []),
    finding(
      'etag_kept_for_another_body',
      { etag, at, before, after },
      { pointer: at, ...(othersOnly || undeclared ? { severity: 'note' as const } : {}) },
    ),
  ];
}
