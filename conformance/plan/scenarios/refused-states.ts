// Items a creation may name only in some states (the model's referenceStates: "`409` when the event
// is not `published`", "a product ... that is `active` (a discontinued product: `409`)"): the run
// makes one in another state (as made, or moved there by an action), names it in a creation whose
// other members are valid (ticket types of that very event), and expects the words' refusal. Judged
// as a reference the service must refuse (reference-unknown, api_idioms_honoured).
import {
  type Action,
  type CollectionSpec,
  putCreation,
  type ReferenceState,
  type Resource,
  statusMember,
} from '../../../spec/index.js';
import { parseBody } from '../../judge/evaluate.js';
import type { PlanContext } from '../context.js';
import { bodyNaming, sharedBeside } from './named-bodies.js';
import { parentParams } from './parents.js';
import { answeredAs, itemOf } from './sequence-runner.js';
import type { SequenceRunner } from './sequences.js';
import { setByChange } from './state-changes.js';
import { ownReferences } from './whole-invalid-creations.js';

/** The states the rule allows, in words: `active`, or a flag's value (`discontinued false`). */
const allowedText = (rule: ReferenceState) =>
  typeof rule.allowed[0] === 'boolean' ? `${rule.stateMember} ${String(rule.allowed[0])}` : rule.allowed.join(', ');

const stepOf = (rule: ReferenceState) => `${rule.member} outside ${allowedText(rule)} refused`;

export async function checkReferenceStates(
  resource: Resource,
  resourceOf: (collection: CollectionSpec) => Resource | undefined,
  context: PlanContext,
  runner: SequenceRunner,
): Promise<void> {
  const { collection } = resource;
  const rules = resource.idioms.referenceStates ?? [];
  const create = collection.create?.operation;
  if (rules.length === 0 || !create || runner.stopped()) return;
  const reach = runner.reach.scenario('reference states', collection.path, rules.map(stepOf));
  const parent = await parentParams(collection, context, runner);
  for (const rule of rules) {
    if (runner.stopped()) break;
    const named = context.collections.find((c) => c.path === rule.collection);
    const other = named && resourceOf(named);
    if (!named || !other) {
      reach.skip(stepOf(rule), `${rule.collection} is not read as a resource`);
      continue;
    }
    // Where the item is named beside others (a product of the order's supplier), the others first.
    const shared = await sharedBeside(collection, parent, rule.member, runner);
    // Nested items (a book's copy) are not made on their own here: a creation naming one moves it.
    const outside = named.path.includes('{')
      ? ({ why: `${named.path} items are made under a parent` } as const)
      : await itemOutside(named, rule, other.idioms.actions ?? [], shared, context, runner);
    const moved =
      'why' in outside ? await movedByCreation(collection, named, rule, parent, context, runner) : undefined;
    const refused = moved ?? outside;
    if ('why' in refused) {
      reach.skip(
        stepOf(rule),
        'why' in outside && moved && 'why' in moved ? `${outside.why}; ${moved.why}` : refused.why,
      );
      continue;
    }
    // The members the item was made to share (its supplier), as it holds them; the body a creation
    // already sent where that creation moved it.
    const drawn =
      'body' in refused
        ? refused.body
        : await bodyNaming(collection, parent, rule.member, refused.id, shared, 'refused state', runner);
    const request = context.requestSchema(create);
    // Its other references new ones of the run's own (a member with no loans yet): a listed one may
    // be at a limit of its own by now, and refused for that (409) where the state is what is judged.
    const object =
      drawn && typeof drawn === 'object' && !Array.isArray(drawn) ? (drawn as Record<string, unknown>) : undefined;
    const own = object ? await ownReferences(resource, context, runner, object, [rule.member]) : {};
    const renamed = object && Object.keys(own).length > 0 ? { ...object, ...own } : undefined;
    const body = renamed && request?.isValid(renamed) !== false ? renamed : drawn;
    if (!body || (request && !request.isValid(body))) {
      reach.skip(stepOf(rule), 'no valid body names that item');
      continue;
    }
    const executed = await runner.execute(
      context.testCase(create, {
        kind: 'positive',
        plain: true,
        pathParams: parent,
        payload: { kind: 'json', value: body },
        what: `naming a ${rule.collection} item ${refused.how}`,
      }),
      {
        collection,
        sequence: {
          idiom: {
            idiom: 'reference-unknown',
            member: rule.member,
            how: JSON.stringify(refused.id),
            values: `an item ${refused.how}, which the words refuse ("${rule.words}")`,
            expectedStatus: rule.status,
          },
        },
      },
    );
    if (!executed?.exchange.ok) reach.skip(stepOf(rule), answeredAs(executed));
    else reach.done(stepOf(rule));
  }
}

/** A new item of the collection in a state the rule refuses: as made, or moved there by one of its
 * actions; it holds the members the creation names beside it (the order's supplier). */
async function itemOutside(
  collection: CollectionSpec,
  rule: ReferenceState,
  actions: readonly Action[],
  shared: Record<string, unknown>,
  context: PlanContext,
  runner: SequenceRunner,
): Promise<{ id: unknown; how: string } | { why: string }> {
  // A collection the client cannot add to (read-only categories): a listed item in such a state.
  if (!collection.create && !putCreation(collection)) return listedOutside(collection, rule, runner);
  // A flag the creation takes (`discontinued`) is made set where the rule refuses it set.
  const flag = typeof rule.allowed[0] === 'boolean' ? { [rule.stateMember]: !rule.allowed[0] } : {};
  const making = await runner.make(collection, {
    what: `in a state a creation may not name it in`,
    purpose: 'refused state',
    parent: {},
    members: { ...shared, ...flag },
  });
  if (!('made' in making)) return { why: `no ${collection.path} item could be made: ${making.refused}` };
  const { item, at } = making.made;
  const id = item[collection.idProperty];
  const state = item[rule.stateMember];
  if (state !== undefined && !rule.allowed.includes(state)) return { id, how: `as made (${String(state)})` };
  const parameter = collection.read?.parameter ?? collection.remove?.parameter;
  for (const action of actions.filter((a) => a.member === rule.stateMember && !rule.allowed.includes(a.target))) {
    if (!parameter || runner.stopped()) break;
    const answer = await runner.send(
      context.testCase(action.operation, {
        kind: 'positive',
        plain: true,
        pathParams: at(parameter),
        what: `to ${action.verb} it`,
      }),
    );
    if (answer?.ok && answer.response.status < 300) return { id, how: `${String(action.target)} (${action.verb})` };
  }
  // Or a change that sets the state member ("Setting `status` to `inactive` ...").
  const changed = parameter
    ? await changedOutside(collection, rule, making.made, at(parameter), context, runner)
    : undefined;
  if (changed) return { id, how: changed };
  return { why: `no action or change moves a ${collection.path} item out of ${allowedText(rule)}` };
}

/** A listed item in a state the rule refuses (an inactive category the service seeded). */
async function listedOutside(
  collection: CollectionSpec,
  rule: ReferenceState,
  runner: SequenceRunner,
): Promise<{ id: unknown; how: string } | { why: string }> {
  const listed = (await runner.listedItems(collection)) ?? [];
  const found = listed.find(
    (item) => item[rule.stateMember] !== undefined && !rule.allowed.includes(item[rule.stateMember]),
  );
  if (!found) return { why: `no listed ${collection.path} item is outside ${allowedText(rule)}` };
  return { id: found[collection.idProperty], how: `listed ${rule.stateMember} ${String(found[rule.stateMember])}` };
}

/** The values the rule's member takes: its state's, or a flag's two. */
const valuesOf = (collection: CollectionSpec, rule: ReferenceState): readonly unknown[] => {
  const state = statusMember(collection);
  return state?.member === rule.stateMember ? state.values : [true, false];
};

/** Sets the state member of a made item to a state the rule refuses by the collection's change. */
function changedOutside(
  collection: CollectionSpec,
  rule: ReferenceState,
  made: { readonly sent?: unknown },
  at: Record<string, string>,
  context: PlanContext,
  runner: SequenceRunner,
): Promise<string | undefined> {
  const refused = valuesOf(collection, rule).filter((value) => !rule.allowed.includes(value));
  return setByChange(collection, rule.stateMember, refused, made, at, context, runner);
}

/** An item the collection's own creation moved into a state the rule refuses ("The copy becomes
 * `on_loan`"): one made by the maker, the item it names read back (by every path value the body
 * holds), and the creation's body, to be sent again. */
async function movedByCreation(
  collection: CollectionSpec,
  named: CollectionSpec,
  rule: ReferenceState,
  parent: Readonly<Record<string, string>>,
  context: PlanContext,
  runner: SequenceRunner,
): Promise<{ id: unknown; how: string; body: unknown } | { why: string }> {
  const read = named.read;
  if (!read) return { why: `${named.path} items cannot be read` };
  const making = await runner.make(collection, { what: 'to move the item it names', purpose: 'moved state', parent });
  if ('refused' in making) return { why: making.refused };
  const sent = (making.made.sent ?? {}) as Record<string, unknown>;
  const names = [...read.operation.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
  const values = names.map((name) => (name === read.parameter ? sent[rule.member] : sent[name]));
  if (values.some((value) => typeof value !== 'string' && typeof value !== 'number'))
    return { why: `its creation does not name the ${named.path} item by its path` };
  const pathParams = Object.fromEntries(names.map((name, index) => [name, String(values[index])]));
  const answer = await runner.send(
    context.testCase(read.operation, { kind: 'positive', plain: true, pathParams, what: 'named by a creation' }),
  );
  const item = answer?.ok && answer.response.status < 300 ? itemOf(parseBody(answer), named) : undefined;
  const state = item?.[rule.stateMember];
  if (state === undefined || rule.allowed.includes(state))
    return { why: `the ${named.path} item a creation names stays ${String(state)}` };
  return { id: sent[rule.member], how: `${String(state)} (named by a creation)`, body: sent };
}
