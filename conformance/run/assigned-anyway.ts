// A service-assigned value a taken creation echoes as the client sent it: mass assignment, unless
// the service gives that value to a body without it as well (a job already done when it answers).
import { parseBody } from '../judge/evaluate.js';
import { asObject, sameAsSent } from '../judge/json-body.js';
import type { TestCase } from '../model.js';
import type { Exchange } from '../send/http.js';

/** The service-assigned members a taken creation echoes as sent that the same body without them
 * gets as well (a job done before it answers): one control creation, sent only then. */
export async function assignedAnyway(
  testCase: TestCase,
  exchange: Exchange,
  send: (control: TestCase) => Promise<Exchange | undefined>,
): Promise<string[]> {
  const { assigned, payload } = testCase;
  if (!assigned || !exchange.ok || exchange.response.status >= 300 || payload?.kind !== 'json') return [];
  const answered = parseBody(exchange);
  const echoed = Object.entries(assigned).filter(([member, value]) => {
    const item = answered.kind === 'json' ? asObject(answered.value) : undefined;
    return item !== undefined && sameAsSent(item[member], value);
  });
  const sent = asObject(payload.value);
  if (echoed.length === 0 || !sent) return [];
  const without = Object.fromEntries(Object.entries(sent).filter(([member]) => !(member in assigned)));
  const { assigned: _sent, ...rest } = testCase;
  const control = await send({ ...rest, payload: { kind: 'json', value: without } });
  const body = control ? parseBody(control) : undefined;
  const item = body?.kind === 'json' ? asObject(body.value) : undefined;
  if (!control?.ok || control.response.status >= 300 || !item) return [];
  return echoed.filter(([member, value]) => sameAsSent(item[member], value)).map(([member]) => member);
}
