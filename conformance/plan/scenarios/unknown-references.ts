// Members that name other items (`projectId`, `tagIds`, `memberId`) are checked by the service: a
// creation naming an item that exists nowhere, or one the run deleted, is refused, with the status
// the document's words give that rule where they give one ("`projectId` must name a live project
// [`422`, `unknown_project`]"). Each is sent beside an item the run made just before from the same
// body, so the body is known to be valid but for the member judged. Judged as api_idioms_honoured
// (unknown_reference_accepted, unknown_reference_status).
import { type CollectionSpec, collectionResource, type Resource, referencedName } from '../../../spec/index.js';
import { asObject } from '../../judge/json-body.js';
import type { PlanContext } from '../context.js';
import { referencedCollections } from '../references.js';
import { createParent, parentParams } from './parents.js';
import { answeredAs, succeeded } from './sequence-runner.js';
import type { SequenceRunner } from './sequences.js';

type Body = Record<string, unknown>;

/** Values like a listed id that no listed id is, most unlikely first: a run of digits made nines
 * (sequential ids: mem_0087 -> mem_9999), then the last digit or letter changed. */
export function unknownLike(id: unknown, listed: readonly unknown[]): unknown[] {
  const taken = new Set(listed.map((value) => JSON.stringify(value)));
  const fresh = (candidate: unknown) => !taken.has(JSON.stringify(candidate));
  if (typeof id === 'number') {
    const highest = Math.max(...listed.filter((v): v is number => typeof v === 'number'), id);
    return [Number.isInteger(id) ? highest + 7919 : highest * 2 + 1];
  }
  if (typeof id !== 'string' || id === '') return [];
  const candidates: string[] = [];
  const digits = /\d+(?=\D*$)/.exec(id);
  if (digits)
    candidates.push(
      `${id.slice(0, digits.index)}${'9'.repeat(digits[0].length)}${id.slice(digits.index + digits[0].length)}`,
    );
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
  return [...new Set(candidates)].filter(fresh);
}

/** The collection a member names, where it is top-level and readable (so a made-up id can be shown
 * to exist nowhere). */
function readableTarget(member: string, resource: Resource, context: PlanContext): CollectionSpec | undefined {
  const create = resource.collection.create?.operation;
  const listed = create ? referencedCollections(create, context.collections).get(member) : undefined;
  const name = referencedName(member);
  const other =
    listed ??
    context.collections.find((c) => name !== undefined && !c.path.includes('{') && collectionResource(c) === name);
  return other?.read && !other.path.includes('{') ? other : undefined;
}

/** The first candidate the target's read shows absent (404); without a read, the first. */
async function absentOf(
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

export const namesOtherItems = (resource: Resource): boolean =>
  resource.collection.create !== undefined && resource.collection.create.operation.requestBody !== undefined;

export async function checkUnknownReferences(resource: Resource, context: PlanContext, runner: SequenceRunner) {
  const { collection } = resource;
  const create = collection.create;
  if (!create || runner.stopped()) return;
  // A parent of its own, where the run can make one: no other scenario's items meet the probes there.
  const parent =
    (await createParent(collection, context, runner, 'references')) ??
    (await parentParams(collection, context, runner));
  const references = await runner.references(collection, parent);
  if (references.size === 0) return;
  // Only where the words give the rule a refusal: a document silent on it leaves unknown ids open.
  const members = [...references.keys()].filter((member) => resource.idioms.refusals?.[member] !== undefined);
  if (members.length === 0) return;
  const reach = runner.reach.scenario(
    'references',
    collection.path,
    members.map((member) => `unknown ${member} refused`),
  );
  const made = await runner.make(collection, {
    what: 'beside which unknown references are sent',
    purpose: 'references',
    parent,
  });
  if ('refused' in made) return reach.stop(made.refused);
  const sent = asObject(made.made.sent);
  if (!sent) return reach.stop('its creation sent no JSON object');
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
  for (const member of members) {
    if (runner.stopped()) break;
    const ids = references.get(member) ?? [];
    const current = sent[member];
    const like = unknownLike(Array.isArray(current) ? current[0] : current, ids);
    const unknown = await absentOf(like, readableTarget(member, resource, context), context, runner);
    if (unknown === undefined || current === undefined) {
      reach.skip(`unknown ${member} refused`, `no value like its listed ids could be made up`);
      continue;
    }
    // Fresh values of its own (a time slot, a key), the made item's references, this one unknown;
    // a list keeps a listed id beside the unknown one (a service that checks only the first).
    // Where it stands, the made item's body; else one made whole the same way, of its own values.
    const drafted = freed
      ? undefined
      : asObject(await runner.draft(collection, { what: '', purpose: `unknown ${member}`, parent }));
    const base: Body = { ...(drafted ?? sent) };
    const value = Array.isArray(current) ? [...current.slice(0, 1), unknown] : unknown;
    let body: Body = { ...base, [member]: value };
    if (request && !request.isValid(body)) body = { ...sent, [member]: Array.isArray(current) ? [unknown] : unknown };
    if (request && !request.isValid(body)) {
      reach.skip(`unknown ${member} refused`, 'no valid body names an unknown item');
      continue;
    }
    const testCase = context.testCase(create.operation, {
      kind: 'positive',
      plain: true,
      pathParams: parent,
      payload: { kind: 'json', value: body },
      what: `naming an item that exists nowhere in ${member}`,
    });
    const expectedStatus = resource.idioms.refusals?.[member];
    const executed = await runner.execute(testCase, {
      collection,
      sequence: {
        idiom: {
          idiom: 'reference-unknown',
          member,
          how: JSON.stringify(unknown),
          ...(expectedStatus ? { expectedStatus } : {}),
        },
      },
    });
    if (!executed?.exchange.ok) {
      reach.skip(`unknown ${member} refused`, answeredAs(executed));
      continue;
    }
    reach.done(`unknown ${member} refused`);
  }
}
