// The partial updates the item scenario sends, each with the item it must leave. Every PATCH keeps
// what it does not send; JSON Merge Patch (RFC 7396) also gives null the meaning "remove" and merges
// an object member into the stored one, so under that media type those two are sent as well; a JSON
// Patch (RFC 6902) replaces and removes members by pointer, and one whose test fails changes nothing. A
// step is planned only where the document's PATCH schema takes its body: a server that refuses
// what its document forbids is right.

import { withOrderedSpans } from '../../../spec/generate/index.js';
import {
  type ClearedInstant,
  type CollectionSpec,
  itemShapeOf,
  membersNullClears,
  mergeAllOf,
  parseMediaType,
  propertiesOf,
  putCreation,
  statusMember,
} from '../../../spec/index.js';
import { asObject } from '../../judge/json-body.js';
import type { PlanContext } from '../context.js';
import { awayFromDefault, defaultsOf, nullRestoresDefault, stateMoved, stateMovedBack } from './partial-states.js';
import type { PartialUpdate, Planner } from './partial-steps.js';
import { clearableRefilled, listReplaced, nullClears } from './partial-values.js';

type Item = Record<string, unknown>;

const MERGE_PATCH = 'application/merge-patch+json';

/** Whether the item, one member changed, still has each span's end after its start: a check-in
 * moved past the stored check-out is rightly refused. */
const keepsSpansOrdered = (current: Item, name: string, value: unknown): boolean => {
  const changed = { ...current, [name]: value };
  return withOrderedSpans(changed) === changed;
};

/** One field changed, the others kept. */
const oneField: Planner = ({ current, fresh, required, accepts }) => {
  // A property every item has (any, where the item's schema requires none).
  // One the PATCH takes (a PATCH schema may leave out members the item has: a vetId fixed at booking).
  const field = Object.keys(fresh).find(
    (name) =>
      (required.size === 0 || required.has(name)) &&
      JSON.stringify(fresh[name]) !== JSON.stringify(current[name]) &&
      accepts({ [name]: fresh[name] }) &&
      keepsSpansOrdered(current, name, fresh[name]),
  );
  if (field === undefined) return undefined;
  const body = { [field]: fresh[field] };
  return { body, expected: { ...current, ...body }, what: `patching ${field} of an item` };
};

/** Merge Patch: an optional member sent as null is removed; a required one that may be null reads
 * back as null. */
const nullRemoves: Planner = ({ current, required, accepts, keeps }) => {
  const field = Object.keys(current).find(
    (name) => (!required.has(name) || keeps(name, null)) && current[name] !== null && accepts({ [name]: null }),
  );
  if (field === undefined) return undefined;
  return { body: { [field]: null }, expected: { ...current, [field]: null }, what: `removing ${field} (merge patch)` };
};

/** Merge Patch: where the item holds no optional member to remove (a replacement left them out),
 * one is set first, for the null that follows to remove. */
const optionalRefilled: Planner = (input) => {
  if (nullRemoves(input)) return undefined;
  const { current, fresh, earlier, required, accepts } = input;
  const given = { ...earlier, ...fresh };
  const field = Object.keys(given).find(
    (name) =>
      !required.has(name) &&
      (given[name] ?? null) !== null &&
      (current[name] ?? null) === null &&
      accepts({ [name]: given[name] }),
  );
  if (field === undefined) return undefined;
  const body = { [field]: given[field] };
  return { body, expected: { ...current, ...body }, what: `setting ${field} again (merge patch)` };
};

/** Merge Patch: one member of an object member changed, its other members kept. */
const objectMerged: Planner = ({ current, fresh, accepts }) => {
  for (const [name, value] of Object.entries(current)) {
    const stored = asObject(value);
    const given = asObject(fresh[name]);
    if (!stored || !given) continue;
    // A member whose new value differs, beside another member the merge must keep. A member the
    // item already holds first: the keys of a map mean something (a section of the event's venue),
    // so one it holds is changed, not one drawn at random added.
    const beside = (key: string) => Object.keys(stored).some((other) => other !== key);
    const valueFor = (key: string) =>
      given[key] ?? Object.values(given).find((one) => one !== null && typeof one === typeof stored[key]);
    const changes = (key: string) => {
      const next = valueFor(key);
      return beside(key) && next !== undefined && next !== null && next !== stored[key];
    };
    // A member it does not hold is added only where the two share members (an object of named
    // members, not a map of free keys, where a new key names nothing).
    const shared = Object.keys(given).some((key) => key in stored);
    const member = Object.keys(stored).find(changes) ?? (shared ? Object.keys(given).find(changes) : undefined);
    if (member === undefined) continue;
    const body = { [name]: { [member]: valueFor(member) } };
    if (!accepts(body)) continue;
    const expected = { ...current, [name]: { ...stored, [member]: valueFor(member) } };
    return { body, expected, what: `changing ${name}.${member} alone (merge patch)` };
  }
  return undefined;
};

/** RFC 6901: a member name as a JSON Pointer. */
const pointerTo = (name: string): string => `/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`;
const sameJson = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** JSON Patch: one member replaced, the others kept. */
const replacedByPatch: Planner = ({ current, fresh, required, accepts }) => {
  const field = Object.keys(fresh).find(
    (name) => Object.hasOwn(current, name) && (required.size === 0 || required.has(name)),
  );
  if (field === undefined) return undefined;
  const body = [{ op: 'replace', path: pointerTo(field), value: fresh[field] }];
  if (!accepts(body)) return undefined;
  return { body, expected: { ...current, [field]: fresh[field] }, what: `replacing ${field} (JSON Patch)` };
};

/** JSON Patch: an optional member removed. */
const removedByPatch: Planner = ({ current, required, accepts }) => {
  const field = Object.keys(current).find((name) => !required.has(name) && current[name] !== null);
  const body = field === undefined ? undefined : [{ op: 'remove', path: pointerTo(field) }];
  if (field === undefined || !body || !accepts(body)) return undefined;
  return { body, expected: { ...current, [field]: null }, what: `removing ${field} (JSON Patch)` };
};

/** JSON Patch: a test that fails makes the whole patch fail, the change after it included. */
const failedTestRefused: Planner = ({ current, fresh, required, accepts }) => {
  // A member the item holds (a null here may be absent), required ones first: they always exist.
  const candidates = Object.keys(current).filter(
    (name) => current[name] !== null && Object.hasOwn(fresh, name) && !sameJson(fresh[name], current[name]),
  );
  const tested = candidates.find((name) => required.has(name)) ?? candidates[0];
  if (tested === undefined) return undefined;
  const body = [
    { op: 'test', path: pointerTo(tested), value: fresh[tested] },
    { op: 'replace', path: pointerTo(tested), value: fresh[tested] },
  ];
  if (!accepts(body)) return undefined;
  return { body, expected: current, what: `a JSON Patch whose test of ${tested} fails`, refused: true };
};

/** Update planners by the PATCH's media type; any media type gets the plain one-field step. */
const PLANNERS_BY_MEDIA_TYPE: Readonly<Record<string, readonly Planner[]>> = {
  'application/merge-patch+json': [
    oneField,
    objectMerged,
    listReplaced,
    optionalRefilled,
    nullRemoves,
    // A second optional member removed (the first may be a text, the next a reference: `assignee`).
    nullRemoves,
    awayFromDefault,
    nullRestoresDefault,
    stateMoved,
    stateMovedBack,
  ],
  // oneField last: where the document's patch schema is an object, not a list of operations.
  'application/json-patch+json': [replacedByPatch, removedByPatch, failedTestRefused, oneField],
};

/** Any other media type (plain JSON): the member values it sends are the item's after it. */
const PLAIN_PLANNERS: readonly Planner[] = [
  oneField,
  clearableRefilled,
  nullClears,
  listReplaced,
  stateMoved,
  stateMovedBack,
];

/** The partial updates to send in order; each step's expected item is the next one's current. */
export function partialUpdates(
  collection: CollectionSpec,
  context: PlanContext,
  current: Item,
  fresh: Item,
  earlier: Item = {},
  cleared: readonly ClearedInstant[] = [],
): PartialUpdate[] {
  const update = collection.update;
  // Made by a creation, or by a PUT at a key the client chooses (its answer's required members).
  const shape = itemShapeOf(collection);
  const made = collection.create?.success ?? putCreation(collection)?.success;
  if (!update || !shape || !made) return [];
  const request = context.requestSchema(update.operation);
  // A member the PATCH schema does not name may be taken and ignored (an open schema): only named ones.
  const named = new Set(Object.keys(propertiesOf(request?.schema)));
  const accepts = (body: Item | Item[]) =>
    (request?.isValid(body) ?? true) &&
    (Array.isArray(body) || named.size === 0 || Object.keys(body).every((name) => named.has(name)));
  const required = new Set((mergeAllOf(made.schema as Record<string, unknown>).required as string[]) ?? []);
  // A merge patch the document takes beside plain JSON is sent as one: its null and its merging
  // are what the document promises.
  const merge = update.operation.requestBody?.content.some(
    (media) => parseMediaType(media.mediaType)?.essence === MERGE_PATCH,
  );
  const preferred = parseMediaType(context.requestMediaType(update.operation))?.essence ?? '';
  const essence = merge ? MERGE_PATCH : preferred;
  const mediaType = merge && preferred !== MERGE_PATCH ? { mediaType: MERGE_PATCH } : {};
  const creation = collection.create?.operation;
  const defaults = defaultsOf([made.schema, creation ? context.requestSchema(creation)?.schema : undefined]);
  const states = statusMember(collection);
  const steps: PartialUpdate[] = [];
  let state = current;
  const nullClears = membersNullClears(update.operation, request?.schema, made.schema);
  for (const planner of PLANNERS_BY_MEDIA_TYPE[essence] ?? PLAIN_PLANNERS) {
    const step = planner({
      current: state,
      fresh,
      earlier,
      required,
      accepts,
      keeps: shape.keeps,
      defaults,
      state: states,
      cleared,
      nullClears,
    });
    if (!step) continue;
    steps.push({ ...step, ...mediaType });
    state = step.expected;
  }
  return steps;
}

/** The expected item with the members the case carries otherwise than planned (an object body). */
export function carriedChanges(expected: Item, planned: unknown, carried: unknown): Item {
  const plan = Array.isArray(planned) ? undefined : asObject(planned);
  const sent = Array.isArray(carried) ? undefined : asObject(carried);
  if (!plan || !sent) return expected;
  const changed = Object.keys(plan).filter(
    (name) => name in sent && JSON.stringify(sent[name]) !== JSON.stringify(plan[name]),
  );
  return { ...expected, ...Object.fromEntries(changed.map((name) => [name, sent[name]])) };
}
