// Two faults at once, where the words order the refusals ("Precedence: `401`, `404`, `400`, `422`",
// "Errors, in this order: unknown project `404`; invalid body `400`"): a write with an invalid body,
// or a read with an invalid query, below an item a read shows absent. The answer is the status the
// order puts first: a 422 where the words put 404 before it tells the client its body was the
// problem when the item was. Judged as api_idioms_honoured (precedence_not_followed).
import { bodyMutations } from '../../../spec/generate/index.js';
import {
  type CollectionSpec,
  type Contract,
  comesBefore,
  type Operation,
  parentOfPath,
  precedenceIn,
  precedenceOf,
  validationBefore,
} from '../../../spec/index.js';
import type { TestCase } from '../../model.js';
import type { PlanContext } from '../context.js';
import { absentItem, belowAbsentParent } from './missing-parents.js';
import type { SequenceRunner } from './sequences.js';

const VALIDATION = [400, 422];

/** The item the operation is below (its parent, or the item whose child it changes), readable; or
 * the item a change names itself, where the change cannot create it (a PATCH, a PUT without 201). */
function parentOf(operation: Operation, collections: readonly CollectionSpec[]) {
  const own = changesInPlace(operation) ? ownItem(operation, collections) : undefined;
  if (own) return own;
  const parent = parentOfPath(operation.path, collections);
  return parent?.collection.read && parent.parameter !== lastParameter(operation.path) ? parent : undefined;
}

const changesInPlace = (operation: Operation) =>
  operation.method === 'PATCH' ||
  (operation.method === 'PUT' && !operation.responses.some((response) => response.status === '201'));

/** The readable collection whose item the operation changes, with the parameter naming it. */
function ownItem(operation: Operation, collections: readonly CollectionSpec[]) {
  for (const collection of collections) {
    const change = [collection.update, collection.replace].find((one) => one?.operation === operation);
    if (change && collection.read) return { collection, parameter: change.parameter };
  }
  return undefined;
}

const lastParameter = (path: string) => /\{([^}]+)\}$/.exec(path)?.[1];

/** The order's first status between a missing item and invalid input, and the later ones, where
 * the operation documents 404 and the words rank them. */
export function precedenceCase(
  operation: Operation,
  contract: Contract,
  collections: readonly CollectionSpec[],
): { first: number; later: number[] } | undefined {
  const ranks = precedenceOf(contract, operation);
  if (!ranks || !breakable(operation) || !operation.responses.some((response) => response.status === '404'))
    return undefined;
  if (!parentOf(operation, collections)) return undefined;
  const validation = VALIDATION.filter((status) => ranks.some((rank) => rank.includes(status)));
  if (comesBefore(ranks, 404, validation)) return { first: 404, later: validation };
  const first = validation.find((status) => comesBefore(ranks, status, [404]));
  return first !== undefined ? { first, later: [404] } : undefined;
}

/** The fault that goes with the missing item: an invalid body, else an invalid query parameter. */
function withInvalidInput(testCase: TestCase, context: PlanContext): TestCase | undefined {
  const { operation } = testCase;
  const baseline = context.objectBaseline(operation);
  if (baseline) {
    const mutation = bodyMutations(baseline.request.schema, baseline.request.isValid, baseline.body).find(
      (one) => one.at !== undefined,
    );
    const payload = mutation?.apply(baseline.body);
    if (mutation && payload?.kind === 'json' && !baseline.request.isValid(payload.value))
      return { ...testCase, kind: 'negative', mutation: mutation.label, payload };
  }
  const broken = brokenQuery(operation);
  if (!broken) return undefined;
  const placed = [...(testCase.parameters ?? []).filter((p) => p.name !== broken.name)];
  return {
    ...testCase,
    kind: 'negative',
    mutation: `${broken.name} is ${JSON.stringify(broken.value)}`,
    parameters: [...placed, { in: 'query', ...broken }],
  };
}

/** Texts most query parameters refuse: a word with spaces and marks, a negative number. */
const ODD_TEXTS = ['Not A Value!', '-1', 'not-a-value'];

/** A query parameter and a text its schema refuses, where one is. */
function brokenQuery(operation: Operation): { name: string; value: string } | undefined {
  for (const parameter of operation.parameters.filter((one) => one.in === 'query')) {
    const value = ODD_TEXTS.find((text) => parameter.validator.validate(text).length > 0);
    if (value !== undefined) return { name: parameter.name, value };
  }
  return undefined;
}

/** Whether the operation takes input that can be made invalid: a JSON body, or a query parameter. */
const breakable = (operation: Operation) =>
  operation.requestBody?.content.some((media) => /json/i.test(media.mediaType) && media.validator) === true ||
  brokenQuery(operation) !== undefined;

export async function checkPrecedence(
  operation: Operation,
  contract: Contract,
  context: PlanContext,
  runner: SequenceRunner,
) {
  const order = precedenceCase(operation, contract, context.collections);
  const parent = parentOf(operation, context.collections);
  if (!order || !parent || runner.stopped()) return;
  const step = `a missing item and invalid input answered ${order.first}, as the words order them`;
  const reach = runner.reach.scenario('precedence', `${operation.method} ${operation.path}`, [step]);
  const below = ownItem(operation, context.collections)
    ? await absentItem(parent, context, runner)
    : await belowAbsentParent(operation, parent, context, runner);
  if (typeof below === 'string') return reach.skip(step, below);
  const absent = below[parent.parameter]!;
  const plain = context.testCase(operation, {
    kind: 'positive',
    plain: true,
    pathParams: below,
    what: `${ownItem(operation, context.collections) ? 'at' : 'below'} a ${parent.collection.path} item that does not exist, with invalid input`,
  });
  const testCase = withInvalidInput(plain, context);
  if (!testCase) return reach.skip(step, 'no body member or query parameter of it can be made invalid');
  await runner.execute(testCase, {
    sequence: { idiom: { idiom: 'precedence', expectedStatus: order.first, expected: order.later, how: absent } },
  });
  reach.done(step);
}

/** A body that holds values already in use and breaks its schema in another member, where the words
 * rank validation before the conflict (`422` → `409`): the invalid body decides the answer
 * (judge/refusal-order.ts). */
export async function sendInvalidHoldingValues(
  collection: CollectionSpec,
  held: Record<string, unknown>,
  members: readonly string[],
  conflictStatus: number,
  context: PlanContext,
  runner: SequenceRunner,
  pathParams: Record<string, string>,
) {
  const create = collection.create?.operation;
  const request = create && context.requestSchema(create);
  if (!create || !request || !validationBefore(context.overview, create, conflictStatus)) return;
  const mutation = bodyMutations(request.schema, request.isValid, held).find(
    (one) => one.at !== undefined && one.at.length > 0 && !members.includes(one.at[0]!),
  );
  const payload = mutation?.apply(held);
  if (!mutation?.at || payload?.kind !== 'json' || request.isValid(payload.value)) return;
  await runner.execute(
    context.testCase(create, {
      kind: 'negative',
      mutation: mutation.label,
      payload,
      brokenAt: mutation.at,
      pathParams,
      what: `with values in use (${members.join(', ')}), body: ${mutation.label}`,
    }),
    { collection },
  );
}

/** A body naming an unknown item that also breaks its schema in another member, where the words
 * rank the two refusals apart (X's `400` before `422`): the status the body's schema fault gets
 * alone is read first, then both at once are answered with the one the order puts first. */
export async function sendInvalidNaming(
  collection: CollectionSpec,
  member: string,
  refused: { readonly body: unknown; readonly status: number; readonly valid: unknown },
  pathParams: Record<string, string>,
  context: PlanContext,
  runner: SequenceRunner,
) {
  const create = collection.create?.operation;
  const request = create && context.requestSchema(create);
  const ranks = create && precedenceIn(context.overview, create);
  if (!create || !request || !ranks || refused.status < 400 || refused.status >= 500) return;
  const top = member.replace(/\[\].*$/, '');
  const mutation = bodyMutations(request.schema, request.isValid, refused.body).find(
    (one) => one.at !== undefined && one.at.length > 0 && one.at[0] !== top,
  );
  const broken = mutation?.apply(refused.body);
  if (!mutation || broken?.kind !== 'json' || request.isValid(broken.value)) return;
  // The schema fault alone: the status its rule gets, once the reference is a known one again.
  const alone = mutation.apply(refused.valid);
  const answer =
    alone.kind === 'json'
      ? await runner.send(
          context.testCase(create, {
            kind: 'negative',
            mutation: mutation.label,
            payload: alone,
            pathParams,
            what: `body: ${mutation.label}`,
          }),
        )
      : undefined;
  const schemaStatus = answer?.ok ? answer.response.status : undefined;
  if (schemaStatus === undefined || schemaStatus === refused.status || schemaStatus < 400 || schemaStatus >= 500)
    return;
  const first = [schemaStatus, refused.status].find((status, index, both) =>
    comesBefore(ranks, status, [both[1 - index]!]),
  );
  if (first === undefined) return;
  const later = first === schemaStatus ? refused.status : schemaStatus;
  await runner.execute(
    context.testCase(create, {
      kind: 'negative',
      mutation: mutation.label,
      payload: broken,
      pathParams,
      what: `naming an unknown item in ${member}, body: ${mutation.label}`,
    }),
    {
      collection,
      sequence: {
        idiom: {
          idiom: 'precedence',
          expectedStatus: first,
          expected: [later],
          how: `an unknown ${member} and ${mutation.label}`,
        },
      },
    },
  );
}
