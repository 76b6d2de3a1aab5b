// Values unique within a scope the words name ("must not overlap another booking of the same desk
// (same `spaceCode` and `deskNumber`)", "a vet cannot have two appointments ... at the same instant"):
// the values of an item the run made, sent again under a scope of the run's own (another desk of the
// same space, another vet), are free. A refusal with the conflict status means the service holds
// them more widely than the words say (values_in_other_scope_refused).
import { type CollectionSpec, nestedItemsCarried, type Resource, type UniqueRule } from '../../../spec/index.js';
import { idPathText } from '../../judge/json-body.js';
import type { TestCase } from '../../model.js';
import type { PlanContext } from '../context.js';
import { referencedCollections } from '../references.js';
import type { SequenceRunner } from './sequences.js';

type Body = Record<string, unknown>;

/** A nested collection whose item path values the rule's members carry (a desk's `spaceCode` and
 * `deskNumber` for /spaces/{code}/desks/{number}). */
function nestedScope(rule: UniqueRule, collection: CollectionSpec, context: PlanContext) {
  return nestedItemsCarried(rule.members, context.collections, collection).find(({ other }) => other.create);
}

/** The rule's members that together name a nested item (`spaceCode`, `deskNumber`): the maker's
 * compound reference fills them, coherent, so no fresh item is made for one of them alone. */
export const nestedScopeMembers = (rule: UniqueRule, collection: CollectionSpec, context: PlanContext): string[] =>
  Object.values(nestedScope(rule, collection, context)?.carried ?? {});

/** The rule's members that name other items: a reference, or members naming a nested item together. */
function scopeMembers(rule: UniqueRule, resource: Resource, context: PlanContext): string[] {
  const create = resource.collection.create?.operation;
  if (!create || rule.limit !== 1) return [];
  const compound = nestedScope(rule, resource.collection, context);
  if (compound) return Object.values(compound.carried);
  const references = referencedCollections(create, context.collections);
  return rule.members.filter((member) => {
    const other = references.get(member);
    return other !== undefined && other.create !== undefined && !other.path.includes('{');
  });
}

/** The step's name, where the rule has a scope the run can vary. */
export const otherScopeStep = (rule: UniqueRule, resource: Resource, context: PlanContext): string | undefined => {
  const scope = scopeMembers(rule, resource, context);
  return scope.length > 0 ? `same values under another ${scope.join(' and ')} accepted` : undefined;
};

/** The second item's body with the scope moved to an item of the run's own, or why not. */
async function movedScope(
  rule: UniqueRule,
  resource: Resource,
  context: PlanContext,
  runner: SequenceRunner,
  second: Body,
): Promise<Body | string> {
  const nested = nestedScope(rule, resource.collection, context);
  if (nested) {
    // Another item under the same parent (another desk of the same space): its last path value.
    const { other, names, carried } = nested;
    const parent = Object.fromEntries(names.slice(0, -1).map((name) => [name, String(second[carried[name]!])]));
    const making = await runner.make(other, {
      what: 'to hold the values under',
      purpose: 'unique other scope',
      parent,
    });
    if (!('made' in making)) return String(making.refused);
    const last = names.at(-1)!;
    const value = making.made.item[last] ?? making.made.at(other.read!.parameter)[last];
    const typed = typeof second[carried[last]!] === 'number' ? Number(value) : value;
    return { ...second, [carried[last]!]: typed };
  }
  const references = referencedCollections(resource.collection.create!.operation, context.collections);
  const moved: Body = { ...second };
  for (const member of scopeMembers(rule, resource, context)) {
    const other = references.get(member)!;
    const making = await runner.make(other, {
      what: `for ${member} of its own`,
      purpose: 'unique other scope',
      parent: {},
    });
    if (!('made' in making)) return String(making.refused);
    moved[member] = making.made.item[other.idProperty] ?? idPathText(making.made.item, other.idProperty);
  }
  return moved;
}

/** Sends the held values under another scope; whether the step ran, or why not. */
export async function checkOtherScope(
  parts: { resource: Resource; rule: UniqueRule; context: PlanContext; runner: SequenceRunner },
  second: Body,
  caseWith: (body: unknown, what: string) => TestCase,
  evidence: { expectedStatus: number; values: string; words: string; limit: number },
): Promise<string | undefined> {
  const { resource, rule, context, runner } = parts;
  const body = await movedScope(rule, resource, context, runner, second);
  if (typeof body === 'string') return body;
  const scope = scopeMembers(rule, resource, context);
  const how = `under another ${scope.join(' and ')} (${scope.map((m) => JSON.stringify(body[m])).join(', ')})`;
  const sent = await runner.execute(caseWith(body, `with the values of an item already made, ${how}`), {
    collection: resource.collection,
    sequence: { idiom: { idiom: 'values-other-scope', ...evidence, how } },
  });
  return sent ? undefined : 'its request was not answered';
}
