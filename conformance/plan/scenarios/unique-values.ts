// Values one live item at a time may hold, where the document's words say so (spec/model/
// unique-values.ts): a second item with the values of one the run made gets the documented conflict;
// so does the same instant written with another offset, where the words say instants are compared;
// and once an action moves the first into a state that frees its values, they are free again.
// Judged as api_idioms_honoured (values_in_use_accepted, freed_values_refused).
import {
  type Action,
  type Interval,
  intervalText,
  pairedMembersOf,
  type Resource,
  type UniqueRule,
} from '../../../spec/index.js';
import { asObject, idPathText } from '../../judge/json-body.js';
import type { TestCase } from '../../model.js';
import type { PlanContext } from '../context.js';
import { referencedCollections } from '../references.js';
import {
  checkDeletedValues,
  currentEtag,
  describeValues,
  otherCase,
  sameInstantElsewhere,
  shrinkWithinOwnInterval,
} from './held-values.js';
import { createParent, parentParams } from './parents.js';
import { sendInvalidHoldingValues } from './precedence.js';
import { checkOtherScope, nestedScopeMembers, otherScopeStep } from './scoped-values.js';
import { answeredAs, succeeded, withHeader } from './sequence-runner.js';
import type { SequenceRunner } from './sequences.js';
import { CHANGED_INTO_USE, changeIntoUse, changesIntoUse } from './unique-changes.js';
import { HeldReferences, holdersNow } from './unique-holders.js';

const IN_USE = 'values past the limit refused';
const OTHER_OFFSET = 'same instant with another offset refused';
const OTHER_CASE = 'same text in another case refused';
const TOUCHING = 'an item starting as another ends accepted';
const freedStep = (action: Action) => `values free after ${action.verb}`;

/** The action that moves an item into a state whose items hold nothing. */
const freeingAction = (rule: UniqueRule, actions: readonly Action[]): Action | undefined =>
  rule.freedBy
    ? actions.find((action) => action.member === rule.freedBy!.member && rule.freedBy!.values.includes(action.target))
    : undefined;

/** The rules the words give, and the key the client chooses where the creation documents a conflict:
 * a key names one item, so a second creation with it gets the 409 and changes nothing. */
function rulesOf(resource: Resource): UniqueRule[] {
  const { collection } = resource;
  const create = collection.create?.operation;
  const conflict = create?.responses.some((response) => response.status === '409');
  // The refusal the words give the key ("A `code` already in use is refused with 409"), where said.
  const said = resource.idioms.refusals?.[collection.idProperty];
  const key: UniqueRule[] =
    collection.clientKey && conflict
      ? [
          {
            members: [collection.idProperty],
            instants: [],
            conflictStatus: said?.status ?? 409,
            limit: 1,
            words: said?.words ?? `${collection.idProperty} is a key the client chooses: it names one item`,
          },
        ]
      : [];
  return [...key, ...(resource.idioms.unique ?? [])];
}

export const holdsUniqueValues = (resource: Resource): boolean =>
  rulesOf(resource).length > 0 && resource.collection.create !== undefined;

/** Items the run makes to reach a limit: a rule allowing more is said, not checked. */
const MOST_ITEMS = 8;

export async function checkUniqueValues(resource: Resource, context: PlanContext, runner: SequenceRunner) {
  for (const rule of rulesOf(resource)) {
    await checkRule(resource, rule, context, runner);
    await checkDeletedValues(resource, rule, context, runner);
    if (rule.interval) await shrinkWithinOwnInterval(resource, rule, rule.interval, context, runner);
  }
}

type Body = Record<string, unknown>;

/** A fresh item of each collection a rule's reference names, where the run can make one there: no
 * item made before holds values with it, so the count the rule allows is exact. */
async function freshScope(rule: UniqueRule, resource: Resource, context: PlanContext, runner: SequenceRunner) {
  const scope: Body = {};
  const references = referencedCollections(resource.collection.create!.operation, context.collections);
  const nested = nestedScopeMembers(rule, resource.collection, context);
  for (const member of rule.members) {
    const other = nested.includes(member) ? undefined : references.get(member);
    if (!other?.create || other.path.includes('{')) continue;
    const making = await runner.make(other, {
      what: `to hold ${member} values of its own`,
      purpose: 'unique scope',
      parent: {},
    });
    if (!('made' in making)) continue;
    scope[member] = making.made.item[other.idProperty];
    // Its own alone: another step naming it (a loan for the same member) would move the count.
    runner.reserve?.(other, idPathText(making.made.item, other.idProperty));
  }
  return scope;
}

async function checkRule(resource: Resource, rule: UniqueRule, context: PlanContext, runner: SequenceRunner) {
  const { collection, idioms } = resource;
  const create = collection.create;
  if (!create || runner.stopped()) return;
  const freeing = freeingAction(rule, idioms.actions ?? []);
  const otherScope = otherScopeStep(rule, resource, context);
  const steps = [
    IN_USE,
    ...(rule.instants.length > 0 ? [OTHER_OFFSET] : []),
    ...((rule.caseless?.length ?? 0) > 0 ? [OTHER_CASE] : []),
    ...(rule.interval?.touchingFree ? [TOUCHING] : []),
    ...(freeing ? [freedStep(freeing)] : []),
    ...(changesIntoUse(rule, resource) ? [CHANGED_INTO_USE] : []),
    ...(otherScope ? [otherScope] : []),
  ];
  const reach = runner.reach.scenario('unique values', `${collection.path} (${rule.members.join(', ')})`, steps);
  if (rule.limit > MOST_ITEMS)
    return reach.stop(`at most ${rule.limit} items hold the values: more than the run makes (${MOST_ITEMS})`);
  // Intervals under a parent of the run's own: another scenario's item could overlap the probes.
  const parent =
    (rule.interval ? await createParent(collection, context, runner, 'unique') : undefined) ??
    (await parentParams(collection, context, runner));
  const scope = await freshScope(rule, resource, context, runner);
  const scoped = (testCase: TestCase): TestCase => {
    const sent = testCase.payload?.kind === 'json' ? asObject(testCase.payload.value) : undefined;
    return sent ? { ...testCase, payload: { kind: 'json', value: { ...sent, ...scope } } } : testCase;
  };
  const purpose = `unique ${rule.members.join(' ')}`;
  const first = await runner.make(collection, {
    what: 'to hold its values',
    purpose,
    parent,
    ...(Object.keys(scope).length > 0 ? { decorate: scoped } : {}),
  });
  if ('refused' in first) return reach.stop(first.refused);
  const sent = asObject(first.made.sent);
  const held = sent ? { ...sent, ...scope } : undefined;
  const missing = rule.members.filter((member) => held?.[member] === undefined);
  if (!held || missing.length > 0) return reach.stop(`its creation did not send ${missing.join(', ')}`);
  // Each further item: fresh values of its own, but the first one's in the rule's members and in
  // every reference (a scope the words did not name is then the same too), save those another rule
  // names: they get an item of their own where the run can make one (a loan per copy, whatever the
  // member's limit).
  const references = referencedCollections(create.operation, context.collections);
  const others = new Set((resource.idioms.unique ?? []).filter((r) => r !== rule).flatMap((r) => r.members));
  // An interval's other end (or length) too: the same span, not a fresh end before its start.
  const span = [rule.interval?.end, rule.interval?.length?.member].filter((m): m is string => m !== undefined);
  // Members naming an item together (a loan's branch and copy) outside the rule: a new pair each,
  // for the item they name may hold one referrer alone (a copy on loan).
  const paired = new Set(
    [...pairedMembersOf(Object.keys(held), context.collections, collection)].filter(
      (member) => !rule.members.includes(member),
    ),
  );
  const kept = new Set(
    [...rule.members, ...span, ...[...references.keys()].filter((member) => !others.has(member))].filter(
      (member) => !paired.has(member),
    ),
  );
  const ownPair = async (nth: number): Promise<Body> => {
    if (paired.size === 0) return {};
    const heldValues = Object.fromEntries(rule.members.map((member) => [member, held[member]]));
    const drafted = asObject(
      await runner.draft(collection, {
        what: 'for a pair of its own',
        purpose: `${purpose} pair ${nth}`,
        parent,
        members: heldValues,
      }),
    );
    return Object.fromEntries(Object.entries(drafted ?? {}).filter(([member]) => paired.has(member)));
  };
  const ownScope = async (): Promise<Body> => {
    const own: Body = {};
    for (const member of others) {
      const other = references.get(member);
      if (kept.has(member) || !other?.create) continue;
      // A nested one (a book under a branch, named by id alone): made where the finder can.
      if (other.path.includes('{')) {
        const id = await runner.freshReference?.(collection, member);
        if (id !== undefined) own[member] = id;
        continue;
      }
      const making = await runner.make(other, {
        what: `for ${member} of its own`,
        purpose: 'unique other',
        parent: {},
      });
      if ('made' in making) own[member] = making.made.item[other.idProperty];
    }
    return own;
  };
  const request = context.requestSchema(create.operation);
  const fresh = await runner.freshBodies(collection, rule.limit + 1, `${purpose} more`);
  // References a refusal showed to hold one item each (a book whose one copy the first loan took).
  const renamed = new HeldReferences(collection, rule, kept, references, held, runner);
  const bodyFor = async (nth: number): Promise<Body> => {
    const mixed = {
      ...(asObject(fresh[nth % Math.max(1, fresh.length)]) ?? {}),
      ...(others.size > 0 ? await ownScope() : {}),
      ...(await ownPair(nth)),
      ...Object.fromEntries([...kept].filter((m) => m in held && !renamed.has(m)).map((m) => [m, held[m]])),
      ...(await renamed.fresh()),
    };
    return request && !request.isValid(mixed) ? held : mixed;
  };
  const caseWith = (body: unknown, what: string): TestCase =>
    context.testCase(create.operation, {
      kind: 'positive',
      plain: true,
      pathParams: parent,
      payload: { kind: 'json', value: body },
      what,
    });
  const values = describeValues(rule, held);
  const evidence = { expectedStatus: rule.conflictStatus, values, words: rule.words, limit: rule.limit };
  // Up to the limit the values are free: where the run made the scope, a refusal is a fault.
  const exact = rule.members.every((member) => member in scope || references.get(member) === undefined);
  const withinLimit = async (count: number) =>
    runner.execute(caseWith(await bodyFor(count), `as item ${count} of at most ${rule.limit} with its values`), {
      collection,
      sequence: {
        idiom: {
          idiom: 'values-within-limit',
          ...evidence,
          how: String(count),
          exact,
          heldElsewhere: renamed.elsewhere(),
        },
      },
    });
  for (let count = 2; count <= rule.limit; count++) {
    // Another step holding the values too (a member it named as well): the limit is no longer the
    // run's to count.
    const holders = exact ? await holdersNow(collection, rule, held, parent, context, runner) : undefined;
    if (holders !== undefined && holders >= count)
      return reach.stop(`${holders} items hold the values before item ${count}: another step named them too`);
    // The first take unjudged where other references are kept: a conflict may be theirs (a book
    // whose one copy the first loan took, whatever its words say). Refused so, each further item
    // gets new ones, and only a refusal that stays is judged.
    const others = [...kept].filter((member) => !rule.members.includes(member) && references.has(member));
    if (exact && others.length > 0 && renamed.none()) {
      const tried = await runner.send(caseWith(await bodyFor(count), `as item ${count} of at most ${rule.limit}`));
      if (tried?.ok && tried.response.status < 300) continue;
      if (tried?.ok && tried.response.status === rule.conflictStatus) renamed.add(others);
    }
    let within = await withinLimit(count);
    // A conflict naming a referenced item's value is that item's (its one copy taken): a new one
    // for every further item, and the same item sent again.
    const named = succeeded(within) ? [] : renamed.namedBy(within);
    if (named.length > 0) {
      renamed.add(named);
      within = await withinLimit(count);
    }
    if (!succeeded(within))
      return reach.stop(`item ${count} of at most ${rule.limit} with the values was ${answeredAs(within)}`);
  }
  const judged = (body: unknown, what: string, how: string) =>
    runner.execute(caseWith(body, what), {
      collection,
      sequence: { idiom: { idiom: 'values-in-use', ...evidence, how } },
    });
  const past =
    rule.limit === 1 ? 'with the values of an item already made' : `as item ${rule.limit + 1} with the values`;
  const second = await bodyFor(0);
  const taken = await judged(second, past, rule.limit === 1 ? 'the same values' : `item ${rule.limit + 1}`);
  reach.done(IN_USE);
  if (succeeded(taken)) return reach.stop('the service took the values past the limit');
  await sendInvalidHoldingValues(collection, second, rule.members, rule.conflictStatus, context, runner, parent);
  // The refusal changed nothing: the item that holds the values reads as it was made, in the members
  // its creation sent (a stock the service keeps may move with other writes).
  const read = collection.read;
  const sentMembers = Object.keys(asObject(first.made.sent) ?? {});
  const expected = Object.fromEntries(
    Object.entries(first.made.item).filter(([member]) => sentMembers.includes(member)),
  );
  if (read && rule.limit === 1 && Object.keys(expected).length > 0)
    await runner.execute(
      context.testCase(read.operation, {
        kind: 'positive',
        plain: true,
        pathParams: first.made.at(read.parameter),
        what: 'holding the values, after another item was refused them',
      }),
      { collection, sequence: { afterChange: { id: first.made.id, kind: 'update', expected } } },
    );
  if (changesIntoUse(rule, resource))
    await changeIntoUse({ resource, rule, context, runner, parent, held, evidence, reach });
  if (otherScope) {
    const why = await checkOtherScope({ resource, rule, context, runner }, second, caseWith, evidence);
    if (why) reach.skip(otherScope, why);
    else reach.done(otherScope);
  }
  const [instant] = rule.instants;
  const elsewhere =
    instant !== undefined && typeof held[instant] === 'string' ? sameInstantElsewhere(held[instant]) : undefined;
  if (instant !== undefined && elsewhere !== undefined) {
    const moved = await judged(
      { ...second, [instant]: elsewhere },
      `with ${instant} written with another offset`,
      `the same ${instant} written as ${elsewhere}`,
    );
    reach.done(OTHER_OFFSET);
    if (succeeded(moved)) return reach.stop('the service took the values past the limit');
  } else if (instant !== undefined) reach.skip(OTHER_OFFSET, `${instant} was sent as no date-time`);
  const [caseless] = rule.caseless ?? [];
  const swapped = caseless !== undefined && typeof held[caseless] === 'string' ? otherCase(held[caseless]) : undefined;
  const recased =
    swapped !== undefined && request?.isValid({ ...second, [caseless!]: swapped }) !== false ? swapped : undefined;
  if (caseless !== undefined && recased !== undefined) {
    const moved = await judged(
      { ...second, [caseless]: recased },
      `with ${caseless} in another case`,
      `the same ${caseless} written as ${recased}`,
    );
    reach.done(OTHER_CASE);
    if (succeeded(moved)) return reach.stop('the service took the values past the limit');
  } else if (caseless !== undefined) reach.skip(OTHER_CASE, `${caseless} has no other case its schema takes`);
  const touching = rule.interval?.touchingFree ? touchingBody(rule.interval, held, second) : undefined;
  if (touching) {
    await runner.execute(caseWith(touching.body, `starting as the first item ends (${touching.at})`), {
      collection,
      sequence: { idiom: { idiom: 'interval-touching', ...evidence, how: touching.at } },
    });
    reach.done(TOUCHING);
  } else if (rule.interval?.touchingFree) reach.skip(TOUCHING, 'the first item sent no interval to start after');
  if (!freeing) return;
  const parameter = collection.read?.parameter ?? collection.remove?.parameter;
  if (!parameter) return reach.skip(freedStep(freeing), 'no item path to act on');
  let action = context.testCase(freeing.operation, {
    kind: 'positive',
    plain: true,
    pathParams: first.made.at(parameter),
    what: `to ${freeing.verb}`,
  });
  const etag = await currentEtag(resource, context, runner, first.made.at);
  if (etag && freeing.operation.parameters.some((p) => p.in === 'header' && /^if-match$/i.test(p.name)))
    action = withHeader(action, 'If-Match', etag);
  const done = await runner.send(action);
  if (!done?.ok || done.response.status >= 300)
    return reach.skip(
      freedStep(freeing),
      `${freeing.verb} was ${done?.ok ? `answered ${done.response.status}` : 'not answered'}`,
    );
  await runner.execute(caseWith(second, `with the values of an item just ${String(freeing.target)}`), {
    collection,
    sequence: { idiom: { idiom: 'values-freed', ...evidence, how: String(freeing.target) } },
  });
  reach.done(freedStep(freeing));
}

/** A body like `second` whose interval starts exactly when the first item's (`held`) ends. */
function touchingBody(interval: Interval, held: Body, second: Body): { body: Body; at: string } | undefined {
  const start = typeof held[interval.start] === 'string' ? Date.parse(held[interval.start] as string) : Number.NaN;
  const end =
    interval.end && typeof held[interval.end] === 'string' ? Date.parse(held[interval.end] as string) : undefined;
  const length = interval.length ? held[interval.length.member] : undefined;
  const ends = end ?? (typeof length === 'number' ? start + length * interval.length!.unitMs : Number.NaN);
  if (Number.isNaN(start) || Number.isNaN(ends)) return undefined;
  const text = (ms: number) => intervalText(interval, ms);
  const at = text(ends);
  const body: Body = { ...second, [interval.start]: at };
  if (interval.end) body[interval.end] = text(ends + (ends - start));
  if (interval.length) body[interval.length.member] = length;
  return { body, at };
}
