// What an item holds that the client sets, for collections made by a POST (the creation's notion)
// and for those a PUT at a key the client chooses makes (PUT /books/{isbn} answering 201), where no
// POST exists: the same two answers, read from the PUT's answer and the item's read.
import { propertiesOf, propertiesOfAnyForm, readOnly } from '../schema/all-of.js';
import { validatorOfView } from '../schema/schema-registry.js';
import { type CollectionSpec, putCreation } from './collections.js';

export interface ItemShape {
  /** Members of the item, other than the id, that a request may set. */
  readonly storedProperties: readonly string[];
  /** Whether a sent value can be the item's (fits the member in every view of the item). */
  readonly keeps: (property: string, value: unknown) => boolean;
}

const SHAPES = new WeakMap<CollectionSpec, ItemShape | undefined>();

/** The creation's shape, else the shape of the item a PUT makes; undefined where neither makes one. */
export function itemShapeOf(collection: CollectionSpec): ItemShape | undefined {
  if (collection.create) return collection.create;
  if (SHAPES.has(collection)) return SHAPES.get(collection);
  const put = putCreation(collection);
  const views = [put?.item, collection.read?.item, collection.list?.items].flatMap((view) =>
    view ? [view.schema] : [],
  );
  const answer = put?.item && propertiesOfAnyForm(put.item.schema);
  const shape = answer && {
    storedProperties: Object.entries(answer)
      .filter(([name, schema]) => name !== collection.idProperty && !readOnly(schema))
      .map(([name]) => name),
    keeps: (property: string, value: unknown) =>
      views.every((view) => {
        const schema = propertiesOf(view)[property];
        const validate = schema && typeof schema === 'object' ? validatorOfView(schema) : undefined;
        return !validate || validate(value).length === 0;
      }),
  };
  SHAPES.set(collection, shape);
  return shape;
}
