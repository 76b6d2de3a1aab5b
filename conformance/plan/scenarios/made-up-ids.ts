// Ids made up to name nothing: like a listed id (a run of digits made nines, a last character
// changed), shown absent by the named collection's read where it has one.
import {
  type CollectionSpec,
  collectionResource,
  pathNamesParents,
  type Resource,
  referencedName,
} from '../../../spec/index.js';
import type { PlanContext } from '../context.js';
import { nestedReferences, referencedCollections } from '../references.js';
import type { SequenceRunner } from './sequences.js';

/** Values like a listed id that no listed id is, most unlikely first: a run of digits made nines
 * (sequential ids: mem_0087 -> mem_9999), then the last digit or letter changed, then a short run
 * widened (m-1 -> m-99999), the one value of another length. */
/** The value a made-up one is drawn like: the member's own, the first of a list of them, else (an
 * empty list, `labels: []`) the first listed. */
export function sampleOf(current: unknown, listed: readonly unknown[]): unknown {
  return Array.isArray(current) ? (current[0] ?? listed[0]) : current;
}

export function unknownLike(id: unknown, listed: readonly unknown[]): unknown[] {
  // The id itself is taken too: a run of digits already all nines would make it again.
  const taken = new Set([...listed, id].map((value) => JSON.stringify(value)));
  const fresh = (candidate: unknown) => !taken.has(JSON.stringify(candidate));
  if (typeof id === 'number') {
    const highest = Math.max(...listed.filter((v): v is number => typeof v === 'number'), id);
    return [Number.isInteger(id) ? highest + 7919 : highest * 2 + 1];
  }
  if (typeof id !== 'string' || id === '') return [];
  const candidates: string[] = [];
  const digits = /\d+(?=\D*$)/.exec(id);
  const [before, after] = digits ? [id.slice(0, digits.index), id.slice(digits.index + digits[0].length)] : [];
  // A short run of digits (`b94`, `9`) a counter reaches soon, while other scenarios make items:
  // first the run as zeros (counters start at 1), or the letter before it moved on (`c94`).
  const short = digits !== null && digits[0].length <= 3;
  if (short) candidates.push(...shortRunAway(id, digits[0], before!, after!));
  if (digits) candidates.push(`${before}${'9'.repeat(digits[0].length)}${after}`);
  for (let at = id.length - 1; at >= 0 && candidates.length < 6; at--) {
    const c = id[at]!;
    const pool = /\d/.test(c)
      ? '0123456789'
      : /[a-z]/.test(c)
        ? 'abcdefghijklmnopqrstuvwxyz'
        : /[A-Z]/.test(c)
          ? 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
          : '';
    for (let step = 1; step < pool.length && candidates.length < 6; step++) {
      candidates.push(`${id.slice(0, at)}${pool[(pool.indexOf(c) + step) % pool.length]!}${id.slice(at + 1)}`);
    }
  }
  // Last, a short run widened (m-1: m-2 to m-9 may all be the run's own members by now): m-99999.
  if (digits && digits[0].length < 5) candidates.push(`${before}99999${after}`);
  return [...new Set(candidates)].filter(fresh);
}

/** Ids of the same length and form a counter does not give next: the run as zeros, the letter
 * right before it moved on. */
function shortRunAway(id: string, run: string, before: string, after: string): string[] {
  const zeros = `${before}${'0'.repeat(run.length)}${after}`;
  const letter = /[a-y]$|[A-Y]$/.exec(before);
  const moved = letter
    ? [`${before.slice(0, -1)}${String.fromCharCode(letter[0].charCodeAt(0) + 1)}${run}${after}`]
    : [];
  return [zeros, ...moved].filter((candidate) => candidate !== id);
}

/** The collection a member names, where it is top-level and readable (so a made-up id can be shown
 * to exist nowhere). */
export function readableTarget(member: string, resource: Resource, context: PlanContext): CollectionSpec | undefined {
  const create = resource.collection.create?.operation;
  const nested = create
    ? nestedReferences(create, context.collections).find((found) => `${found.array}[].${found.member}` === member)
    : undefined;
  const listed = create
    ? (nested?.collection ?? referencedCollections(create, context.collections).get(member))
    : undefined;
  const name = referencedName(member);
  const other =
    listed ??
    context.collections.find((c) => name !== undefined && !c.path.includes('{') && collectionResource(c) === name);
  // A nested one only where its items are read by id alone (`/books/{bookId}`).
  return other?.read && (!other.path.includes('{') || !pathNamesParents(other, other.read)) ? other : undefined;
}

/** The first candidate the target's read shows absent (404); without a read, the first. */
export async function absentOf(
  candidates: readonly unknown[],
  target: CollectionSpec | undefined,
  context: PlanContext,
  runner: SequenceRunner,
): Promise<unknown> {
  const read = target?.read;
  if (!read) return candidates[0];
  for (const candidate of candidates.slice(0, 3)) {
    const answer = await runner.send(
      context.testCase(read.operation, {
        kind: 'positive',
        plain: true,
        pathParams: { [read.parameter]: String(candidate) },
        what: 'to show a made-up id names nothing',
      }),
    );
    if (answer?.ok && answer.response.status === 404) return candidate;
  }
  return undefined;
}
