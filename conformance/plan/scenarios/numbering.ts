// Items numbered per parent (an issue's `number` in its project), judged where the document says
// how: "1 for the first issue of a project" (a new parent's first item is 1), "a number is never
// given again, not even after its issue was deleted" (a deleted item's number is not the next
// one's). Under a parent the run makes, it creates two items, reads the first, deletes the second
// and creates a third, reading it. Words the document does not say are not judged.
import {
  type CollectionSpec,
  collectionResource,
  parentItemsOf,
  propertiesOf,
  sentencesOf,
} from '../../../spec/index.js';

import type { PlanContext } from '../context.js';
import { createParent } from './parents.js';
import type { SequenceRunner } from './sequence-runner.js';

const FIRST_IS_ONE =
  /\b1 for the first\b|\bstart(?:s|ing)? (?:at|from|with) [`'"]?1\b|\bfirst [^.;]{0,40}\bis (?:number )?[`'"]?1\b/i;
const NEVER_REUSED = /\b(?:never|not)\b[^.;]{0,40}\b(?:reused|re-used|given again|used again|recycled)\b/i;

/** What the document says of the collection's numbers, from the creation's words and the id
 * member's. */
function numberingOf(
  collection: CollectionSpec,
  document: Readonly<Record<string, unknown>>,
): { firstIsOne: boolean; neverReused: boolean } | undefined {
  const { create, read } = collection;
  if (!create || !read || !collection.path.includes('{')) return undefined;
  const idSchema = propertiesOf(read.item.schema)[collection.idProperty] as
    | { type?: unknown; description?: unknown }
    | undefined;
  if (idSchema?.type !== 'integer') return undefined;
  const { path, method } = create.operation;
  const paths = document.paths as Record<string, Record<string, { description?: unknown }>> | undefined;
  // The document's own description too, where a sentence of it names these items ("Copy numbers
  // are per book: the first copy of each book is `1`").
  const info = (document.info as { description?: unknown } | undefined)?.description;
  const resource = collectionResource(collection);
  const own = sentencesOf([typeof info === 'string' ? info : undefined]).filter((sentence) =>
    new RegExp(`\\b${resource}(?:e?s)?\\b|\\b${resource.replace(/y$/, 'ies')}\\b`, 'i').test(sentence),
  );
  const words = [
    create.operation.summary,
    paths?.[path]?.[method.toLowerCase()]?.description,
    idSchema.description,
    ...own,
  ]
    .filter((text): text is string => typeof text === 'string')
    .join(' ');
  const firstIsOne = FIRST_IS_ONE.test(words);
  const neverReused = NEVER_REUSED.test(words) && collection.remove !== undefined;
  return firstIsOne || neverReused ? { firstIsOne, neverReused } : undefined;
}

export async function checkNumbering(
  collection: CollectionSpec,
  document: Readonly<Record<string, unknown>>,
  context: PlanContext,
  runner: SequenceRunner,
): Promise<void> {
  const numbering = numberingOf(collection, document);
  const read = collection.read;
  if (!numbering || !read || runner.stopped()) return;
  const steps = [
    ...(numbering.firstIsOne ? ['first number is 1'] : []),
    ...(numbering.neverReused ? ['number never reused'] : []),
  ];
  const reach = runner.reach.scenario('numbering', collection.path, steps);
  if (!parentItemsOf(collection.path, context.collections).at(-1)) return reach.stop('its parent cannot be made');
  const parent = await createParent(collection, context, runner, 'numbering parent');
  if (!parent) return reach.stop('no new parent could be made to number under');
  const make = (purpose: string) =>
    runner.make(collection, { what: `to see its number (${purpose})`, purpose, parent });
  const first = await make('numbering first');
  if ('refused' in first) return reach.stop(first.refused);
  const readOf = (at: Record<string, string>, what: string) =>
    context.testCase(read.operation, { kind: 'positive', plain: true, pathParams: at, what });
  if (numbering.firstIsOne) {
    await runner.execute(readOf(first.made.at(read.parameter), 'the first under a new parent'), {
      collection,
      sequence: { idiom: { idiom: 'number-first', id: first.made.id, expected: 1 } },
    });
    reach.done('first number is 1');
  }
  const remove = collection.remove;
  if (!numbering.neverReused || !remove) return;
  const second = await make('numbering second');
  if ('refused' in second) return reach.stop(second.refused);
  const removal = context.testCase(remove.operation, {
    kind: 'positive',
    plain: true,
    pathParams: second.made.at(remove.parameter),
    what: 'to free its number',
  });
  const removed = await runner.send(removal);
  if (!removed?.ok || removed.response.status >= 300) return reach.stop('the newest item could not be deleted');
  const third = await make('numbering third');
  if ('refused' in third) return reach.stop(third.refused);
  await runner.execute(readOf(third.made.at(read.parameter), 'made after the newest was deleted'), {
    collection,
    sequence: {
      idiom: { idiom: 'number-not-reused', id: third.made.id, expected: second.made.item[collection.idProperty] },
    },
  });
  reach.done('number never reused');
}
