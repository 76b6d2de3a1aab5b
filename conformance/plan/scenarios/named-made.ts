// The item a creation or an action of another's will name, made for the named-effects scenario:
// in a state the naming creation's words allow (an invoice a payment names is sent first), and the
// members the words tie the effect to, read off it (a payment of exactly its `balanceDue`).
import type { CollectionSpec, NamedEffect, Resource } from '../../../spec/index.js';
import { parseBody } from '../../judge/evaluate.js';
import { idPathText } from '../../judge/json-body.js';
import type { PlanContext } from '../context.js';
import { itemOf, type SequenceRunner } from './sequence-runner.js';
import { makeInState } from './stated-items.js';

interface Parts {
  readonly resource: Resource;
  readonly resourceOf: (collection: CollectionSpec) => Resource | undefined;
  readonly context: PlanContext;
  readonly runner: SequenceRunner;
}

/** A new item to be named: in a state the creation's words allow it to be named in (an invoice a
 * payment names must be sent first), moved there by its actions; else as made. */
export async function namedItem(
  effect: NamedEffect,
  other: CollectionSpec,
  purpose: string,
  { resource, resourceOf, context, runner }: Parts,
): Promise<{ named: unknown; namedAt: Record<string, string> } | { why: string }> {
  const read = other.read!;
  const rule = effect.through
    ? undefined
    : resource.idioms.referenceStates?.find((one) => one.member === effect.via && one.collection === other.path);
  if (rule && !other.path.includes('{')) {
    const actions = resourceOf(other)?.idioms.actions ?? [];
    const stated = await makeInState(other, rule, purpose, { context, runner, make: runner.make, actions });
    if ('refused' in stated) return { why: stated.refused };
    const idText = idPathText({ [other.idProperty]: stated.id }, other.idProperty);
    return { named: stated.id, namedAt: { [read.parameter]: idText } };
  }
  const making = await runner.make(other, {
    what: `for a ${resource.collection.path} item to name`,
    purpose,
    parent: {},
  });
  if (!('made' in making)) return { why: `no ${other.path} item could be made: ${making.refused}` };
  return { named: making.made.item[other.idProperty], namedAt: making.made.at(read.parameter) };
}

/** The members the words tie the effect to, read off the named item as it stands (a payment of
 * exactly the invoice's `balanceDue`). */
export async function matchingMembers(
  effect: NamedEffect,
  other: CollectionSpec,
  namedAt: Record<string, string>,
  { context, runner }: Parts,
): Promise<{ members: Record<string, unknown> } | { why: string }> {
  if (!effect.matching) return { members: {} };
  const { member, to } = effect.matching;
  const read = await runner.send(
    context.testCase(other.read!.operation, {
      kind: 'positive',
      plain: true,
      pathParams: namedAt,
      what: `for its ${to}, before an item naming it`,
    }),
  );
  const value = read?.ok ? itemOf(parseBody(read), other)?.[to] : undefined;
  if (value === undefined || value === null) return { why: `the ${other.path} item made does not say its ${to}` };
  return { members: { [member]: value } };
}
