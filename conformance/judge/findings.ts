// Every kind of finding the checks produce: a stable code, a fixed title, the fields that tell one
// problem from another, and how its message reads. Messages are written from the fields when a
// result is built, never parsed back.
import { truncate } from '../../spec/index.js';
import type { Finding } from '../model.js';
import { describeValue, type Fields, type FindingKind, IDIOM_FINDING_KINDS } from './idiom-findings.js';
import { INPUT_FINDING_KINDS, list } from './input-findings.js';
import { ITEM_FINDING_KINDS } from './item-findings.js';
import { LIFE_FINDING_KINDS } from './life-findings.js';
import { LIFE_RULE_FINDING_KINDS } from './life-rule-findings.js';

/** A compared field as it was written: its exact JSON text where the comparison kept one (int64
 * digits past 2^53 that the parsed number rounds), else the value. */
const asWritten = (value: unknown, text: unknown): string =>
  typeof text === 'string' && value !== undefined ? truncate(text, 120) : describeValue(value);

const rateLimited = 'a documented status; the document leaves rate limits open';

export const FINDING_KINDS = {
  transport_failure: {
    title: 'Transport failure',
    titleField: 'fault',
    key: ['fault'],
    received: (f) => `${f.fault}: ${f.detail}`,
    expected: () => 'a complete HTTP response within the time-out',
  },
  unparseable_body: {
    title: 'Body is not valid JSON',
    received: (f) => `a body that does not parse (${f.error})`,
    expected: (f) => `JSON, as the Content-Type ${f.contentType ?? ''} says`,
  },
  server_error: {
    title: 'Server error',
    key: ['status'],
    received: (f) => `${f.status}`,
    expected: () => 'a status below 500 (the document lists no server errors)',
  },
  rate_limited: {
    title: 'Rate limited',
    received: () => '429 after retries',
    expected: () => rateLimited,
  },
  undocumented_status: {
    title: 'Undocumented status code',
    key: ['status'],
    received: (f) => `${f.status}`,
    expected: (f) => `one of ${list(f.documented)}`,
  },
  no_valid_input: {
    title: 'No valid input could be generated',
    key: ['what'],
    received: (f) => `no ${f.what} that the schema accepts could be built`,
    expected: () => 'valid input to send; the cases that need it were not sent, so what they check is untested',
  },
  refusal_not_documented: {
    title: 'Refusal with a status the document does not list',
    key: ['status'],
    received: (f) => `${f.status} for ${f.what}`,
    expected: () => 'a documented status; the document lists none for this refusal, so this is not a failure',
  },
  undocumented_content_type: {
    title: 'Undocumented Content-Type',
    key: ['received'],
    received: (f) => String(f.received ?? 'no Content-Type'),
    expected: (f) => list(f.documented).replace(/, /g, ' or '),
  },
  missing_body: {
    title: 'Missing response body',
    key: ['status'],
    received: () => 'an empty body',
    expected: (f) => `a ${f.mediaType} body for status ${f.status}`,
  },
  schema_mismatch: {
    title: 'Response violates schema',
    received: (f) => `${f.at} ${f.problem}`,
    expected: (f) => `a body valid for the ${f.documentedStatus} schema`,
  },
  said_member_missing: {
    title: 'Answer lacks a member the document says it carries',
    received: (f) => `a ${f.status} without \`${f.member}\``,
    expected: (f) => `\`${f.member}\` in every ${f.status} answer, as the document's words say`,
  },
  status_field_mismatch: {
    title: 'Body status differs from HTTP status',
    received: (f) => `${f.property} ${JSON.stringify(f.value)}`,
    expected: (f) => `${f.property} ${f.status}, the HTTP status`,
  },
  ...INPUT_FINDING_KINDS,
  bad_credentials_accepted: {
    title: 'Request with bad credentials accepted',
    received: (f) => `${f.status} for ${f.credentials}`,
    expected: (f) => String(f.expected),
  },
  bad_credentials_not_401: {
    title: 'Bad credentials not answered with 401',
    received: (f) => `${f.status} for ${f.credentials}`,
    expected: (f) => String(f.expected),
  },
  field_not_echoed: {
    title: 'Created item does not echo a sent field',
    key: ['field'],
    received: (f) => `${f.field} ${asWritten(f.received, f.receivedText)}`,
    expected: (f) => `${f.field} ${asWritten(f.sent, f.sentText)}, as sent`,
  },
  created_item_missing: {
    title: 'Created item missing from the list',
    // How much of the list was read: a list that stops at 100 items shows it here.
    received: (f) =>
      `no item with ${f.idProperty} ${f.id} in the list` +
      (f.listed === undefined
        ? ''
        : ` (${f.listed} item(s) read, ${f.complete ? 'every page the answers offered' : 'not every page: the walk could not go on'})`),
    expected: () => 'the created item in the next list',
  },
  created_item_repeated: {
    title: 'Created item listed more than once',
    received: (f) => `${f.count} items with ${f.idProperty} ${f.id}`,
    expected: () => 'exactly one',
  },
  listed_item_differs: {
    title: 'Listed item differs from what was created',
    key: ['field'],
    received: (f) => `${f.field} ${asWritten(f.received, f.receivedText)} instead of ${asWritten(f.sent, f.sentText)}`,
    expected: () => 'the fields as created',
  },
  created_item_unreadable: {
    title: 'Created item cannot be read back',
    received: (f) => `${f.status} for ${f.idProperty} ${f.id}`,
    expected: () => 'a 2xx with the created item',
  },
  read_back_other_id: {
    title: 'Read-back item has another id',
    received: (f) => `${f.idProperty} ${f.received}`,
    expected: (f) => `${f.idProperty} ${f.id}`,
  },
  read_back_differs: {
    title: 'Read-back item differs from what was created',
    key: ['field'],
    received: (f) => `${f.field} ${asWritten(f.received, f.receivedText)} instead of ${asWritten(f.sent, f.sentText)}`,
    expected: () => 'the fields as created',
  },
  change_not_stored: {
    title: 'Changed item not stored as sent',
    key: ['kind'],
    received: (f) =>
      `${f.field} ${describeValue(f.received)} after ${f.kind === 'update' ? 'PATCH' : 'PUT'} of ${f.idProperty} ${f.id}`,
    expected: (f) => `${f.field} ${describeValue(f.sent)}`,
  },
  change_not_answered: {
    title: 'Changed item answered otherwise than sent',
    key: ['kind'],
    received: (f) =>
      `${f.field} ${describeValue(f.received)} in the answer to ${f.kind === 'update' ? 'PATCH' : 'PUT'} of ${f.idProperty} ${f.id}`,
    expected: (f) => `${f.field} ${describeValue(f.sent)}, as sent`,
  },
  failed_patch_applied: {
    title: 'JSON Patch with a failing test applied',
    received: (f) => `${f.status} for ${f.idProperty} ${f.id}`,
    expected: () => 'a 4xx: a failed test fails the whole patch (RFC 6902), and the item stays as it was',
  },
  changed_item_unreadable: {
    title: 'Changed item cannot be read back',
    received: (f) => `${f.status} for ${f.idProperty} ${f.id}`,
    expected: () => 'a 2xx with the changed item',
  },
  deleted_item_still_readable: {
    title: 'Deleted item still readable',
    received: (f) => `${f.status} for ${f.idProperty} ${f.id} after DELETE`,
    expected: () => '404 (or 410): the item is gone',
  },
  deleted_item_not_gone: {
    title: 'Deleted item answered as unknown',
    received: (f) => `${f.status} for ${f.idProperty} ${f.id} after DELETE`,
    expected: (f) => `${f.gone}: the document answers deleted items so (soft deletion)`,
  },
  listed_under_other_parent: {
    title: "A parent's list holds another parent's items",
    key: ['member'],
    received: (f) => `an item whose ${String(f.member)} is ${JSON.stringify(f.got)}`,
    expected: (f) => `only items whose ${String(f.member)} is ${String(f.expected)}, the parent the list's path names`,
  },
  child_under_other_parent: {
    title: 'Child item shown under another parent',
    received: (f) => `${f.idProperty} ${f.id}, created under the first parent, ${f.how} under another`,
    expected: () => 'a child listed and read under its own parent only (404 elsewhere)',
  },
  deleted_item_still_listed: {
    title: 'Deleted item still listed',
    received: (f) => `${f.idProperty} ${f.id} in the list after DELETE (read again after 0.25 s and 1 s)`,
    expected: () => 'the item gone from every list',
  },
  created_ids_repeated: {
    title: 'Created ids are not unique',
    received: (f) => `ids ${list(f.ids)} given twice`,
    expected: () => 'a new, unique id for every created item',
  },
  list_ids_repeated: {
    title: 'List holds duplicate ids',
    received: (f) => `ids ${list(f.ids)} more than once`,
    expected: () => 'each id once',
  },
  existing_item_disappeared: {
    title: 'Existing item disappeared',
    received: (f) => `no item with ${f.idProperty} ${f.id} after the creations`,
    expected: () => 'every existing item still listed',
  },
  refused_write_stored: {
    title: 'Refused write stored',
    received: (f) =>
      `an item (${f.idProperty} ${describeValue(f.id)}) with ${f.property} ${describeValue(f.value)}, sent only in a creation that was refused (bad credentials, or invalid input)`,
    expected: () => 'a refused creation leaves nothing behind',
  },
  existing_items_paged_off: {
    title: 'Oldest items no longer on the list',
    received: (f) => `${f.count} earlier item(s) no longer listed, but the list may page: ${f.why}`,
    expected: () =>
      'every existing item still listed; the document leaves paging open, so a first page is not a failure',
  },
  existing_item_altered: {
    title: 'Existing item altered',
    received: (f) =>
      `${f.idProperty} ${f.id} has ${f.field} ${describeValue(f.received)} (was ${describeValue(f.before)})`,
    expected: () => 'existing items unchanged by creations',
  },
  client_value_taken: {
    title: 'Client-sent value of a service-assigned property taken',
    key: ['property'],
    received: (f) => `${f.property} ${describeValue(f.value)}, the value the client sent`,
    expected: (f) =>
      f.anyway === true
        ? 'a value assigned by the service; the same body without it got that value too, so this is not a failure'
        : 'a value assigned by the service (the property is readOnly): mass assignment',
  },
  client_id_taken: {
    title: 'Client-sent id taken',
    received: (f) => `${f.idProperty} ${f.id}, the id the client sent`,
    expected: () => 'an id assigned by the service',
  },
  ...IDIOM_FINDING_KINDS,
  ...LIFE_RULE_FINDING_KINDS,
  ...ITEM_FINDING_KINDS,
  ...LIFE_FINDING_KINDS,
} satisfies Record<string, FindingKind>;

export type FindingCode = keyof typeof FINDING_KINDS;

/** A finding of a known code; the type system keeps codes to the catalog. */
export function finding(code: FindingCode, fields: Fields = {}, extra: Omit<Finding, 'code' | 'fields'> = {}): Finding {
  return { code, fields, ...extra };
}

function kindOf(code: string): FindingKind {
  return (
    (FINDING_KINDS as Record<string, FindingKind>)[code] ?? {
      title: code,
      received: (f) => JSON.stringify(f),
      expected: () => '',
    }
  );
}

/** The title and "Received … / Expected …" message of a finding. */
export function describeFinding(found: Finding): { title: string; message: string } {
  const kind = kindOf(found.code);
  const named = kind.titleField ? `${kind.title}: ${String(found.fields[kind.titleField])}` : kind.title;
  const title = found.keyword ? `${named} (${found.keyword})` : named;
  return { title, message: `Received: ${kind.received(found.fields)} / Expected: ${kind.expected(found.fields)}` };
}

/** What tells one problem from another: code, severity, body pointer (array indices as *),
 * keyword, and the fields its kind names (a status, a field's name); never messages or values. */
export function problemParts(found: Pick<Finding, 'code' | 'severity' | 'pointer' | 'keyword' | 'fields'>): string[] {
  const pointer = (found.pointer ?? '').replace(/\/\d+(?=\/|$)/g, '/*');
  const fields = (kindOf(found.code).key ?? []).map((name) => `${name}=${JSON.stringify(found.fields[name] ?? null)}`);
  return [found.code, found.severity ?? 'failure', pointer, found.keyword ?? '', ...fields];
}

export function problemKey(found: Finding): string {
  return problemParts(found).join('\u0000');
}

export { describeValue };
