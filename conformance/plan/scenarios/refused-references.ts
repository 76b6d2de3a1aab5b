// Items a creation may not name, made by the run where the words say so: one it deleted ("a live
// project"), one under another parent ("of this workspace"), one of another scope than the body's
// ("a product that this supplier supplies": the product's supplierId is not the order's).
import { type CollectionSpec, participle, referencedName, resourceWordPattern } from '../../../spec/index.js';
import { escapeRegExp } from '../../../spec/json/text.js';
import type { PlanContext } from '../context.js';
import { createParent } from './parents.js';
import { succeeded } from './sequence-runner.js';
import type { SequenceRunner } from './sequences.js';

/** Words that ask for an item that is not deleted, and for one under the same parent. */
export const LIVE = /\b(?:live|not deleted|deleted|active)\b/i;

/** The words a deletion that keeps its item gives it ("Retire a part", "Deleting a part archives
 * it"): `retired`, `archived`. A reference refused in that word ("must not be retired") is one
 * refused once deleted. */
export function deletionParticiples(target: CollectionSpec): string[] {
  const operation = target.remove?.operation;
  const verb = (
    /^\s*([A-Za-z]+)\b/.exec(operation?.summary ?? '')?.[1] ??
    /\bdeleting\b[^.;]{0,40}?\b([a-z]+)s\s+(?:it|them)\b/i.exec(operation?.description ?? '')?.[1]
  )?.toLowerCase();
  if (!verb || /^(?:delete|remove|destroy|drop|erase|purge|get|list)$/.test(verb)) return [];
  return [...new Set(participle(verb).filter((word) => word !== verb))];
}

/** Whether the creation's words refuse an item of `target` once deleted, in any clause: "409 when
 * the member is deleted", "naming a deleted member", "it must not be retired" where deleting a part
 * retires it. */
export function deletedRefused(words: string, target: CollectionSpec): boolean {
  const word = resourceWordPattern(target);
  const kept = deletionParticiples(target).map(escapeRegExp).join('|');
  const gone = kept ? `(?:deleted|${kept})` : 'deleted';
  return new RegExp(
    `\\b${word}s?\\b[^.;]{0,20}?\\b(?:is|are|was|has been)\\s+(?:soft[- ]?)?${gone}\\b|\\b${gone}\\s+${word}s?\\b` +
      (kept ? `|\\bnot\\s+(?:be\\s+|been\\s+)?(?:${kept})\\b` : ''),
    'i',
  ).test(words);
}
export const SAME_PARENT = /\b(?:this|the same|its own|the path's)\b/i;

/** The id of an item of `target` the run made (under the creation's parent values) and deleted. */
export async function deletedItem(
  target: CollectionSpec,
  parent: Readonly<Record<string, string>>,
  context: PlanContext,
  runner: SequenceRunner,
): Promise<unknown> {
  const names = [...target.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
  if (names.some((name) => parent[name] === undefined) || !target.remove) return undefined;
  const under = Object.fromEntries(names.map((name) => [name, parent[name]!]));
  const made = await runner.make(target, {
    what: 'to be deleted and then named',
    purpose: 'deleted reference',
    parent: under,
  });
  if (!('made' in made)) return undefined;
  const removed = await runner.execute(
    context.testCase(target.remove.operation, {
      kind: 'positive',
      plain: true,
      pathParams: made.made.at(target.remove.parameter),
      what: 'before a creation names it',
    }),
    { collection: target },
  );
  return succeeded(removed) ? made.made.item[target.idProperty] : undefined;
}

/** The id of an item of the nested `target` made under a parent of its own. */
export async function itemUnderAnotherParent(target: CollectionSpec, context: PlanContext, runner: SequenceRunner) {
  const other = await createParent(target, context, runner, 'another parent of a reference');
  if (!other) return undefined;
  const made = await runner.make(target, {
    what: 'under another parent',
    purpose: 'other parent reference',
    parent: other,
  });
  return 'made' in made ? made.made.item[target.idProperty] : undefined;
}

/** The body member the named items hold too (a product's supplierId beside the order's), where the
 * words ask for one of the body's: "that this supplier supplies", "of the same supplier", "the
 * product's supplierId equals the order's". */
export function sharedScope(words: string, member: string, references: Iterable<string>): string | undefined {
  return [...references].find((scope) => {
    if (scope === member || member.startsWith(`${scope}[]`)) return false;
    const word = referencedName(scope);
    const own = new RegExp(
      `\\b(?:this|that|the same|its own|the order's|the body's)\\s+${escapeRegExp(word ?? scope)}\\b`,
      'i',
    );
    const equal = new RegExp(`\\b${escapeRegExp(scope)}\\b[^.;]{0,30}\\b(?:equals?|matches|is the same as)\\b`, 'i');
    return word !== undefined && (own.test(words) || equal.test(words));
  });
}

/** The id of a listed `target` item whose `scope` member is not the body's value. */
export async function itemOfOtherScope(
  target: CollectionSpec,
  scope: string,
  value: unknown,
  runner: SequenceRunner,
): Promise<unknown> {
  const items = await runner.listedItems(target);
  const other = items.find(
    (item) => item[scope] !== undefined && JSON.stringify(item[scope]) !== JSON.stringify(value),
  );
  return other?.[target.idProperty];
}
