// How a job's start reads its request (jobs.ts starts the job): the states the item it works on
// must be in, the items its body names, the body members the job keeps, and its owner, the caller.
import {
  type CallerNames,
  type CollectionSpec,
  filledValues,
  type JsonSchema,
  type Operation,
  propertiesOf,
  type Resource,
  statusMember,
} from '../../spec/core.js';
import { MockHttpError, type sendJson } from '../core/errors.js';
import type { JobStartBehaviour } from './behaviour-types.js';
import { filledOf } from './life-bindings.js';
import { referencesOf } from './named-references.js';
import { collectionAt } from './nested.js';
import type { Collection, Collections, Item } from './store.js';

/** What a job's handlers are given of the exchange. */
export interface JobExchange {
  receiveBody(): Promise<{ judged(): unknown }>;
  readonly res: Parameters<typeof sendJson>[0];
  readonly params: Readonly<Record<string, string>>;
  collections(): Collections;
  refuse(refusal: MockHttpError): void;
}

/** What the start's body does to the job: the items it names checked, the members the job shares
 * with it kept, the job's owner filled in (as a creation's: the model's resource of the start). */
export function startBodyOf(
  start: Operation,
  schema: JsonSchema,
  resources: readonly Resource[],
  collections: readonly CollectionSpec[],
  caller: () => CallerNames | undefined,
): Pick<JobStartBehaviour, 'references' | 'kept' | 'filled' | 'caller'> {
  const request = start.requestBody?.content.find((media) => media.validator)?.validator?.schema;
  const shown = propertiesOf(schema);
  const kept = Object.keys(propertiesOf(request)).filter((name) => Object.hasOwn(shown, name));
  const resource = resources.find(({ collection }) => collection.create?.operation === start);
  const filled = resource ? filledOf(resource.collection, schema, collections, caller) : {};
  return {
    ...(resource ? referencesOf(resource, start, collections) : {}),
    ...(kept.length > 0 ? { kept } : {}),
    ...(filled.filled?.owners.length ? { filled: filled.filled, caller } : {}),
  };
}

/** The owners the service fills in on a job (its `createdBy`: the caller). */
export function ownersOf(behaviour: JobStartBehaviour, params: Readonly<Record<string, string>>): Item {
  const { filled } = behaviour;
  if (!filled) return {};
  const values = filledValues(filled, params, new Date(), behaviour.caller?.());
  return Object.fromEntries(filled.owners.flatMap((owner) => (owner in values ? [[owner, values[owner]]] : [])));
}

/** The documented refusal of a job on an item its state does not allow it for. */
export function startRefused(behaviour: JobStartBehaviour, context: JobExchange): MockHttpError | undefined {
  const rule = behaviour.startsFrom;
  if (!rule) return undefined;
  const item = collectionAt(context.collections() as Map<string, Collection>, rule.collection, context.params).find(
    context.params[rule.parameter] ?? '',
  );
  if (!item || rule.from.includes(item[rule.member])) return undefined;
  const state = JSON.stringify(item[rule.member]);
  const from = rule.from.map((value) => JSON.stringify(value)).join(', ');
  return new MockHttpError(rule.status, 'conflict', `The item is ${state}: this starts only from ${from}.`);
}

/** Where a job's start is one of a resource's actions whose words give the states it starts from. */
export function startsFromOf(
  start: Operation,
  resources: readonly Resource[],
): { startsFrom?: JobStartBehaviour['startsFrom'] } {
  for (const { collection, idioms } of resources) {
    const action = idioms.actions?.find((one) => one.operation === start);
    const parameter = collection.read?.parameter ?? collection.remove?.parameter;
    const member = action?.member ?? statusMember(collection)?.member;
    if (!action?.from || action.refusedStatus === undefined || !parameter || !member) continue;
    return {
      startsFrom: { collection: collection.path, parameter, member, from: action.from, status: action.refusedStatus },
    };
  }
  return {};
}
