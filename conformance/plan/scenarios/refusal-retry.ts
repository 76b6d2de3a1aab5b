// A change refused for a member the refusal names (a pointer, or the member's name in its words:
// "mileageKm can not go down from 5000000"), where the item holds a value for it: the change is
// sent again once with the held value, so the scenario goes on with a body the service takes.
import { pointedTopMembers } from '../../judge/error-pointers.js';
import { asObject } from '../../judge/json-body.js';
import { membersNamedIn } from '../../judge/said-rules.js';

/** The body with each member the refusal names set to the held value; undefined where none is. */
export function withHeldValues(
  body: unknown,
  refusal: unknown,
  holding: Readonly<Record<string, unknown>>,
): Record<string, unknown> | undefined {
  const sent = asObject(body);
  if (!sent) return undefined;
  const names = Object.keys(sent);
  const named = [...new Set([...pointedTopMembers(refusal), ...membersNamedIn(refusal, names)])].filter(
    (name) =>
      names.includes(name) &&
      holding[name] !== undefined &&
      JSON.stringify(holding[name]) !== JSON.stringify(sent[name]),
  );
  return named.length > 0 ? { ...sent, ...Object.fromEntries(named.map((name) => [name, holding[name]])) } : undefined;
}
