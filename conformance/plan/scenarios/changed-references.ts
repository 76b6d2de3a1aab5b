// A change (PATCH, PUT) naming an item that exists nowhere is refused like a creation naming one,
// where the words give the member's rule a refusal ("An unknown `depotId` is refused with `422`"):
// the item the references scenario made is changed in that member alone, before it is deleted.
// Changes that require If-Match are left out (their 428 would say nothing of the reference).
import type { Resource } from '../../../spec/index.js';
import type { PlanContext } from '../context.js';
import { absentOf, readableTarget, sampleOf, unknownLike } from './made-up-ids.js';
import type { MadeItem } from './making.js';
import type { SequenceRunner } from './sequences.js';

interface ChangeNaming {
  readonly member: string;
  readonly kind: 'update' | 'replace';
  readonly step: string;
}

interface Parts {
  readonly resource: Resource;
  readonly context: PlanContext;
  readonly runner: SequenceRunner;
  readonly reach: ReturnType<SequenceRunner['reach']['scenario']>;
}

/** The changes whose body takes each member, as reach steps. */
export function changesNaming(resource: Resource, members: readonly string[], context: PlanContext): ChangeNaming[] {
  const required = new Set(
    (resource.idioms.conditional?.ifMatch ?? []).filter((one) => one.required).map((one) => one.operation),
  );
  return (['update', 'replace'] as const).flatMap((kind) => {
    const change = resource.collection[kind];
    const schema = change && context.requestSchema(change.operation)?.schema;
    const properties = (schema?.properties ?? {}) as Record<string, unknown>;
    if (!change || required.has(change.operation)) return [];
    return members
      .filter((member) => Object.hasOwn(properties, member))
      .map((member) => ({ member, kind, step: `unknown ${member} refused by ${change.operation.method}` }));
  });
}

export async function probeChangedReferences(
  changes: readonly ChangeNaming[],
  made: MadeItem,
  references: ReadonlyMap<string, readonly unknown[]>,
  { resource, context, runner, reach }: Parts,
): Promise<void> {
  for (const { member, kind, step } of changes) {
    const change = resource.collection[kind]!;
    if (runner.stopped()) return;
    const current = made.item[member];
    const like = unknownLike(sampleOf(current, references.get(member) ?? []), references.get(member) ?? []);
    const unknown = await absentOf(like, readableTarget(member, resource, context), context, runner);
    const sent = (made.sent ?? {}) as Record<string, unknown>;
    // A list of references names the made-up item alone.
    const naming = Array.isArray(current) ? [unknown] : unknown;
    const body = kind === 'update' ? { [member]: naming } : { ...sent, [member]: naming };
    if (unknown === undefined || context.requestSchema(change.operation)?.isValid(body) === false) {
      reach.skip(step, 'no valid change names a made-up item');
      continue;
    }
    const expectedStatus = resource.idioms.refusals?.[member]?.status;
    await runner.execute(
      context.testCase(change.operation, {
        kind: 'positive',
        plain: true,
        pathParams: made.at(change.parameter),
        payload: { kind: 'json', value: body },
        what: `naming an item that exists nowhere in ${member}`,
      }),
      {
        collection: resource.collection,
        sequence: {
          idiom: {
            idiom: 'reference-unknown',
            member,
            how: JSON.stringify(unknown),
            values: 'an item that exists nowhere',
            ...(expectedStatus ? { expectedStatus } : {}),
          },
        },
      },
    );
    reach.done(step);
  }
}
