// Checks of how the service treats what it is sent: invalid input refused, valid input accepted,
// missing or wrong credentials refused.
import {
  documentedStatuses,
  malformedBodyStatus,
  type Operation,
  parseMediaType,
  schemaViolationStatus,
  validationStatusesOf,
} from '../../spec/index.js';
import { validKeyUndeclared } from '../auth/auth-near-misses.js';
import type { Check } from '../model.js';
import { prototypeMemberOf } from '../plan/cases/structure.js';
import { referenceIn, referencesIn } from '../plan/references.js';
import {
  documented4xx,
  documentsSuccess,
  limitOfTheServer,
  RATE_LIMITED,
  smallBodyRefused,
  statusOf,
} from './check-support.js';
import { clampedPageSize } from './clamped-pages.js';
import { pointedTopMembers } from './error-pointers.js';
import { unheldFields } from './field-compare.js';
import { finding } from './findings.js';
import { madeUpCursorTaken } from './made-up-cursors.js';
import { namedItemStateRefused } from './named-states.js';
import { pointedAside } from './pointed-aside.js';
import { validationAfterLaterStatus } from './refusal-order.js';
import { saidRuleMember } from './said-rules.js';

/** Invalid input is rejected: a 2xx or 3xx answer to it is a failure (other statuses have their own checks). */
export const negativeDataRejection: Check = (context) => {
  const status = statusOf(context);
  if (context.testCase.kind !== 'negative' || status === undefined) return undefined;
  if (status >= 400)
    return [
      ...malformedOtherStatus(context, status),
      ...schemaViolationOtherStatus(context, status),
      ...pointedAside(context, status),
      ...validationAfterLaterStatus(context, status),
    ];
  const mutation = context.testCase.mutation ?? 'the input is invalid';
  // A safe JSON parser drops a __proto__ member before validation (Fastify's onProtoPoisoning
  // 'remove'), and a JavaScript `name in schema` test takes these names for known ones: whether it
  // did harm is prototype_pollution's to judge.
  const prototypeMember = prototypeMemberOf(mutation);
  if (prototypeMember)
    return [finding('prototype_member_accepted', { status, member: prototypeMember }, { severity: 'note' })];
  const clamped = clampedPageSize(context);
  if (clamped) return [finding('page_size_clamped', clamped, { severity: 'note' })];
  // The missing parent's key was one the run made an item at meanwhile: the probe met that item.
  if (context.facts.parentMadeByRun) return [];
  return [
    finding('invalid_input_accepted', { status, mutation, documented: documented4xx(context.testCase.operation) }),
  ];
};

/** A body that is not JSON at all, refused with another status than the one the words give it
 * ("400 - the body is not well-formed JSON"): a 422 meant for schema violations tells the client
 * its members were wrong. Auth, missing items, sizes and media types come first where they apply. */
function malformedOtherStatus(context: Parameters<Check>[0], status: number) {
  const { payload, contentType, mediaType, operation } = context.testCase;
  if (payload?.kind !== 'raw' || payload.text.trim() === '' || parses(payload.text)) return [];
  if ((contentType ?? mediaType ?? 'application/json') !== 'application/json') return [];
  if ([401, 403, 404, 410, 413, 415, 429].includes(status)) return [];
  const expected = malformedBodyStatus(context.contract, operation);
  return expected !== undefined && status !== expected
    ? [finding('malformed_body_other_status', { status, expected })]
    : [];
}

/** A well-formed body with one member its schema refuses, answered with the status the words keep
 * for bodies that do not parse ("400: not well-formed JSON") where they give schema violations
 * another ("422: the body breaks the schema"): the client is told its JSON was broken. */
function schemaViolationOtherStatus(context: Parameters<Check>[0], status: number) {
  const { payload, brokenAt, operation } = context.testCase;
  if (payload?.kind !== 'json' || !brokenAt || brokenAt.length === 0) return [];
  const expected = schemaViolationStatus(context.contract, operation);
  return expected !== undefined && status === malformedBodyStatus(context.contract, operation)
    ? [finding('schema_violation_other_status', { status, expected, member: brokenAt.join('.') })]
    : [];
}

const parses = (text: string): boolean => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

const isJsonPatch = (mediaType: string | undefined): boolean =>
  parseMediaType(mediaType)?.essence === 'application/json-patch+json';

/** Schema-valid input with valid credentials is accepted. A 400 (or 413) for unusual input is a note:
 * the seed leaves limits, uniqueness and allowed characters open. For plain input it is a failure. */
export const positiveDataAcceptance: Check = (context) => {
  const status = statusOf(context);
  // A read-back is the created_item_readable check's concern.
  const { sequence } = context;
  const judgedElsewhere =
    sequence?.readBack ||
    sequence?.afterChange ||
    sequence?.afterRemove ||
    sequence?.otherParent ||
    sequence?.idiom ||
    sequence?.ownership ||
    sequence?.changeAnswer?.refused;
  if (context.testCase.kind !== 'positive' || status === undefined || status >= 500 || judgedElsewhere) {
    return undefined;
  }
  // A page token the run made up, taken where the words refuse such tokens.
  if (status < 300) return madeUpCursorTaken(context, madeUpToken(context), status);
  if (status === 429) return [RATE_LIMITED];
  const { operation } = context.testCase;
  // A document that lists no success for the operation leaves open what valid input gets.
  if (!documentsSuccess(operation)) return undefined;
  // A generated path parameter names a resource that may not exist: 404 is then the right answer.
  if (status === 404 && operation.parameters.some((p) => p.in === 'path')) return [];
  // Limits are open: a body too large (413), a URL or headers too long (414, 431) for unusual input.
  // A 413 for a body under 64 KiB is no size limit anyone sets: a refusal of valid input.
  const leeway =
    status === 400 ||
    validationStatusesOf(context.contract).includes(status) ||
    (status === 413 && !smallBodyRefused(context)) ||
    status === 414 ||
    status === 431;
  // A documented 409 for values the run's own items already hold is a conflict with state, not a
  // refusal of the input.
  if ((leeway || status === 409) && context.facts.valueAlreadyListed !== undefined) {
    return [
      finding('value_already_taken', { status, property: context.facts.valueAlreadyListed }, { severity: 'note' }),
    ];
  }
  // A write the run's own items may hold off, as the model reads the words: a change into a span
  // another of its items holds ("must not overlap another reservation of the room (409)"), a
  // deletion while its items name the item ("A room named by a `booked` reservation cannot be
  // deleted (409)"). A conflict with the run's own items, not a refusal of the input.
  if (status === 409 && sequence?.heldByOwnItems === 'interval') {
    const payload = context.testCase.payload;
    const sent = payload?.kind === 'json' ? payload.value : undefined;
    const property = sent && typeof sent === 'object' && !Array.isArray(sent) ? Object.keys(sent).join(', ') : 'span';
    return [finding('value_already_taken', { status, property }, { severity: 'note' })];
  }
  if (status === 409 && (sequence?.heldByOwnItems === 'referrers' || context.facts.deletedItemNamedByRun))
    return [finding('item_state_refused', { status }, { severity: 'note' })];
  // An item the run made for this operation, or one its own actions moved, is in whatever state the
  // run's earlier cases left it.
  const ownState = context.testCase.onMadeItem === true || context.facts.itemMovedByRun === true;
  if (status === 409 && ownState && documented4xx(operation).includes(status))
    return [finding('item_state_refused', { status }, { severity: 'note' })];
  // Items it names that the run found listed are in whatever state their owner left them: where the
  // least the body can ask was taken, the conflict was over what they allow.
  const named = context.testCase.knownReferences;
  if (status === 409 && named && named.length > 0 && context.facts.conflictOnNamedItems)
    return [finding('named_item_state_refused', { status, members: named.join(', ') }, { severity: 'note' })];
  // A documented refusal pointing at a member whose value names a listed item, saying that item's
  // state forbids it ("Technician tec_1 is not active"): the item is whatever its owner left it.
  // Or one the run deleted itself since the body was drawn (an agent it deactivated meanwhile).
  const deleted = context.facts.namesItemsDeletedByRun;
  if (deleted && documented4xx(operation).includes(status))
    return [finding('named_item_state_refused', { status, members: deleted.join(', ') }, { severity: 'note' })];
  const refusedNamed = named && documented4xx(operation).includes(status) ? namedItemStateRefused(context, named) : [];
  if (refusedNamed.length > 0)
    return [finding('named_item_state_refused', { status, members: refusedNamed.join(', ') }, { severity: 'note' })];
  const leftOut = context.testCase.leftOutForDefaults;
  if (leftOut && (leeway || documented4xx(operation).includes(status)))
    return [finding('defaulted_member_required', { status, members: leftOut.join(', ') }, { severity: 'note' })];
  const preferred = (context.testCase.preferred?.length ?? 0) > 0;
  if (leeway && (!context.testCase.plain || preferred))
    return [finding('unusual_input_refused', { status }, { severity: 'note' })];
  if (preferred && documented4xx(operation).includes(status))
    return [finding('unusual_input_refused', { status }, { severity: 'note' })];
  // A generated JSON Patch names paths and tests values at random: the item may not have them. The
  // item scenario's own patches (changeAnswer) apply by construction, and are judged as usual.
  const generatedPatch = isJsonPatch(context.testCase.mediaType) && !sequence?.changeAnswer;
  if (generatedPatch && documented4xx(operation).includes(status))
    return [finding('patch_not_applicable', { status }, { severity: 'note' })];
  // A made-up categoryId names a category that exists nowhere: a documented refusal is the right answer.
  const reference = documented4xx(operation).includes(status)
    ? referenceIn(context.contract, context.testCase)
    : undefined;
  // Unless the refusal points only at other members: then it was not the reference it refused.
  const pointed = context.body.kind === 'json' ? pointedTopMembers(context.body.value) : [];
  const referenced = new Set(referencesIn(context.contract, context.testCase).map((one) => one.split('[]')[0]!));
  const pointsElsewhere = reference !== undefined && pointed.length > 0 && !pointed.some((one) => referenced.has(one));
  if (reference !== undefined && !pointsElsewhere) {
    return [finding('referenced_item_unknown', { status, property: reference }, { severity: 'note' })];
  }
  // A limit the words put on how many an item holds ("at most 100 lines; a 101st line is refused
  // with `422`"): the run's own valid cases, many to one item, may have reached it.
  const limit = documented4xx(operation).includes(status) ? saidCountLimit(operation, status) : undefined;
  if (limit) return [finding('said_limit_reached', { status, ...limit }, { severity: 'note' })];
  // A refusal pointing at a member the words rule over other data (the event's `maxPerOrder`).
  const ruled = documented4xx(operation).includes(status) ? saidRuleMember(context, status) : undefined;
  if (ruled !== undefined) return [finding('said_rule_refused', { status, property: ruled }, { severity: 'note' })];
  // A change whose value the item cannot hold (the document's PUT takes any text, its item an enum
  // or an email): the document contradicts itself, and a documented refusal is a fair reading.
  const unholdable = documented4xx(operation).includes(status) ? unholdableMember(context) : undefined;
  if (unholdable !== undefined)
    return [finding('value_not_holdable', { status, property: unholdable }, { severity: 'note' })];
  // A cursor or page token is the service's to give: one the run made up may rightly be refused.
  const opaque = documented4xx(operation).includes(status) ? madeUpToken(context) : undefined;
  if (opaque !== undefined)
    return [finding('opaque_value_made_up', { status, parameter: opaque }, { severity: 'note' })];
  // A success is a 2xx: a documented 1xx (100 Continue) is no answer to valid input.
  const documented = documentedStatuses(operation).filter((s) => s >= 200 && s < 300);
  const credentials = context.testCase.auth.credentials.length > 0;
  return [finding('valid_input_refused', { status, documented, credentials })];
};

/** A member of a PUT or PATCH body that no view of the item can hold (the creation's `keeps`). */
function unholdableMember(context: Parameters<Check>[0]): string | undefined {
  const { collection, testCase } = context;
  const create = collection?.create;
  const changes = [collection?.replace?.operation, collection?.update?.operation];
  const body = testCase.payload?.kind === 'json' ? testCase.payload.value : undefined;
  if (!create || !changes.includes(testCase.operation) || typeof body !== 'object' || body === null) return undefined;
  return unheldFields(create, body as Record<string, unknown>)[0];
}

/** The list's cursor parameter, where the case sends one it did not take from an answer; or an
 * entity tag made up for a precondition (If-Match: rD), which an item that exists fails (412). */
function madeUpToken(context: Parameters<Check>[0]): string | undefined {
  const precondition = context.testCase.parameters?.find(
    (p) => p.in === 'header' && /^if-(?:none-)?match$/i.test(p.name) && !context.testCase.fromAnswers?.includes(p.name),
  );
  // A single case only: a scenario's If-Match comes from the service's ETag, and one made up there
  // means the service gave none to send.
  if (precondition && statusOf(context) === 412 && !context.sequence) return precondition.name;
  const list = context.collection?.list;
  const parameter = list?.paging.style === 'cursor' ? list.paging.parameter : undefined;
  if (!list || !parameter || list.operation !== context.testCase.operation) return undefined;
  const sent = context.testCase.parameters?.some((p) => p.in === 'query' && p.name === parameter);
  return sent && !context.testCase.fromAnswers?.includes(parameter) ? parameter : undefined;
}

/** Missing or invalid credentials get 401 (or, where the document lists no 401, a 401, a 403 or a
 * documented 4xx). */
export const ignoredAuth: Check = (context) => {
  const status = statusOf(context);
  if (context.testCase.kind !== 'auth' || status === undefined || status >= 500) return undefined;
  if (status === 429) return [RATE_LIMITED];
  const { operation } = context.testCase;
  const documents401 = documentedStatuses(operation).includes(401);
  // A front server's length limit refuses before any credential is read: access was not granted.
  const ok =
    limitOfTheServer(context) ||
    (documents401 ? status === 401 : status === 401 || status === 403 || documented4xx(operation).includes(status));
  if (ok) return [];
  // The valid key in a carrier the document does not declare (a gateway's X-API-Key beside the
  // declared one) is still the key: taking it is worth a note, not a failure. A wrong key there is.
  if (validKeyUndeclared(context.testCase.auth.id))
    return [
      finding(
        'key_taken_in_undeclared_carrier',
        { status, credentials: context.testCase.auth.label },
        { severity: 'note' },
      ),
    ];
  const fields = {
    status,
    credentials: context.testCase.auth.label,
    expected: documents401 ? '401' : '401, 403 or a documented 4xx',
  };
  return [finding(status < 400 ? 'bad_credentials_accepted' : 'bad_credentials_not_401', fields)];
};

/** "holds at most 100 lines; a 101st line is refused with `422`": the limit a sentence of the
 * operation's words gives, where it names this status. */
function saidCountLimit(operation: Operation, status: number): { limit: number; words: string } | undefined {
  let said = countLimits.get(operation);
  if (!said) countLimits.set(operation, (said = countLimitsOf(operation)));
  const found = said.find((one) => one.statuses.includes(status));
  return found && { limit: found.limit, words: found.words };
}

/** Each operation's count limits, read once: a judged refusal reads the words again otherwise. */
const countLimits = new WeakMap<Operation, { limit: number; words: string; statuses: number[] }[]>();

function countLimitsOf(operation: Operation): { limit: number; words: string; statuses: number[] }[] {
  const found: { limit: number; words: string; statuses: number[] }[] = [];
  const text = `${operation.summary ?? ''}. ${operation.description ?? ''}`.replace(/`/g, '');
  for (const sentence of text.split(/(?<=\.)\s+/)) {
    const limit = /\b(?:at most|no more than|up to|a maximum of)\s+(\d+)\s+[a-z]/i.exec(sentence)?.[1];
    const statuses = [...sentence.matchAll(/\b(4\d\d)\b/g)].map((match) => Number(match[1]));
    if (limit !== undefined && statuses.length > 0)
      found.push({ limit: Number(limit), words: sentence.trim(), statuses });
  }
  return found;
}
