// Members that name other items (`projectId`, `tagIds`, `memberId`) are checked by the service: a
// creation naming an item that exists nowhere, or one the run deleted, is refused, with the status
// the document's words give that rule where they give one ("`projectId` must name a live project
// [`422`, `unknown_project`]"). Each is sent beside an item the run made just before from the same
// body, so the body is known to be valid but for the member judged. Judged as api_idioms_honoured
// (unknown_reference_accepted, unknown_reference_status).
import {
  type CollectionSpec,
  pathMembersOf,
  propertiesOf,
  putCreation,
  type Resource,
  referencedCollection,
} from '../../../spec/index.js';
import { asObject } from '../../judge/json-body.js';
import type { PlanContext } from '../context.js';
import { referencedCollections } from '../references.js';
import { changesNaming, probeChangedReferences } from './changed-references.js';
import { absentOf, readableTarget, sampleOf, unknownLike } from './made-up-ids.js';
import { createParent, parentParams } from './parents.js';
import { sendInvalidNaming } from './precedence.js';
import {
  deletedItem,
  deletedRefused,
  itemOfOtherScope,
  itemUnderAnotherParent,
  LIVE,
  SAME_PARENT,
  sharedScope,
} from './refused-references.js';
import { answeredAs, succeeded } from './sequence-runner.js';
import type { SequenceRunner } from './sequences.js';

export { unknownLike };

type Body = Record<string, unknown>;

/** The value a member holds in the body; a list entry's member (`lines[].sku`) in its first entry. */
export function namedIn(body: Body, member: string): unknown {
  const [, array, inner] = /^(.+)\[\]\.(.+)$/.exec(member) ?? [];
  if (array === undefined || inner === undefined) return body[member];
  const entries = body[array];
  return Array.isArray(entries) ? asObject(entries[0])?.[inner] : undefined;
}

/** Bodies naming `named` in the member, most telling first: a list keeps a listed id (an entry that
 * names one) beside the one judged, for a service that checks only the first; then alone. */
export function namingIn(body: Body, member: string, named: unknown): Body[] {
  const [, array, inner] = /^(.+)\[\]\.(.+)$/.exec(member) ?? [];
  if (array === undefined || inner === undefined) {
    const current = body[member];
    return Array.isArray(current)
      ? [
          { ...body, [member]: [...current.slice(0, 1), named] },
          { ...body, [member]: [named] },
        ]
      : [{ ...body, [member]: named }];
  }
  const entries = body[array];
  const first = Array.isArray(entries) ? asObject(entries[0]) : undefined;
  if (!first) return [];
  const unknown = { ...first, [inner]: named };
  return [
    { ...body, [array]: [first, unknown] },
    { ...body, [array]: [unknown] },
  ];
}

/** How the collection's items are made: its creation, or a PUT at a key the client chooses. */
const makingOf = (collection: CollectionSpec) => collection.create ?? putCreation(collection);

export const namesOtherItems = (resource: Resource): boolean =>
  makingOf(resource.collection)?.operation.requestBody !== undefined;

export async function checkUnknownReferences(resource: Resource, context: PlanContext, runner: SequenceRunner) {
  const { collection } = resource;
  const create = makingOf(collection);
  if (!create || runner.stopped()) return;
  // A parent of its own, where the run can make one: no other scenario's items meet the probes there.
  const parent =
    (await createParent(collection, context, runner, 'references')) ??
    (await parentParams(collection, context, runner));
  // A PUT makes each probe's item at a fresh key of its own.
  const put = collection.create ? undefined : putCreation(collection);
  let probes = 0;
  const probeAt = (): Record<string, string> => {
    const key = put && context.freshPathValue(put.operation, put.parameter, 7001 + probes++);
    return put && key !== undefined ? { ...parent, [put.parameter]: key } : parent;
  };
  const references = new Map(await runner.references(collection, parent));
  // A member naming an item below one another member names (a room's number beside its property's
  // code) is listed nowhere the run can read alone: the made body's value gives one like it.
  const sendable = Object.keys(propertiesOf(context.requestSchema(create.operation)?.schema));
  for (const member of Object.keys(resource.idioms.refusals ?? {})) {
    const other = referencedCollection(member, context.collections, collection);
    const path = other?.read?.operation.path;
    if (references.has(member) || !other?.path.includes('{') || !path) continue;
    if (pathMembersOf(path, sendable, context.collections, collection)) references.set(member, []);
  }
  if (references.size === 0) return;
  // Only where the words give the rule a refusal: a document silent on it leaves unknown ids open.
  const members = [...references.keys()].filter((member) => resource.idioms.refusals?.[member] !== undefined);
  if (members.length === 0) return;
  // For each member: an unknown item; one the run deleted where the words ask for a live one ("a
  // live (not deleted) project"); another parent's where they ask for this parent's ("of this
  // workspace").
  const said = `${create.operation.summary ?? ''} ${create.operation.description ?? ''}`;
  const topLevel = new Set(referencedCollections(create.operation, context.collections).keys());
  const plans = members.map((member) => {
    const words = resource.idioms.refusals?.[member]?.words ?? '';
    const found = referencedCollections(create.operation, context.collections).get(member);
    const target = found === collection ? undefined : found;
    const named = target ?? readableTarget(member, resource, context);
    return {
      member,
      target,
      named,
      deleted: target?.remove !== undefined && (LIVE.test(words) || deletedRefused(said, target)),
      elsewhere: target?.path.includes('{') === true && SAME_PARENT.test(words),
      // A scope the body and the named items share, where the words ask for the body's.
      scope: named && !named.path.includes('{') ? sharedScope(said, member, topLevel) : undefined,
    };
  });
  const changes = changesNaming(resource, members, context);
  const reach = runner.reach.scenario(
    'references',
    collection.path,
    plans.flatMap(({ member, deleted, elsewhere, scope }) => [
      ...changes.filter((change) => change.member === member).map(({ step }) => step),
      `unknown ${member} refused`,
      ...(deleted ? [`deleted ${member} refused`] : []),
      ...(elsewhere ? [`other parent's ${member} refused`] : []),
      ...(scope ? [`other ${scope}'s ${member} refused`] : []),
    ]),
  );
  const made = await runner.make(collection, {
    what: 'beside which unknown references are sent',
    purpose: 'references',
    parent,
  });
  if ('refused' in made) return reach.stop(made.refused);
  const sent = asObject(made.made.sent);
  if (!sent) return reach.stop('its creation sent no JSON object');
  // Its changes first, while it stands: a change naming an unknown item is refused as well.
  await probeChangedReferences(changes, made.made, references, { resource, context, runner, reach });
  // Deleted again where it can be: its body, valid as it was just shown, is then free to send again
  // (its time slot, its key), so only the member judged differs.
  const remove = collection.remove;
  const freed =
    remove !== undefined &&
    succeeded(
      await runner.execute(
        context.testCase(remove.operation, {
          kind: 'positive',
          plain: true,
          pathParams: made.made.at(remove.parameter),
          what: 'to free its values for the unknown references',
        }),
        { collection },
      ),
    );
  const request = context.requestSchema(create.operation);
  /** Sends the body with the member naming `named`, judged as a reference the service must refuse. */
  /** Sends the body with the member naming `naming` (or what it finds once the body is drafted: a
   * made-up id is shown absent after the draft, which may itself make items), judged as a reference
   * the service must refuse. */
  const probe = async (member: string, naming: unknown, step: string, what: string, kind: string, base?: Body) => {
    // Where it stands, the made item's body; else one made whole the same way, of its own values.
    const drafted = async () => asObject(await runner.draft(collection, { what: '', purpose: `${step}`, parent }));
    const bases = base ? [base] : [freed ? undefined : await drafted(), sent];
    const named = typeof naming === 'function' ? await (naming as () => Promise<unknown>)() : naming;
    if (named === undefined) return reach.skip(step, 'no value like its listed ids could be made up');
    const namingOf = (bases: readonly (Body | undefined)[]) =>
      bases
        .flatMap((one) => (one ? namingIn(one, member, named) : []))
        .find((candidate) => !request || request.isValid(candidate));
    let body = namingOf(bases);
    if (!body) return reach.skip(step, 'no valid body names that item');
    const expectedStatus = resource.idioms.refusals?.[member]?.status;
    const send = (value: Body) =>
      runner.execute(
        context.testCase(create.operation, {
          kind: 'positive',
          plain: true,
          pathParams: probeAt(),
          payload: { kind: 'json', value },
          what,
        }),
        {
          collection,
          sequence: {
            idiom: {
              idiom: 'reference-unknown',
              member,
              how: JSON.stringify(named),
              values: kind,
              ...(expectedStatus ? { expectedStatus } : {}),
            },
          },
        },
      );
    let executed = await send(body);
    // A conflict over the made item's own values, which its deletion did not free (a slug a deleted
    // event keeps): once more with a body of fresh values.
    const conflict = executed?.exchange.ok && executed.exchange.response.status === 409 && expectedStatus !== 409;
    const fresh = conflict && !base ? namingOf([await drafted()]) : undefined;
    if (fresh) executed = await send((body = fresh));
    if (!executed?.exchange.ok) return reach.skip(step, answeredAs(executed));
    reach.done(step);
    return { body, status: executed.exchange.response.status };
  };
  for (const { member, target, named, deleted, elsewhere, scope } of plans) {
    if (runner.stopped()) break;
    // A union's made item may be of a variant without the member, or with it null (a labour line
    // names no part): a valid body of the variant that names one is the base.
    const base =
      namedIn(sent, member) == null
        ? ((await bodyNaming(member, collection, runner)) ??
          withListedNamed(sent, member, references.get(member), request))
        : undefined;
    const current = namedIn(base ?? sent, member);
    const like = unknownLike(sampleOf(current, references.get(member) ?? []), references.get(member) ?? []);
    const unknown = () => absentOf(like, readableTarget(member, resource, context), context, runner);
    if (like.length === 0 || current === undefined)
      reach.skip(`unknown ${member} refused`, 'no value like its listed ids could be made up');
    else {
      const refused = await probe(
        member,
        unknown,
        `unknown ${member} refused`,
        `naming an item that exists nowhere in ${member}`,
        'an item that exists nowhere',
        base,
      );
      if (refused)
        await sendInvalidNaming(collection, member, { ...refused, valid: base ?? sent }, probeAt(), context, runner);
    }
    if (target && deleted) {
      const gone = await deletedItem(target, parent, context, runner);
      if (gone !== undefined)
        await probe(
          member,
          gone,
          `deleted ${member} refused`,
          `naming an item the run deleted in ${member}`,
          `a ${target.path} item the run deleted, where the document asks for a live one`,
          base,
        );
      else reach.skip(`deleted ${member} refused`, `no ${target.path} item could be made and deleted`);
    }
    if (target && elsewhere) {
      const other = await itemUnderAnotherParent(target, context, runner);
      if (other !== undefined)
        await probe(
          member,
          other,
          `other parent's ${member} refused`,
          `naming another parent's item in ${member}`,
          `a ${target.path} item under another parent, where the document asks for one of this parent`,
        );
      else reach.skip(`other parent's ${member} refused`, `no ${target.path} item could be made under another parent`);
    }
    if (named && scope) {
      const step = `other ${scope}'s ${member} refused`;
      const other = await itemOfOtherScope(named, scope, sent[scope], runner);
      if (other !== undefined)
        await probe(
          member,
          other,
          step,
          `naming a ${named.path} item of another ${scope} in ${member}`,
          `a ${named.path} item whose ${scope} is not the body's, where the words ask for one of the body's`,
        );
      else reach.skip(step, `no ${named.path} item of another ${scope} is listed`);
    }
  }
}

/** A valid creation body that holds the member (its union's variant that has it), if one is drawn. */
/** The made item's body naming a listed item in a member it left out (optional `labels`): one
 * value, or a list of one, whichever the creation takes. */
function withListedNamed(
  sent: Body,
  member: string,
  listed: readonly unknown[] | undefined,
  request: { isValid(value: unknown): boolean } | undefined,
): Body | undefined {
  if (member.includes('[]') || !listed?.length || !request) return undefined;
  return [listed[0], [listed[0]]].map((value) => ({ ...sent, [member]: value })).find((body) => request.isValid(body));
}

async function bodyNaming(member: string, collection: CollectionSpec, runner: SequenceRunner) {
  const bodies = await runner.bodies(collection, 8, `references ${member}`);
  return bodies.map((body) => asObject(body)).find((body) => body !== undefined && namedIn(body, member) != null);
}
