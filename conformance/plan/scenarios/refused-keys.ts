// An idempotency key a refused request carried, taken by the next valid one, where the words say a
// refusal stores nothing ("A request refused for any reason does not store its key"): a creation
// missing a required member is sent with a fresh key, then the whole body with the same key. Where
// that is refused too, the whole body is sent once more with another key: taken there, it was the
// key that was kept (idempotency_key_kept_by_refusal); refused there as well, the body was at fault
// and the step says so.
import type { Resource } from '../../../spec/index.js';
import { parseBody } from '../../judge/evaluate.js';
import { asObject } from '../../judge/json-body.js';
import type { PlanContext } from '../context.js';
import { parentParams } from './parents.js';
import { withHeader } from './sequence-runner.js';
import type { SequenceRunner } from './sequences.js';

const STEP = 'key of a refused request left free';

const accepted = (status: number | undefined) => status !== undefined && status < 300;

export async function checkRefusedKeys(resource: Resource, context: PlanContext, runner: SequenceRunner) {
  const { collection, idioms } = resource;
  const idempotency = idioms.idempotency;
  const words = idempotency?.refusalsLeaveKeyFree;
  const create = collection.create?.operation;
  if (!idempotency || !words || !create || runner.stopped()) return;
  const reach = runner.reach.scenario('refused keys', collection.path, [STEP]);
  const parent = await parentParams(collection, context, runner);
  const whole = asObject(await runner.draft(collection, { what: 'whole', purpose: 'refused key', parent }));
  const required = context.requestSchema(create)?.schema.required;
  const dropped = Array.isArray(required) ? required.find((member) => whole && member in whole) : undefined;
  if (!whole || typeof dropped !== 'string') return reach.stop('no body with a required member to leave out');
  const { [dropped]: _left, ...broken } = whole;
  const keyed = (suffix: string) => `${context.prefix}idem-${suffix}-${context.seed}-${Date.now().toString(36)}`;
  const key = keyed('refused');
  const caseOf = (value: unknown, what: string, kind: 'positive' | 'negative', mutation?: string) =>
    context.testCase(create, {
      kind,
      plain: true,
      pathParams: parent,
      payload: { kind: 'json', value },
      what,
      ...(mutation ? { mutation } : {}),
    });
  const refusal = await runner.execute(
    withHeader(
      caseOf(broken, `without ${dropped}, with a new ${idempotency.header}`, 'negative', `${dropped} left out`),
      idempotency.header,
      key,
    ),
    { collection },
  );
  const refusedStatus = refusal?.exchange.ok ? refusal.exchange.response.status : undefined;
  if (refusedStatus === undefined || accepted(refusedStatus))
    return reach.stop(`the body without ${dropped} was ${refusedStatus ? `taken (${refusedStatus})` : 'not answered'}`);
  const retry = withHeader(
    caseOf(whole, `whole, with the ${idempotency.header} of a refused request`, 'positive'),
    idempotency.header,
    key,
  );
  const answer = await runner.send(retry);
  if (!answer?.ok) return reach.stop('the whole body was not answered');
  const scope = { collection, sequence: { idiom: { idiom: 'key-free-after-refusal' as const, words } } };
  if (accepted(answer.response.status)) {
    runner.conclude(retry, answer, parseBody(answer), scope);
    return reach.done(STEP);
  }
  // Refused: the same whole body under a key never sent tells the key from the body.
  const control = await runner.send(
    withHeader(
      caseOf(whole, `whole, with another ${idempotency.header}`, 'positive'),
      idempotency.header,
      keyed('control'),
    ),
  );
  if (!control?.ok || !accepted(control.response.status))
    return reach.stop(`the whole body was refused with another key as well (${answer.response.status})`);
  runner.conclude(retry, answer, parseBody(answer), {
    ...scope,
    sequence: { idiom: { ...scope.sequence.idiom, how: `taken (${control.response.status}) with another key` } },
  });
  reach.done(STEP);
}
