// What a resource's idioms add to its behaviours: Location paths, conditional requests, soft
// deletion, ownership, a new item's state and an accepted job's end, and actions.
import {
  type Action,
  type CollectionSpec,
  type ItemView,
  type JsonSchema,
  jsonSuccess,
  lastSegment,
  mergeAllOf,
  propertiesOf,
  type Resource,
  STATE_INSTANT,
  singleItem,
  statusMember,
} from '../../spec/core.js';
import {
  type ActionBehaviour,
  answerHeaders,
  type Conditional,
  type ReadBehaviour,
  wrapOf,
} from './behaviour-types.js';
import { assignedValues } from './item-values.js';
import { drawnYield, holdsNull } from './yields.js';

/** The path of one item, for a Location header: the read's, else any item operation's. */
export function itemPathOf(collection: CollectionSpec, basePath: string): string {
  const item = collection.read ?? collection.replace ?? collection.update ?? collection.remove;
  return `${basePath}${item ? item.operation.path.replace(/\{[^}]+\}(?=(\.[A-Za-z]+)?$)/, '{}') : `${collection.path}/{}`}`;
}

export function conditionalOf(resource: Resource): Conditional {
  return {
    ...(resource.idioms.conditional ? { etag: true } : {}),
    ...(resource.idioms.softDelete ? { softDelete: true } : {}),
    ...(resource.idioms.keptDeletion?.readable ? { readsDeleted: true } : {}),
    ...(ownedBy(resource) ? { owned: true } : {}),
  };
}

/** Owned where the model says so, but not a parent of other collections (their items are looked
 * up under the parent's shared key). */
export const ownedBy = (resource: Resource): boolean =>
  resource.idioms.owned !== undefined && resource.parentOf.length === 0;

/** Assigned values that fit every view of the item: where the creation's answer allows what the
 * list's items do not (Box's free `type` against the list's enum), a value the other view gives. */
export function fitEveryView(
  values: Record<string, unknown>,
  views: readonly (ItemView | undefined)[],
  keeps: (property: string, value: unknown) => boolean,
  idProperty: string,
): Record<string, unknown> {
  const others = views.flatMap((view) => (view ? [assignedValues(view, undefined, idProperty, true)] : []));
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => {
      if (keeps(name, value)) return [name, value];
      const fitting = others.map((other) => other[name]).find((other) => other !== undefined && keeps(name, other));
      return [name, fitting ?? value];
    }),
  );
}

export function completionOf({ idioms, collection }: Resource): Pick<ReadBehaviour, 'completes'> {
  const job = idioms.asynchronous;
  if (job?.member === undefined) return {};
  return { completes: { member: job.member, terminal: job.terminal, doneValues: doneValuesOf(collection) } };
}

const FINISHED = /^(?:completed|finished|resolved|delivered)/i;

/** Optional members named as what a finished job yields (`result`, `downloadUrl`). */
const YIELDED = /^(?:result|results|output|outputs|report|summary|download_?url|file_?url|url)$/i;

/** What a job holds once done, besides its state: the instant of that state now (`completedAt`), and
 * what it yields (`result`) drawn once from its schema. */
function doneValuesOf(collection: CollectionSpec): () => Record<string, unknown> {
  const schema = collection.read?.item.schema;
  const required = new Set((mergeAllOf((schema ?? {}) as Record<string, unknown>).required as string[]) ?? []);
  const properties = Object.entries(propertiesOf(schema));
  // The instant of finishing (`completedAt`), not of the other states (`cancelledAt`).
  const instants = properties.filter(([name]) => STATE_INSTANT.test(name) && FINISHED.test(name)).map(([name]) => name);
  // Optional ones, or required ones that hold null until then (`result`: "null until done").
  const yielded = properties.filter(
    ([name, property]) => YIELDED.test(name) && (!required.has(name) || holdsNull(property)),
  );
  let drawn: Record<string, unknown> | undefined;
  return () => {
    drawn ??= Object.fromEntries(
      yielded.flatMap(([name, property]) => {
        const value = drawnYield(property as JsonSchema);
        return value === undefined ? [] : [[name, value]];
      }),
    );
    const now = new Date().toISOString();
    return { ...drawn, ...Object.fromEntries(instants.map((name) => [name, now])) };
  };
}

/** A new item's state, where actions move it: the one its creation's words give ("creates an event
 * in state `draft`"), else the state member's first value (pending, new, draft). */
export function initialState(resource: Resource, values: Record<string, unknown>): Record<string, unknown> {
  const { actions, asynchronous, initialState: said } = resource.idioms;
  const state = actions || asynchronous?.member ? statusMember(resource.collection) : undefined;
  // A job starts in a state it has yet to leave.
  const first = said?.value ?? state?.values.find((value) => value !== asynchronous?.terminal);
  const stated = state && state.member in values ? { ...values, [state.member]: first } : values;
  // And the literals the words give other members the service sets ("`seats_taken` = 0").
  const given = (resource.idioms.initialValues ?? []).filter(({ member }) => member in stated);
  return given.length > 0
    ? { ...stated, ...Object.fromEntries(given.map(({ member, value }) => [member, value])) }
    : stated;
}

/** An action whose target state was read (or a restore); its success answers the item (bare or wrapped) or nothing. */
export function actionBehaviour(
  collection: CollectionSpec,
  action: Action,
  conditional: Conditional,
  /** The action brings a softly deleted item back (a restore), whatever its state. */
  restores = false,
): ActionBehaviour | undefined {
  const parameter = collection.read?.parameter ?? collection.remove?.parameter;
  // An action that moves no state of its own (a renewal) may still start only from some ("Only an
  // `active` loan can be renewed"): it checks the item's state and leaves it.
  const member = action.member ?? (action.from ? statusMember(collection)?.member : undefined);
  // An action the words allow once per item, with no state of its own ("A loan already returned
  // answers 409"): taken once, its instant (`returnedAt`) says so.
  const once = member === undefined && action.once === true && action.refusedStatus !== undefined;
  // One that empties instants of its own ("Sets `archivedAt` back to null"): taken where one is set.
  const empties =
    member === undefined && !once && (action.nulls?.length ?? 0) > 0 && action.refusedStatus !== undefined;
  if ((member === undefined && !restores && !once && !empties) || parameter === undefined) return undefined;
  const success = jsonSuccess(action.operation);
  const item = success && singleItem(success.schema, collection.idProperty, undefined, lastSegment(collection.path));
  const empty = action.operation.responses.find((r) => /^2\d\d$/.test(r.status) && r.content.length === 0);
  if (!item && !empty) return undefined;
  return {
    kind: 'action',
    collection: collection.path,
    status: item ? success!.status : Number(empty!.status),
    headers: answerHeaders(item ? success : undefined),
    parameter,
    member: member ?? '',
    ...(action.member !== undefined ? { target: action.target } : { keepsState: true as const }),
    ...(restores ? { restores } : {}),
    ...(action.refusedStatus ? { refusedStatus: action.refusedStatus } : {}),
    ...(action.refusedFrom ? { refusedFrom: action.refusedFrom } : {}),
    ...(action.from ? { from: action.from } : {}),
    ...(action.nulls ? { nulls: action.nulls } : {}),
    ...(once ? { once: true as const } : {}),
    ...(empties ? { empties: true as const } : {}),
    answersItem: item !== undefined,
    ...wrapOf(item),
    ...conditional,
  };
}

/** The created item's path: the item template with the request's parent values and the new id. */
export function locationOf(template: string, params: Readonly<Record<string, string>>, id: unknown): string {
  const parents = template.replace(/\{([^}]+)\}/g, (whole, name: string) =>
    params[name] === undefined ? whole : encodeURIComponent(params[name]),
  );
  return parents.replace('{}', encodeURIComponent(String(id)));
}
