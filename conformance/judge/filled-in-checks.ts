// What the service fills in on a creation, judged from the document alone: a member the client left
// out gets its schema's `default`; a member named like the parent path parameter holds the parent's
// id; the creation and update instants are the server's now (its Date header, else the run's clock);
// the instant of a later state (closedAt, cancelledAt) is null while the item is new; an owner-like
// readOnly member names the caller; a parent counts as many children as their list holds.
import {
  answeredItem,
  type CollectionSpec,
  filledInOf,
  mergeAllOf,
  NOW_INSTANT,
  pathParameterNamed,
  propertiesOf,
  putCreation,
  UPDATE_INSTANT,
} from '../../spec/index.js';
import type { Check, CheckContext, Finding, SequenceEvidence } from '../model.js';
import { derivedTimesOff } from './derived-checks.js';
import { finding } from './findings.js';
import { initialStateOff } from './initial-states.js';
import { asObject } from './json-body.js';
import { laterStatesSet, sentStateInstantMissing } from './state-instants.js';
import { formulasOff, sumsNotAddingUp } from './sum-checks.js';

type Schema = Record<string, unknown>;

/** How far a stamped instant may stand from the server's clock (its Date header has 1 s steps,
 * and a slow answer stamps before it is sent). */
const CLOCK_SLACK_MS = 5 * 60_000;

const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null;

/** How the collection's items are made: its creation, or a PUT at a key the client chooses that
 * answers 201 (an event PUT at a new slug): the operation, the answer's view of the item and
 * whether a value fits every view of it. */
function makingOf(collection: CollectionSpec | undefined) {
  if (collection?.create) return collection.create;
  const put = collection && putCreation(collection);
  return put?.item && { operation: put.operation, item: put.item, keeps: () => true, byPut: true };
}

function createdAnswer(context: CheckContext): Record<string, unknown> | undefined {
  const { collection, testCase } = context;
  const making = makingOf(collection);
  const status = context.exchange.ok ? context.exchange.response.status : undefined;
  const elsewhere = context.sequence?.madeElsewhere === true;
  if (!collection || testCase.kind !== 'positive') return;
  if (!elsewhere && (!making || testCase.operation !== making.operation)) return;
  if (status === undefined || status < 200 || status >= 300 || context.body.kind !== 'json') return;
  // A PUT's 200 replaced an item that was there: only its 201 made one.
  if (!elsewhere && making && 'byPut' in making && status !== 201) return;
  // An item made elsewhere (a checkout's order) is answered as its collection's read answers it.
  if (elsewhere) return asObject(answeredItem(collection, context.body.value));
  const view = making!.item;
  const body = asObject(context.body.value);
  return view.member === undefined ? body : asObject(body?.[view.member]);
}

/** A member's words that make it part of every answer ("Always present in responses"). */
const ALWAYS_PRESENT = /\balways (?:present|returned|included|set|there)\b/i;
const describe = (schema: unknown): string => {
  const text = (schema as { description?: unknown } | undefined)?.description;
  return typeof text === 'string' ? text : '';
};

/** Defaults of the members the request left out, where the answer's member takes that value too. */
function defaultsNotApplied(context: CheckContext, item: Record<string, unknown>, sent: Record<string, unknown>) {
  const request = context.testCase.operation.requestBody?.content.find((m) => m.validator)?.validator?.schema;
  const found: Finding[] = [];
  const answered = propertiesOf(context.collection?.read?.item.schema ?? makingOf(context.collection)?.item.schema);
  for (const [name, schema] of Object.entries(propertiesOf(request))) {
    if (!isSchema(schema) || Object.hasOwn(sent, name)) continue;
    // Absent from the answer: judged only where the words say it is always there.
    if (!Object.hasOwn(item, name) && !ALWAYS_PRESENT.test(`${describe(schema)} ${describe(answered[name])}`)) continue;
    const merged = mergeAllOf(schema);
    if (!('default' in merged) || makingOf(context.collection)?.keeps(name, merged.default) !== true) continue;
    if (JSON.stringify(item[name]) !== JSON.stringify(merged.default))
      found.push(finding('default_not_applied', { member: name, expected: merged.default, got: item[name] }));
  }
  return found;
}

/** A member named like a parent path parameter (projectId under /projects/{projectId}) holds it. */
function parentNotNamed(
  context: CheckContext,
  item: Record<string, unknown>,
  code: 'parent_not_named' | 'item_names_other_parent' = 'parent_not_named',
): Finding[] {
  const found: Finding[] = [];
  const params = context.testCase.pathParams ?? {};
  const { collection } = context;
  const path = collection?.path ?? '';
  // Members whose words name the parent they hold ("organization": "The slug of the organization").
  const itemSchema =
    makingOf(collection)?.item.schema ?? collection?.read?.item.schema ?? collection?.list?.items.schema;
  const said = new Map(
    (collection ? filledInOf(collection, itemSchema).parents : []).map((p) => [p.name, p.parameter ?? p.name]),
  );
  for (const [name, value] of Object.entries(item)) {
    // /todos/{id}/comments: the parent is `id` in the path, the comment's own id in its body.
    if (name === context.collection?.idProperty || (typeof value !== 'string' && typeof value !== 'number')) continue;
    // A member named like the parameter, or by the parent's word before it (`eventSlug`).
    const parameter = Object.hasOwn(params, name) ? name : (pathParameterNamed(path, name) ?? said.get(name));
    const text = parameter === undefined ? undefined : params[parameter];
    if (text !== undefined && String(value) !== text)
      found.push(finding(code, { member: name, expected: text, got: value }));
  }
  return found;
}

/** The server's clock when it answered: its Date header, else the run's own. */
function serverNow(context: CheckContext): number {
  const header = context.exchange.ok ? context.exchange.response.headers.date : undefined;
  const date = typeof header === 'string' ? Date.parse(header) : Number.NaN;
  return Number.isNaN(date) ? Date.now() : date;
}

function instantsOffNow(context: CheckContext, item: Record<string, unknown>, sent: Record<string, unknown>) {
  const now = serverNow(context);
  const found: Finding[] = [];
  for (const [name, value] of Object.entries(item)) {
    if (!NOW_INSTANT.test(name) || Object.hasOwn(sent, name) || typeof value !== 'string') continue;
    const at = Date.parse(value);
    if (!Number.isNaN(at) && Math.abs(at - now) > CLOCK_SLACK_MS)
      found.push(finding('instant_not_now', { member: name, got: value, now: new Date(now).toISOString() }));
  }
  // Whatever the clocks, no update comes before the creation (equal on a new item).
  const created = Object.keys(item).find((name) => NOW_INSTANT.test(name) && !UPDATE_INSTANT.test(name));
  const updated = Object.keys(item).find((name) => UPDATE_INSTANT.test(name));
  const [since, last] = [created, updated].map((name) => (name ? Date.parse(String(item[name])) : Number.NaN));
  if (created && updated && !Object.hasOwn(sent, updated) && since! > last!)
    found.push(finding('update_before_creation', { member: updated, got: item[updated], created: item[created] }));
  return found;
}

/** Owner-like readOnly members (`owner`, `author`) name the caller: a value the current-user
 * operation answered for the run's key (its login, id or email). */
function ownerNotCaller(context: CheckContext, item: Record<string, unknown>): Finding[] {
  const caller = context.facts.caller;
  const collection = context.collection;
  const making = makingOf(collection);
  if (!caller || !collection || !making) return [];
  return filledInOf(collection, making.item.schema)
    .owners.filter((name) => typeof item[name] === 'string' && !caller.names.includes(item[name] as string))
    .map((name) =>
      finding('owner_not_caller', { member: name, got: item[name], expected: caller.names[0], path: caller.path }),
    );
}

/** A parent read after the run's creations under it counts as many children as their list holds. */
function countsOff(context: CheckContext, counted: NonNullable<SequenceEvidence['childCount']>): Finding[] {
  const status = context.exchange.ok ? context.exchange.response.status : 0;
  const read = context.collection?.read;
  if (status < 200 || status >= 300 || context.body.kind !== 'json' || !read) return [];
  const body = asObject(context.body.value);
  const item = read.item.member === undefined ? body : asObject(body?.[read.item.member]);
  return counted.members
    .filter((member) => typeof item?.[member] === 'number' && item[member] !== counted.listed)
    .map((member) =>
      finding('count_not_following', { member, got: item![member], listed: counted.listed, child: counted.child }),
    );
}

/** A parent read after one child was made (or deleted) under it holds the totals moved by it. */
function totalsOff(context: CheckContext, totals: NonNullable<SequenceEvidence['childTotals']>): Finding[] {
  const status = context.exchange.ok ? context.exchange.response.status : 0;
  if (status < 200 || status >= 300 || context.body.kind !== 'json') return [];
  const item = answeredItem(context.collection, context.body.value);
  return Object.entries(totals.expected)
    .filter(([member, expected]) => typeof item?.[member] === 'number' && item[member] !== expected)
    .map(([member, expected]) =>
      finding('total_not_following', {
        member,
        got: item![member],
        expected,
        before: totals.before[member],
        child: totals.child,
        step: totals.step,
      }),
    );
}

/** The parent members of an item answered at its own path (read, PUT, PATCH), where the path has a
 * parent: each holds the path's value. */
function itemAnswerParentOff(context: CheckContext): Finding[] {
  const { collection, testCase } = context;
  const status = context.exchange.ok ? context.exchange.response.status : 0;
  const itemOperations = [collection?.read, collection?.replace, collection?.update].map((role) => role?.operation);
  if (!collection?.path.includes('{') || !itemOperations.includes(testCase.operation)) return [];
  if (testCase.kind !== 'positive' || status < 200 || status >= 300 || context.body.kind !== 'json') return [];
  const item = answeredItem(collection, context.body.value);
  return item ? parentNotNamed(context, item, 'item_names_other_parent') : [];
}

/** What the service fills in on a creation is what the document and the moment say. */
export const serviceFilledValues: Check = (context) => {
  const counted = context.sequence?.childCount;
  if (counted) return [...countsOff(context, counted), ...formulasOff(context)];
  const totals = context.sequence?.childTotals;
  if (totals) return [...totalsOff(context, totals), ...formulasOff(context)];
  // Totals add up on every answer that holds lines (a cart a line went into, an order read back),
  // and times derived from others ("dueAt = loanedAt + 14 days") hold on every answer of the item.
  const derived = derivedTimesOff(context);
  const positive = context.testCase.kind === 'positive';
  const formulas = positive ? formulasOff(context) : [];
  const lineSums = positive ? sumsNotAddingUp(context) : undefined;
  const sums = lineSums === undefined && formulas.length === 0 ? undefined : [...(lineSums ?? []), ...formulas];
  const answered = createdAnswer(context);
  if (!answered) {
    // An item read or written at its path names the parent that path names (a PUT under evt_2 that
    // answers evt_1's item has found it across parents).
    const parentOff = itemAnswerParentOff(context);
    return derived.length > 0 || parentOff.length > 0 ? [...(sums ?? []), ...derived, ...parentOff] : sums;
  }
  // Only members the document declares: an undocumented extra (a createdAt of the service's own)
  // says nothing the document asked for.
  const { collection } = context;
  const itemSchema =
    makingOf(collection)?.item.schema ?? collection?.read?.item.schema ?? collection?.list?.items.schema;
  const declared = new Set(Object.keys(propertiesOf(itemSchema)));
  const item = Object.fromEntries(Object.entries(answered).filter(([name]) => declared.has(name)));
  const payload = context.testCase.payload;
  const sent = (payload?.kind === 'json' ? asObject(payload.value) : undefined) ?? {};
  return [
    ...defaultsNotApplied(context, item, sent),
    ...parentNotNamed(context, item),
    ...instantsOffNow(context, item, sent),
    ...laterStatesSet(item, sent, collection),
    ...sentStateInstantMissing(answered, sent, collection),
    ...ownerNotCaller(context, answered),
    ...initialStateOff(context, item, sent),
    ...(sums ?? []),
    ...derived,
  ];
};
