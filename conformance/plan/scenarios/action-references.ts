// An action whose body names another item ("lesson `lessonNumber` ... must exist in the course now;
// otherwise `422`": the model's actionReferences) is refused when that item exists nowhere: an item is
// made, moved into a state the action starts from, and the action is sent naming a made-up item.
// Judged as a reference the service must refuse (reference-unknown, api_idioms_honoured).
import type { ActionReference, CollectionSpec, Resource } from '../../../spec/index.js';
import { asObject } from '../../judge/json-body.js';
import type { PlanContext } from '../context.js';
import { madeInStartState } from './action-paths.js';
import { absentOf, unknownLike } from './made-up-ids.js';
import { createParent, parentParams } from './parents.js';
import { answeredAs, type SequenceRunner } from './sequence-runner.js';
import { namedIn, namingIn } from './unknown-references.js';

export const namesInActions = (resource: Resource): boolean => (resource.idioms.actionReferences?.length ?? 0) > 0;

const stepOf = ({ verb, member }: ActionReference) => `${verb} naming an unknown ${member} refused`;

export async function checkActionReferences(resource: Resource, context: PlanContext, runner: SequenceRunner) {
  const { collection } = resource;
  const references = resource.idioms.actionReferences ?? [];
  const parameter = collection.read?.parameter ?? collection.remove?.parameter;
  if (references.length === 0 || !parameter || runner.stopped()) return;
  const reach = runner.reach.scenario('action references', collection.path, references.map(stepOf));
  const parent =
    (await createParent(collection, context, runner, 'action references')) ??
    (await parentParams(collection, context, runner));
  if (!parent) return reach.stop('no parent could be made or found');
  const actions = resource.idioms.actions ?? [];
  for (const reference of references) {
    if (runner.stopped()) break;
    const step = stepOf(reference);
    const action = actions.find((one) => one.operation === reference.operation);
    const making = { what: `to ${reference.verb}`, purpose: 'action references', parent };
    const started = await madeInStartState(action, actions, collection, parameter, making, context, runner);
    if ('why' in started) {
      reach.skip(step, started.why);
      continue;
    }
    const { at } = started;
    const valid = context.testCase(reference.operation, { kind: 'positive', plain: true, pathParams: at });
    const body = valid.payload?.kind === 'json' ? asObject(valid.payload.value) : undefined;
    const current = body && namedIn(body, reference.member);
    const unknown =
      current === undefined
        ? undefined
        : await absentOf(
            unknownLike(Array.isArray(current) ? current[0] : current, []),
            readableNamed(reference, context.collections),
            context,
            runner,
          );
    const request = context.requestSchema(reference.operation);
    const sent =
      body &&
      unknown !== undefined &&
      namingIn(body, reference.member, unknown).find((candidate) => !request || request.isValid(candidate));
    if (!sent) {
      reach.skip(step, `no valid body of ${reference.verb} names a made-up ${reference.member}`);
      continue;
    }
    const executed = await runner.execute(
      context.plainBodyCase(reference.operation, sent, `naming an item that exists nowhere in ${reference.member}`, at),
      {
        collection,
        sequence: {
          idiom: {
            idiom: 'reference-unknown',
            member: reference.member,
            how: JSON.stringify(unknown),
            values: 'an item that exists nowhere',
            expectedStatus: reference.status,
          },
        },
      },
    );
    if (!executed?.exchange.ok) reach.skip(step, answeredAs(executed));
    else reach.done(step);
  }
}

/** The collection the member names, where it is top-level and readable (so a made-up id can be shown
 * to exist nowhere); a nested one's parent is not known here. */
function readableNamed(reference: ActionReference, collections: readonly CollectionSpec[]) {
  const named = collections.find((collection) => collection.path === reference.collection);
  return named?.read && !named.path.includes('{') ? named : undefined;
}
