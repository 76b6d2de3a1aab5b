// A Location names the item a request made: read where it resolves, that item must answer there. For
// a collection's creation, and for an action that makes an item of another collection (a checkout's
// order), where its documented answer carries the header.
import { type Action, type CollectionSpec, madeElsewhere } from '../../../spec/index.js';
import { parseBody } from '../../judge/evaluate.js';
import { idKey, idPathText } from '../../judge/json-body.js';
import type { Exchange } from '../../send/http.js';
import type { PlanContext } from '../context.js';
import { itemOf, type SequenceRunner } from './sequence-runner.js';

/** The path values a Location names for an item path template, matched at the Location's end
 * (it may be absolute, or carry the base path); undefined where it names no such path. */
function locationParams(location: string, template: string): Record<string, string> | undefined {
  let path: string;
  try {
    path = new URL(location, 'http://relative.invalid').pathname;
  } catch {
    return undefined;
  }
  const names: string[] = [];
  const pattern = template
    .split(/(\{[^}]+\})/)
    .map((part) => {
      const name = /^\{([^}]+)\}$/.exec(part)?.[1];
      if (name === undefined) return part.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
      names.push(name);
      return '([^/]+)';
    })
    .join('');
  const match = new RegExp(`${pattern}$`).exec(path);
  if (!match) return undefined;
  return Object.fromEntries(names.map((name, index) => [name, decodeURIComponent(match[index + 1]!)]));
}

/** Reads the item at the answer's Location (at `fallback` where it names no path of the item), judged
 * as the item `id` of the collection. */
export async function readAtLocation(
  collection: CollectionSpec,
  exchange: Exchange,
  id: string,
  fallback: Record<string, string>,
  context: PlanContext,
  runner: Pick<SequenceRunner, 'execute'>,
): Promise<void> {
  const read = collection.read;
  const header = exchange.ok ? exchange.response.headers.location : undefined;
  const location = Array.isArray(header) ? header[0] : header;
  if (!read || !location) return;
  // A Location that names no path of this item is still judged: the item is read where it is, and the
  // check compares where the Location resolves.
  const pathParams = locationParams(location, read.operation.path) ?? fallback;
  const readCase = context.testCase(read.operation, {
    kind: 'positive',
    plain: true,
    pathParams,
    what: 'at its Location',
  });
  // A relative Location resolves against the creation's URL (RFC 9110 10.2.2): where it lands.
  let resolved: string | undefined;
  try {
    resolved = exchange.ok ? new URL(location, exchange.request.url).href : undefined;
  } catch {
    resolved = undefined;
  }
  await runner.execute(readCase, {
    collection,
    sequence: { idiom: { idiom: 'location', id, expected: location, ...(resolved ? { resolved } : {}) } },
  });
}

/** The Location of a taken action that makes an item of another collection, where its documented
 * answer carries one: read, it must be the item made. */
export async function followMadeLocation(
  action: Action,
  answer: Exchange,
  context: PlanContext,
  runner: Pick<SequenceRunner, 'execute'>,
): Promise<void> {
  const made = madeElsewhere(context.operations, context.collections).get(action.operation);
  const read = made?.collection.read;
  const status = answer.ok ? String(answer.response.status) : '';
  const documented = action.operation.responses
    .find((response) => response.status === status)
    ?.headers.some((header) => header.name.toLowerCase() === 'location');
  if (!made || !read || !documented) return;
  const item = itemOf(parseBody(answer), made.collection);
  if (item?.[made.collection.idProperty] === undefined) return;
  const fallback = { [read.parameter]: idPathText(item, made.collection.idProperty) };
  await readAtLocation(made.collection, answer, idKey(item, made.collection.idProperty), fallback, context, runner);
}
