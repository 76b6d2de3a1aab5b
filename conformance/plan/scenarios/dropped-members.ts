// Optional members a creation's refusal named (a `parentNumber` naming no page of a space the run
// just made, the document's example value): the item maker's next attempt leaves them out, and so
// do its later creations of that collection, which then succeed at their first attempt (a numbering
// check reads the first number only where nothing was refused before it).
import type { CollectionSpec } from '../../../spec/index.js';
import { asObject } from '../../judge/json-body.js';
import type { RequestSchema } from '../context.js';

type Item = Record<string, unknown>;

export class DroppedMembers {
  private readonly byCollection = new Map<CollectionSpec, Set<string>>();

  /** The body without the optional members the refusal named (remembered for the collection), or
   * undefined where it named none the body may leave out. */
  drop(
    collection: CollectionSpec,
    body: unknown,
    named: readonly string[],
    request: RequestSchema | undefined,
    held: Readonly<Item>,
  ): unknown {
    const object = asObject(body);
    const required = new Set((request?.schema.required as string[] | undefined) ?? []);
    const optional = named.filter(
      (name) => object && Object.hasOwn(object, name) && !required.has(name) && !(name in held),
    );
    if (!object || optional.length === 0) return undefined;
    const without = Object.fromEntries(Object.entries(object).filter(([name]) => !optional.includes(name)));
    if (request && !request.isValid(without)) return undefined;
    const dropped = this.byCollection.get(collection) ?? new Set<string>();
    for (const name of optional) dropped.add(name);
    this.byCollection.set(collection, dropped);
    return without;
  }

  /** The body without the members dropped before, where it stays valid; those the request fixes stay. */
  apply(collection: CollectionSpec, body: unknown, request: RequestSchema | undefined, held: Readonly<Item>): unknown {
    const dropped = this.byCollection.get(collection);
    const object = asObject(body);
    if (!dropped || !object) return body;
    const without = Object.fromEntries(Object.entries(object).filter(([name]) => !dropped.has(name) || name in held));
    return request && !request.isValid(without) ? body : without;
  }
}
