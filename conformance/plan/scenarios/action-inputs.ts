// An action's invalid bodies, sent while its item is in a state the action starts from ("`submitted`
// → `draft`; the body must carry a non-empty `rejectionReason`"). Sent on an item in any other
// state, every body is refused for the state (409) whatever it holds, and a service that takes a
// body without its required members is never seen. An item is made, moved into a start state, and
// sent bodies missing a required member or holding one of another type: each must be refused.
import type { Action, Resource } from '../../../spec/index.js';
import { asObject } from '../../judge/json-body.js';
import type { PlanContext } from '../context.js';
import { madeInStartState } from './action-paths.js';
import { createParent, parentParams } from './parents.js';
import { answeredAs, type SequenceRunner } from './sequence-runner.js';

type Body = Record<string, unknown>;

/** Actions the words let start only from some states, with a body that has required members. */
export function gatedActionsWithBodies(resource: Resource, context: PlanContext): Action[] {
  return (resource.idioms.actions ?? []).filter((action) => {
    if (!action.from || action.member === undefined) return false;
    const schema = context.requestSchema(action.operation)?.schema as { required?: unknown } | undefined;
    return Array.isArray(schema?.required) && schema.required.length > 0;
  });
}

export const hasGatedBodies = (context: PlanContext) => (resource: Resource) =>
  gatedActionsWithBodies(resource, context).length > 0;

/** Up to three invalid forms of a valid body: each of two required members left out, and the first
 * one sent as a value of another type. */
function invalidForms(valid: Body, required: readonly string[]): Array<{ label: string; body: Body }> {
  const present = required.filter((member) => member in valid).slice(0, 2);
  const without = present.map((member) => {
    const { [member]: _left, ...rest } = valid;
    return { label: `without the required ${member}`, body: rest };
  });
  const first = present[0];
  const retyped =
    first === undefined
      ? []
      : [
          {
            label: `with ${first} of another type`,
            body: { ...valid, [first]: typeof valid[first] === 'number' ? 'x' : 42 },
          },
        ];
  return [...without, ...retyped];
}

const stepOf = (action: Action) => `${action.verb} with an invalid body refused in a state it starts from`;

export async function checkActionInputs(resource: Resource, context: PlanContext, runner: SequenceRunner) {
  const { collection } = resource;
  const gated = gatedActionsWithBodies(resource, context);
  const parameter = collection.read?.parameter ?? collection.remove?.parameter;
  if (gated.length === 0 || !parameter || runner.stopped()) return;
  const reach = runner.reach.scenario('action inputs', collection.path, gated.map(stepOf));
  const parent =
    (await createParent(collection, context, runner, 'action inputs')) ??
    (await parentParams(collection, context, runner));
  if (!parent) return reach.stop('no parent could be made or found');
  const actions = resource.idioms.actions ?? [];
  for (const action of gated) {
    if (runner.stopped()) break;
    const step = stepOf(action);
    const making = { what: `to ${action.verb}`, purpose: 'action inputs', parent };
    const started = await madeInStartState(action, actions, collection, parameter, making, context, runner);
    if ('why' in started) {
      reach.skip(step, started.why);
      continue;
    }
    const { at } = started;
    const request = context.requestSchema(action.operation);
    const valid = context.testCase(action.operation, { kind: 'positive', plain: true, pathParams: at });
    const body = valid.payload?.kind === 'json' ? asObject(valid.payload.value) : undefined;
    const required = (request?.schema as { required?: string[] } | undefined)?.required ?? [];
    const forms = body ? invalidForms(body, required).filter((form) => request?.isValid(form.body) === false) : [];
    if (forms.length === 0) {
      reach.skip(step, `no invalid body of ${action.verb} could be drawn`);
      continue;
    }
    let answered = true;
    for (const form of forms) {
      const executed = await runner.execute(
        context.testCase(action.operation, {
          kind: 'negative',
          mutation: form.label,
          pathParams: at,
          payload: { kind: 'json', value: form.body },
          what: `${form.label}, on an item in a state ${action.verb} starts from`,
        }),
        { collection },
      );
      if (!executed?.exchange.ok) {
        reach.skip(step, answeredAs(executed));
        answered = false;
        break;
      }
      // Taken: the item has moved on, and the next body would meet another state.
      if (executed.exchange.response.status < 300) break;
    }
    if (answered) reach.done(step);
  }
}
