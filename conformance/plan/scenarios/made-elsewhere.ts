// Items a collection has no creation for, made where the document makes them: an order by the
// checkout of a cart (spec/model/made-elsewhere.ts). The run makes the item the POST works on, and
// where the POST refuses it as it is (an empty cart: 409), first sends one valid body to each other
// POST below that item (a line into the cart), then asks again. The attempt that was refused is not
// judged: an empty cart's refusal is the document's rule, not a fault.
import {
  type CollectionSpec,
  type MadeElsewhere,
  madeElsewhere,
  type Operation,
  parentItemsOf,
  propertiesOf,
} from '../../../spec/index.js';
import { parseBody } from '../../judge/evaluate.js';
import { asObject, idKey, idPathText } from '../../judge/json-body.js';
import type { TestCase } from '../../model.js';
import type { PlanContext } from '../context.js';
import { referencedCollections, withKnownReferences } from '../references.js';
import type { MakeRequest, Making } from './making.js';
import { itemOf, refusalOf, type SequenceRunner } from './sequence-runner.js';

export interface ElsewhereParts {
  readonly context: PlanContext;
  readonly runner: Pick<SequenceRunner, 'execute' | 'send' | 'conclude' | 'stopped'>;
  readonly make: (collection: CollectionSpec, request: MakeRequest) => Promise<Making>;
  readonly listedIds: (collection: CollectionSpec) => Promise<unknown[]>;
}

/** A new item of a collection without a creation, made by the first POST that makes its items. */
export async function makeElsewhere(
  collection: CollectionSpec,
  request: MakeRequest,
  parts: ElsewhereParts,
): Promise<Making> {
  const makers = [...madeElsewhere(parts.context.operations, parts.context.collections).values()].filter(
    (made) => made.collection === collection && made.from && !made.from.collection.path.includes('{'),
  );
  if (makers.length === 0) return { refused: 'the document has no creation for it' };
  let refused = '';
  for (const maker of makers) {
    const making = await makeBy(maker, request, parts);
    if ('made' in making) return making;
    refused ||= making.refused;
  }
  return { refused };
}

async function makeBy(maker: MadeElsewhere, request: MakeRequest, parts: ElsewhereParts): Promise<Making> {
  const { context, runner } = parts;
  const source = maker.from!;
  const what = `${maker.operation.method} ${maker.operation.path}`;
  const making = await parts.make(source.collection, {
    what: `to make an item of ${maker.collection.path} from`,
    purpose: `${request.purpose}:source`,
    parent: {},
  });
  if ('refused' in making) return { refused: `the item ${what} works on could not be made: ${making.refused}` };
  const pathParams = { [source.parameter]: idPathText(making.made.item, source.collection.idProperty) };
  const [sent] = maker.operation.requestBody ? context.plainBodies(maker.operation, 1, request.purpose) : [];
  const testCase = context.testCase(maker.operation, {
    kind: 'positive',
    plain: true,
    pathParams,
    ...(sent === undefined ? {} : { payload: { kind: 'json' as const, value: sent } }),
    what: `to make an item of ${maker.collection.path} ${request.what}`,
  });
  let exchange = await runner.send(testCase);
  if (exchange?.ok && exchange.response.status >= 400 && exchange.response.status !== 401) {
    await fillSource(maker, pathParams, request.purpose, parts);
    exchange = await runner.send(testCase);
  }
  if (!exchange?.ok) return { refused: `${what} got no answer` };
  const body = parseBody(exchange);
  // A refusal after the item was filled says why in the reach: what the POST needs first may be
  // more than a line (the run cannot tell a fault from a precondition it did not meet).
  if (exchange.response.status >= 300)
    return { refused: `${what} was ${refusalOf({ testCase, exchange, body, findings: [], applied: [] })}` };
  const scope = { collection: maker.collection, sequence: { madeElsewhere: true } };
  const executed = runner.conclude(testCase, exchange, body, scope);
  const item = itemOf(executed.body, maker.collection);
  const idProperty = maker.collection.idProperty;
  if (!item || item[idProperty] === undefined)
    return { refused: `${what} answered ${exchange.response.status} without an item that names its id` };
  const id = idKey(item, idProperty);
  context.markChangedByRun(maker.collection, id);
  const text = idPathText(item, idProperty);
  return {
    made: {
      item,
      id,
      at: (parameter) => ({ [parameter]: text }),
      executed,
      testCase,
      sent,
      parent: {},
    },
  };
}

const fillCounts = new WeakMap<PlanContext, Map<Operation, number>>();

function fillsOf(context: PlanContext): Map<Operation, number> {
  let fills = fillCounts.get(context);
  if (!fills) fillCounts.set(context, (fills = new Map()));
  return fills;
}

/** The body with each numeric member at its schema's minimum, where the body stays valid. */
export function smallest(body: unknown, request: ReturnType<PlanContext['requestSchema']>): unknown {
  const object = asObject(body);
  if (!object || !request) return body;
  const smaller: Record<string, unknown> = { ...object };
  for (const [name, raw] of Object.entries(propertiesOf(request.schema))) {
    const minimum = (raw as { minimum?: unknown } | undefined)?.minimum;
    if (typeof object[name] === 'number' && typeof minimum === 'number') smaller[name] = minimum;
  }
  return request.isValid(smaller) ? smaller : body;
}

/** One valid body sent to each other POST below the source item (a line added to the cart), with
 * its members that name other items set to ones their lists hold. */
async function fillSource(
  maker: MadeElsewhere,
  pathParams: Record<string, string>,
  purpose: string,
  parts: ElsewhereParts,
): Promise<void> {
  const { context, runner } = parts;
  const makers = madeElsewhere(context.operations, context.collections);
  const siblings = context.operations.filter(
    (operation) =>
      operation.method === 'POST' &&
      operation !== maker.operation &&
      !makers.has(operation) &&
      operation.requestBody !== undefined &&
      parentItemsOf(operation.path, context.collections).at(-1)?.collection === maker.from!.collection,
  );
  for (const operation of siblings) {
    if (runner.stopped()) return;
    const [plain] = context.plainBodies(operation, 1, `${purpose}:fill`);
    if (plain === undefined) continue;
    // The first item filled is the smallest (a line of one): a threshold (free shipping from 50.00)
    // is then met from below once, and from above by the plain values of the next.
    const fills = fillsOf(context);
    const count = fills.get(operation) ?? 0;
    fills.set(operation, count + 1);
    const body = count === 0 ? smallest(plain, context.requestSchema(operation)) : plain;
    const ids = new Map<string, unknown>();
    for (const [member, other] of referencedCollections(operation, context.collections)) {
      const [first] = await parts.listedIds(other);
      if (first !== undefined) ids.set(member, first);
    }
    const testCase: TestCase = withKnownReferences(
      context.testCase(operation, {
        kind: 'positive',
        plain: true,
        pathParams,
        payload: { kind: 'json', value: body },
        what: `to fill the item before ${maker.operation.method} ${maker.operation.path}`,
      }),
      ids,
    );
    await runner.execute(testCase, {});
  }
}
