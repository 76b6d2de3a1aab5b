// A creation body naming one given item in a member (an order line naming a product the run made),
// beside the members that item shares with the body (the order's supplier): the others are found
// first, the item is made holding them, and the body names it. Used where a scenario needs an item
// of its own named (a state the words refuse, a source whose copy is judged).
import type { CollectionSpec } from '../../../spec/index.js';
import { asObject } from '../../judge/json-body.js';
import { withListed } from './listed-values.js';
import type { SequenceRunner } from './sequences.js';

type Body = Record<string, unknown>;

/** The body's other top-level references, one value each: what an item named beside them shares. */
export async function sharedBeside(
  collection: CollectionSpec,
  parent: Readonly<Record<string, string>>,
  member: string,
  runner: SequenceRunner,
): Promise<Body> {
  const around = await runner.references(collection, parent);
  return Object.fromEntries(
    [...around].flatMap(([name, ids]) =>
      name.includes('[]') || name === member || ids.length === 0 ? [] : [[name, ids[0]]],
    ),
  );
}

/** A fresh creation body whose `member` names `id`, holding the shared members as the item does;
 * undefined where none could be drafted. */
export async function bodyNaming(
  collection: CollectionSpec,
  parent: Readonly<Record<string, string>>,
  member: string,
  id: unknown,
  shared: Body,
  purpose: string,
  runner: SequenceRunner,
): Promise<Body | undefined> {
  const references = await runner.references(collection, parent, new Map([[member, [id]]]));
  const draft = asObject(await runner.draft(collection, { what: '', purpose, parent }));
  const listed = draft && asObject(withListed(draft, new Map([...references].map(([k, v]) => [k, [...v]])), 0));
  return listed && { ...listed, ...Object.fromEntries(Object.entries(shared).filter(([name]) => name in listed)) };
}
