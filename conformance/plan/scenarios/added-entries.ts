// An operation on an entry of an item (PATCH /carts/{cartId}/lines/{sku}) needs an entry to name. A
// new item holds none, so the entry is first added by the POST beside it (POST /carts/{cartId}/lines,
// its references from listed items) and named from what that answer or a new read of the item shows:
// with a drawn key every case met a 404, and the checks behind it never ran.
import type { CollectionSpec, Operation } from '../../../spec/index.js';
import { parseBody } from '../../judge/evaluate.js';
import { isJsonObject } from '../../judge/json-body.js';
import type { Exchange } from '../../send/http.js';
import type { PlanContext } from '../context.js';
import { entryParams } from '../entry-params.js';
import { withListedReferences } from './action-bodies.js';
import type { SequenceRunner } from './sequence-runner.js';

const accepted = (exchange: Exchange | undefined): exchange is Exchange =>
  exchange?.ok === true && exchange.response.status < 300;

const jsonOf = (exchange: Exchange | undefined): unknown => {
  const body = accepted(exchange) ? parseBody(exchange) : undefined;
  return body?.kind === 'json' ? body.value : undefined;
};

/** The creation of the entries the operation's path names after `{parameter}`: the POST at
 * `/carts/{cartId}/lines` for `/carts/{cartId}/lines/{sku}`. */
function entryCreationOf(path: string, parameter: string, operations: readonly Operation[]) {
  const segments = path.split('/');
  const at = segments.indexOf(`{${parameter}}`);
  const entryParameter = segments[at + 2];
  if (at < 0 || segments.length !== at + 3 || !entryParameter || !/^\{[^}]+\}$/.test(entryParameter)) return undefined;
  const entriesPath = segments.slice(0, at + 2).join('/');
  const creation = operations.find((operation) => operation.method === 'POST' && operation.path === entriesPath);
  return creation ? { creation, name: entryParameter.slice(1, -1) } : undefined;
}

/** The entry's own member of the parameter's name, else its id: where the answer is the entry (an
 * answer naming the item itself is not). */
function ownKey(answer: unknown, name: string, itemId: string | undefined): Record<string, string> {
  if (!isJsonObject(answer)) return {};
  const value = answer[name] ?? (String(answer.id) === itemId ? undefined : answer.id);
  return typeof value === 'string' || typeof value === 'number' ? { [name]: String(value) } : {};
}

/** Path values naming an entry added to the item at `at` for the operation, or empty where there is
 * no creation beside it or it was refused. */
export async function addedEntryParams(
  operation: Operation,
  parent: { readonly collection: CollectionSpec; readonly parameter: string },
  at: Readonly<Record<string, string>>,
  context: PlanContext,
  runner: Pick<SequenceRunner, 'send'> & Partial<Pick<SequenceRunner, 'listedIds'>>,
): Promise<Record<string, string>> {
  const found = entryCreationOf(operation.path, parent.parameter, context.operations);
  if (!found) return {};
  const adding = context.testCase(found.creation, {
    kind: 'positive',
    plain: true,
    pathParams: at,
    what: `to add the entry ${operation.id} names`,
  });
  const added = await runner.send(await withListedReferences(adding, found.creation, context, runner));
  if (!accepted(added)) return {};
  // The answer is the whole item (a cart with its lines), else the entry itself, else nothing.
  const answer = jsonOf(added);
  const named = entryParams(operation.path, parent.parameter, answer);
  if (Object.keys(named).length > 0) return named;
  const own = ownKey(answer, found.name, at[parent.parameter]);
  if (Object.keys(own).length > 0) return own;
  const read = parent.collection.read?.operation;
  if (!read) return {};
  const reread = await runner.send(
    context.testCase(read, { kind: 'positive', plain: true, pathParams: at, what: 'to read the entry it added' }),
  );
  return entryParams(operation.path, parent.parameter, jsonOf(reread));
}

/** Path values naming an entry for a write addressed to one (an added line's sku), empty where the
 * write names none, undefined where none could be added. */
export async function entryFor(
  write: Operation,
  parent: { readonly collection: CollectionSpec; readonly parameter: string },
  at: Readonly<Record<string, string>>,
  item: unknown,
  context: PlanContext,
  runner: Pick<SequenceRunner, 'send'> & Partial<Pick<SequenceRunner, 'listedIds'>>,
): Promise<Record<string, string> | undefined> {
  const inPath = write.path.split('/').slice(parent.collection.path.split('/').length + 1);
  if (!inPath.some((segment) => segment.startsWith('{'))) return {};
  const held = entryParams(write.path, parent.parameter, item);
  const entry = Object.keys(held).length > 0 ? held : await addedEntryParams(write, parent, at, context, runner);
  return Object.keys(entry).length > 0 ? entry : undefined;
}
