// The values a new item starts with besides the client's: the service's assigned ones, fitting every
// view, in the item's first state, and what the list's items and the read's answer require; for an
// item of two forms, those of the form the sent body takes.
import {
  type CollectionSpec,
  formIndexOf,
  formsOf,
  type JsonSchema,
  propertiesOf,
  type Resource,
} from '../../spec/core.js';
import type { InitialValues } from './behaviour-types.js';
import { assignedValues, requestDefaults } from './item-values.js';
import { noneCountedYet } from './referrer-counts.js';
import { fitEveryView, initialState } from './resource-idioms.js';

/** The first values of an item a PUT makes (no creation): what its read shows the service holds,
 * and the PUT's documented defaults. */
function putInitialValues(resource: Resource, sendable: Set<string> | undefined): InitialValues {
  const { list, read, replace, idProperty } = resource.collection;
  const view = read?.item ?? list?.items;
  if (!view) return { assigned: {}, fallback: {} };
  return {
    assigned: initialState(resource, assignedValues(view, sendable, idProperty)),
    fallback: Object.assign(
      {},
      ...[list?.items, read?.item].map((other) => (other ? assignedValues(other, undefined, idProperty, true) : {})),
      replace ? requestDefaults(replace.operation, itemMembers(resource.collection)) : {},
    ),
  };
}

/** A creation's values besides the client's, drawn on first use (not at start-up: a large document
 * has hundreds of resources): the service's assigned ones, fitting every view, in the item's first
 * state; and what the list's items and the read's answer require too, so every view stays valid. */
/** Where the item is a union (a part or a labour line), the values of the form the sent body takes:
 * a part line's copied price, a labour line's rate. */
export function initialValuesOf(
  resource: Resource,
  sendable: Set<string> | undefined,
): (body?: unknown) => InitialValues {
  const { create, list, read, idProperty } = resource.collection;
  let putValues: InitialValues | undefined;
  const byForm = new Map<number, InitialValues>();
  const forms = create ? formsOf(create.item.schema) : [];
  const viewForms = [list?.items, read?.item].map((view) => view && { view, forms: formsOf(view.schema) });
  /** The view as the body's form of it, or whole where it is no union. */
  const inForm = (view: { schema: JsonSchema }, viewForms: readonly Record<string, unknown>[], body: unknown) => {
    const index = formIndexOf(viewForms, body);
    return index < 0 ? view : { schema: viewForms[index]! };
  };
  return (body?: unknown) => {
    if (!create) return (putValues ??= putInitialValues(resource, sendable));
    const index = formIndexOf(forms, body);
    const known = byForm.get(index);
    if (known) return known;
    const item = index < 0 ? create.item : { schema: forms[index]! };
    const views = viewForms.map((entry) => entry && inForm(entry.view, entry.forms, body));
    const values: InitialValues = {
      assigned: noneCountedYet(
        resource,
        initialState(
          resource,
          fitEveryView(assignedValues(item, sendable, idProperty), [list?.items, read?.item], create.keeps, idProperty),
        ),
      ),
      fallback: Object.assign(
        {},
        ...views.map((view) => (view ? assignedValues(view, undefined, idProperty, true) : {})),
        assignedValues(item, sendable, idProperty, true),
        requestDefaults(create.operation, create.storedProperties),
      ),
    };
    byForm.set(index, values);
    return values;
  };
}

/** The members an item holds (its read's, else its list's view), its id aside. */
export function itemMembers(collection: CollectionSpec): string[] {
  const schema = collection.read?.item.schema ?? collection.list?.items.schema;
  return Object.keys(propertiesOf(schema)).filter((name) => name !== collection.idProperty);
}
