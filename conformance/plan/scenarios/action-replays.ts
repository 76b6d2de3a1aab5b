// An action that makes an item of another collection (a cart's checkout makes an order) and takes an
// idempotency key: once taken, the very request is sent again, key and all. A replay must not make a
// second item: a 2xx naming another order is a failure. A refusal of the replay is one only where the
// action's words speak of replays; where they are silent, a service may refuse a key it has seen.
import { type Action, IDEMPOTENCY_HEADER, madeElsewhere } from '../../../spec/index.js';
import { parseBody } from '../../judge/evaluate.js';
import { idKey } from '../../judge/json-body.js';
import type { TestCase } from '../../model.js';
import type { Exchange } from '../../send/http.js';
import type { PlanContext } from '../context.js';
import { itemOf, type SequenceRunner } from './sequence-runner.js';

const SPEAKS_OF_REPLAYS = /\breplay|\bsame (?:idempotency )?key\b/i;

/** Sends the taken action's request again, judged as an idempotent replay of the item it made. */
export async function replayTakenAction(
  action: Action,
  taken: { readonly testCase: TestCase; readonly answer: Exchange },
  context: PlanContext,
  runner: Pick<SequenceRunner, 'execute'>,
): Promise<void> {
  const made = madeElsewhere(context.operations, context.collections).get(action.operation);
  const header = action.operation.parameters.find((p) => p.in === 'header' && IDEMPOTENCY_HEADER.test(p.name));
  const sent = (taken.testCase.parameters ?? []).some((p) => p.in === 'header' && IDEMPOTENCY_HEADER.test(p.name));
  if (!made || !header || !sent) return;
  const item = itemOf(parseBody(taken.answer), made.collection);
  if (item?.[made.collection.idProperty] === undefined) return;
  const words = `${action.operation.summary ?? ''} ${action.operation.description ?? ''} ${header.description ?? ''}`;
  await runner.execute(
    { ...taken.testCase, label: `${taken.testCase.label} replayed with the same ${header.name}` },
    {
      collection: made.collection,
      sequence: {
        idiom: {
          idiom: 'idempotent-replay',
          id: idKey(item, made.collection.idProperty),
          ...(SPEAKS_OF_REPLAYS.test(words) ? {} : { refusalAllowed: true }),
        },
      },
    },
  );
}
