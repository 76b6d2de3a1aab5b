// One operation taking several actions by a member of its body (`POST /rentals/{id}/actions` with
// `{"action": "pickup" | "return" | "cancel"}`): the model reads an action per value, each on a
// variant of the operation that the router never matches. The mock serves the operation itself:
// it reads the body, and the value it names takes that action's behaviour.
import type { Operation } from '../../spec/core.js';
import { MockHttpError } from '../core/errors.js';
import type { ActionBehaviour, ChoiceBehaviour } from './behaviour-types.js';
import type { HandlerContext } from './handler-context.js';

/** The member a variant's body is narrowed on: the one whose schema allows the verb alone. */
function narrowedMember(variant: Operation, verb: string): string | undefined {
  const schema = variant.requestBody?.content.find((media) => media.validator)?.validator?.schema as
    | { properties?: Record<string, { enum?: unknown[] }> }
    | undefined;
  return Object.entries(schema?.properties ?? {}).find(
    ([, property]) => property.enum?.length === 1 && property.enum[0] === verb,
  )?.[0];
}

/** A choice behaviour for each operation whose variants take actions, keyed by that operation. */
export function choicesOf(
  actions: readonly { readonly verb: string; readonly operation: Operation; readonly behaviour: ActionBehaviour }[],
): Map<Operation, ChoiceBehaviour> {
  const choices = new Map<Operation, { member: string; choices: Record<string, ActionBehaviour> }>();
  for (const { verb, operation, behaviour } of actions) {
    const whole = operation.variantOf;
    const member = whole && narrowedMember(operation, verb);
    if (!whole || !member) continue;
    const chosen = choices.get(whole) ?? { member, choices: {} };
    chosen.choices[verb] = behaviour;
    choices.set(whole, chosen);
  }
  return new Map(
    [...choices].map(([operation, { member, choices: byVerb }]) => [
      operation,
      { kind: 'choice', status: Object.values(byVerb)[0]!.status, member, choices: byVerb },
    ]),
  );
}

/** The action the request's body names, or its refusal (a body the schema refuses, a value no
 * action the mock serves takes). */
export async function chosenAction(
  behaviour: ChoiceBehaviour,
  context: HandlerContext,
): Promise<ActionBehaviour | MockHttpError> {
  const judged = (await context.receiveBody()).judged();
  if (judged instanceof MockHttpError) return judged;
  const value = (judged as Record<string, unknown> | undefined)?.[behaviour.member];
  const chosen = typeof value === 'string' ? behaviour.choices[value] : undefined;
  return chosen ?? new MockHttpError(422, 'unprocessable', `${behaviour.member} names no action this item takes.`);
}
