// HEAD answers as GET does (RFC 9110 9.3.2): for an item that does not exist, 404 too. A made-up id
// like a listed item's (or the run's own, where none is listed), shown absent by a GET, is asked for
// with HEAD (top-level items, whose read needs no parent); a 2xx is absent_item_found_by_head. For a
// live item, with the headers its GET sends that the HEAD documents (head_header_missing).
import type { CollectionSpec, Operation } from '../../../spec/index.js';
import type { PlanContext } from '../context.js';
import { absentOf, unknownLike } from './made-up-ids.js';
import type { SequenceRunner } from './sequences.js';

/** The HEAD beside a top-level collection's item read, where the document has one. */
export function headOfRead(collection: CollectionSpec, operations: readonly Operation[]): Operation | undefined {
  const read = collection.read;
  if (!read || collection.path.includes('{')) return undefined;
  return operations.find((operation) => operation.method === 'HEAD' && operation.path === read.operation.path);
}

export async function headOfAbsent(collection: CollectionSpec, context: PlanContext, runner: SequenceRunner) {
  const read = collection.read;
  const head = headOfRead(collection, context.operations);
  if (!read || !head || runner.stopped()) return;
  const step = 'HEAD of an item that does not exist not found';
  const reach = runner.reach.scenario('head', collection.path, [step]);
  let [like] = await runner.listedIds(collection);
  if (like === undefined && collection.create) {
    const made = await runner.make(collection, { what: 'to make up an id like it', purpose: 'head', parent: {} });
    like = 'made' in made ? made.made.item[collection.idProperty] : undefined;
  }
  if (typeof like !== 'string' && typeof like !== 'number')
    return reach.skip(step, 'no item is listed or could be made');
  // Far past what the run will make (`bk_12` → `bk_999999999`): its own writes take the near ones.
  const far = typeof like === 'string' ? like.replace(/\d+(?=\D*$)/, '999999999') : undefined;
  const candidates = [...(far !== undefined && far !== like ? [far] : []), ...unknownLike(like, [])];
  const absent = await absentOf(candidates, collection, context, runner);
  if (absent === undefined) return reach.skip(step, 'no made-up id was shown absent by a read');
  await runner.execute(
    context.testCase(head, {
      kind: 'positive',
      plain: true,
      pathParams: { [read.parameter]: String(absent) },
      what: 'for an item that does not exist',
    }),
    { collection, sequence: { idiom: { idiom: 'absent-head', id: String(absent) } } },
  );
  reach.done(step);
}

/** The HEAD of a live item of the run's own, where the document has one beside its read: judged to
 * carry the headers its documented answer declares that a GET of the item just sent (its ETag). */
export async function headWhileLive(
  collection: CollectionSpec,
  head: Operation,
  read: { readonly operation: Operation },
  at: Readonly<Record<string, string>>,
  context: PlanContext,
  runner: SequenceRunner,
): Promise<void> {
  const documented = (head.responses.find((r) => r.status === '200')?.headers ?? []).map((h) => h.name);
  const plainCase = (operation: Operation, what: string) =>
    context.testCase(operation, { kind: 'positive', plain: true, pathParams: at, what });
  const got =
    documented.length > 0
      ? await runner.send(plainCase(read.operation, 'for the headers its HEAD must send too'))
      : undefined;
  const sent =
    got?.ok && got.response.status === 200
      ? documented.filter((name) => got.response.headers[name.toLowerCase()] !== undefined)
      : [];
  await runner.execute(plainCase(head, 'while it exists'), {
    collection,
    ...(sent.length > 0 ? { sequence: { idiom: { idiom: 'head-headers' as const, headers: sent } } } : {}),
  });
}
