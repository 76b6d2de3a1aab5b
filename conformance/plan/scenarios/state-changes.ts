// A state set by the collection's own change, where no action leads there ("`status` may be set to
// `draft` or `scheduled`" by PATCH): a PATCH of the member alone, or a PUT of the body the item was
// made from with the member set. Used to put an item of the run's own into a state before a check.
// A member the item declares readOnly that the change does not declare is the service's to set (a
// request carrying it through an open schema is ignored), and
// a change answered with the item in another state did not set it.
import { type CollectionSpec, propertiesOf } from '../../../spec/index.js';
import { parseBody } from '../../judge/evaluate.js';
import type { PlanContext } from '../context.js';
import { itemOf, type SequenceRunner } from './sequences.js';

/** Sets the item's `member` to the first of `states` its change takes and accepts: how, or
 * undefined where none did. */
export async function setByChange(
  collection: CollectionSpec,
  member: string,
  states: readonly unknown[],
  made: { readonly sent?: unknown },
  at: Readonly<Record<string, string>>,
  context: PlanContext,
  runner: Pick<SequenceRunner, 'send' | 'stopped'>,
): Promise<string | undefined> {
  const change = collection.update ?? collection.replace;
  const request = change && context.requestSchema(change.operation);
  if (!change || !request) return undefined;
  // readOnly on the item and not declared by the change (only an open schema takes it): ignored.
  const held = propertiesOf(collection.read?.item.schema ?? collection.create?.item.schema)[member];
  const declared = Object.hasOwn(propertiesOf(request.schema), member);
  if ((held as { readOnly?: unknown } | undefined)?.readOnly === true && !declared) return undefined;
  for (const state of states) {
    const sent = change === collection.update ? {} : ((made.sent ?? {}) as Record<string, unknown>);
    const body = { ...sent, [member]: state };
    if (!request.isValid(body) || runner.stopped()) continue;
    const answer = await runner.send(
      context.plainBodyCase(change.operation, body, `to set it ${String(state)}`, { ...at }),
    );
    if (!answer?.ok || answer.response.status >= 300) continue;
    const item = itemOf(parseBody(answer), collection);
    if (item && member in item && JSON.stringify(item[member]) !== JSON.stringify(state)) continue;
    return `${String(state)} (${change.operation.method})`;
  }
  return undefined;
}
