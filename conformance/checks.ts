// Every check the runner applies: a named pure function with one signature, in one registry.
// A check's name is its id in reports, flags and JUnit. One concern per check.
import { documentedStatuses, isJsonMediaType, mediaTypeMatches, type Operation } from '../spec/index.js';
import { idKey } from './json-body.js';
import type { Check, CheckContext, Finding, NamedCheck } from './model.js';

const received = (what: string, expected: string): string => `Received: ${what} / Expected: ${expected}`;

function statusOf(context: CheckContext): number | undefined {
  return context.exchange.ok ? context.exchange.response.status : undefined;
}

function documentedList(operation: Operation): string {
  return operation.responses.map((r) => r.status).join(', ');
}

function isDocumented4xx(operation: Operation, status: number): boolean {
  return status >= 400 && status < 500 && documentedStatuses(operation).includes(status);
}

function contentTypeOf(context: CheckContext): string | undefined {
  if (!context.exchange.ok) return undefined;
  const header = context.exchange.response.headers['content-type'];
  return Array.isArray(header) ? header[0] : header;
}

/** Transport faults (timeout, reset, oversized or unparseable body) are failures of the target. */
const transportErrors: Check = (context) => {
  if (!context.exchange.ok) {
    const { fault } = context.exchange;
    return [
      {
        title: `Transport failure: ${fault.kind}`,
        message: received(fault.message, 'a complete HTTP response within the time-out'),
      },
    ];
  }
  if (context.body.kind === 'unparseable') {
    return [
      {
        title: 'Body is not valid JSON',
        message: received(
          `a body that does not parse (${context.body.error})`,
          `JSON, as the Content-Type ${contentTypeOf(context) ?? ''} says`,
        ),
      },
    ];
  }
  return [];
};

/** No response is a server error (5xx), whatever the input. */
const noServerError: Check = (context) => {
  const status = statusOf(context);
  if (status === undefined) return undefined;
  return status >= 500
    ? [
        {
          title: 'Server error',
          message: received(`${status}`, 'a status below 500 (the document lists no server errors)'),
        },
      ]
    : [];
};

/** Rate limits are not specified: a 429 that outlasted the runner's retries is a note. */
const RATE_LIMITED: Finding = {
  severity: 'note',
  title: 'Rate limited',
  message: received('429 after retries', 'a documented status; the seed leaves rate limits open'),
};

/** The status is one the document lists for the operation (5xx are the server-error check's). */
const statusCodeConformance: Check = (context) => {
  const status = statusOf(context);
  if (status === undefined || status >= 500) return undefined;
  if (context.response) return [];
  if (status === 429) return [RATE_LIMITED];
  return [
    {
      title: 'Undocumented status code',
      message: received(`${status}`, `one of ${documentedList(context.testCase.operation)}`),
    },
  ];
};

/** A body's media type is one documented for that status (parameters such as charset allowed). */
const contentTypeConformance: Check = (context) => {
  const documented = context.response?.content ?? [];
  if (!context.exchange.ok || documented.length === 0 || context.exchange.response.bytes === 0) return undefined;
  const header = contentTypeOf(context);
  const essence = header?.split(';')[0]?.trim().toLowerCase();
  if (essence !== undefined && documented.some((media) => mediaTypeMatches(essence, media.mediaType))) return [];
  return [
    {
      title: 'Undocumented Content-Type',
      message: received(header ?? 'no Content-Type', documented.map((m) => m.mediaType).join(' or ')),
    },
  ];
};

/** The body validates against the schema documented for the received status. */
const responseSchemaConformance: Check = (context) => {
  const documented = context.response?.content ?? [];
  if (!context.exchange.ok || documented.length === 0) return undefined;
  const essence = contentTypeOf(context)?.split(';')[0]?.trim().toLowerCase();
  const media =
    documented.find((m) => m.mediaType.toLowerCase() === essence) ??
    documented.find((m) => isJsonMediaType(m.mediaType));
  if (!media?.validator) return undefined;
  if (context.body.kind === 'empty') {
    return [
      {
        title: 'Missing response body',
        message: received('an empty body', `a ${media.mediaType} body for status ${context.exchange.response.status}`),
      },
    ];
  }
  if (context.body.kind !== 'json') return undefined;
  return media.validator.validate(context.body.value).map((issue) => ({
    title: `Response violates schema (${issue.keyword})`,
    message: received(
      `${issue.pointer || '(body)'} ${issue.message}`,
      `a body valid for the ${context.response!.status} schema`,
    ),
    pointer: issue.pointer,
    keyword: issue.keyword,
  }));
};

/** The body property marked x-repeats-http-status equals the HTTP status. */
const errorStatusMatchesHttpStatus: Check = (context) => {
  const property = context.response?.statusProperty;
  if (!property || context.body.kind !== 'json' || !context.exchange.ok) return undefined;
  const value = context.body.value as Record<string, unknown> | null;
  if (typeof value !== 'object' || value === null || !(property in value)) return [];
  const status = context.exchange.response.status;
  if (value[property] === status) return [];
  return [
    {
      title: 'Body status differs from HTTP status',
      message: received(`${property} ${JSON.stringify(value[property])}`, `${property} ${status}, the HTTP status`),
      pointer: `/${property}`,
    },
  ];
};

/** Invalid input is rejected: a 2xx or 3xx answer to it is a failure (other statuses have their own checks). */
const negativeDataRejection: Check = (context) => {
  const status = statusOf(context);
  if (context.testCase.kind !== 'negative' || status === undefined) return undefined;
  if (status >= 400) return [];
  return [
    {
      title: 'Invalid input accepted',
      message: received(
        `${status} for input where ${context.testCase.mutation ?? 'the input is invalid'}`,
        `a documented 4xx (${documentedStatuses(context.testCase.operation)
          .filter((s) => s >= 400 && s < 500)
          .join(', ')})`,
      ),
    },
  ];
};

/** Schema-valid input with valid credentials is accepted. A 400 (or 413) for unusual input is a note:
 * the seed leaves limits, uniqueness and allowed characters open. For plain input it is a failure. */
const positiveDataAcceptance: Check = (context) => {
  const status = statusOf(context);
  if (context.testCase.kind !== 'positive' || status === undefined || status >= 500) return undefined;
  if (status < 300) return [];
  if (status === 429) return [RATE_LIMITED];
  const { operation } = context.testCase;
  // A generated path parameter names a resource that may not exist: 404 is then the right answer.
  if (status === 404 && operation.parameters.some((p) => p.in === 'path') && !context.sequence?.readBack) return [];
  const leeway = status === 400 || status === 413;
  if (leeway && !context.testCase.plain) {
    return [
      {
        severity: 'note',
        title: 'Valid but unusual input refused',
        message: received(
          `${status}`,
          `2xx; the seed leaves limits and allowed characters open, so this is not a failure`,
        ),
      },
    ];
  }
  return [
    {
      title: 'Valid input refused',
      message: received(
        `${status}`,
        `a 2xx (${documentedStatuses(operation)
          .filter((s) => s < 300)
          .join(', ')}) for schema-valid input with valid credentials`,
      ),
    },
  ];
};

/** Missing or invalid credentials get 401 (or, where the document lists no 401, a documented 4xx). */
const ignoredAuth: Check = (context) => {
  const status = statusOf(context);
  if (context.testCase.kind !== 'auth' || status === undefined || status >= 500) return undefined;
  if (status === 429) return [RATE_LIMITED];
  const documents401 = documentedStatuses(context.testCase.operation).includes(401);
  const ok = documents401 ? status === 401 : isDocumented4xx(context.testCase.operation, status);
  if (ok) return [];
  const title = status < 400 ? 'Request with bad credentials accepted' : 'Bad credentials not answered with 401';
  return [
    {
      title,
      message: received(`${status} for ${context.testCase.auth.label}`, documents401 ? '401' : 'a documented 4xx'),
    },
  ];
};

function asObject(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** A created item echoes every field the client sent, exactly. */
const createdDataEchoed: Check = (context) => {
  const create = context.collection?.create;
  const status = statusOf(context);
  if (!create || context.testCase.operation !== create.operation || context.testCase.payload?.kind !== 'json')
    return undefined;
  if (status === undefined || status < 200 || status >= 300 || context.body.kind !== 'json') return undefined;
  const sent = asObject(context.testCase.payload.value) ?? {};
  const got = asObject(context.body.value);
  if (!got) return [];
  const findings: Finding[] = [];
  for (const name of create.storedProperties) {
    if (!(name in sent)) continue;
    if (JSON.stringify(got[name]) !== JSON.stringify(sent[name])) {
      findings.push({
        title: 'Created item does not echo a sent field',
        message: received(`${name} ${describeValue(got[name])}`, `${name} ${describeValue(sent[name])}, as sent`),
        pointer: `/${name}`,
      });
    }
  }
  return findings;
};

function describeValue(value: unknown): string {
  if (value === undefined) return '(absent)';
  const text = JSON.stringify(value);
  return text.length > 120 ? `${text.slice(0, 120)}… (${text.length} characters)` : text;
}

function idsOf(items: readonly Record<string, unknown>[], idProperty: string): string[] {
  return items.filter((item) => item[idProperty] !== undefined).map((item) => idKey(item, idProperty));
}

function duplicates(keys: readonly string[]): string[] {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const key of keys) {
    if (seen.has(key)) repeated.add(key);
    seen.add(key);
  }
  return [...repeated];
}

/** Ids are unique: within every list, and across creations (none reuses an existing id). */
const uniqueIds: Check = (context) => {
  const collection = context.collection;
  if (!collection) return undefined;
  if (context.sequence) {
    const createdItems = (context.sequence.creations ?? [])
      .map((c) => (c.body.kind === 'json' ? asObject(c.body.value) : undefined))
      .filter((item): item is Record<string, unknown> => item !== undefined);
    const created = idsOf(createdItems, collection.idProperty);
    const before = new Set(idsOf(context.sequence.before ?? [], collection.idProperty));
    const reused = created.filter((id) => before.has(id));
    const repeated = duplicates(created);
    if (repeated.length === 0 && reused.length === 0) return [];
    return [
      {
        title: 'Created ids are not unique',
        message: received(
          `ids ${[...repeated, ...reused].slice(0, 5).join(', ')} given twice`,
          'a new, unique id for every created item',
        ),
      },
    ];
  }
  const list = collection.list;
  if (
    !list ||
    context.testCase.operation !== list.operation ||
    context.body.kind !== 'json' ||
    !Array.isArray(context.body.value)
  )
    return undefined;
  const items = context.body.value.map(asObject).filter((item): item is Record<string, unknown> => item !== undefined);
  const repeated = duplicates(idsOf(items, collection.idProperty));
  if (repeated.length === 0) return [];
  return [
    {
      title: 'List holds duplicate ids',
      message: received(`ids ${repeated.slice(0, 5).join(', ')} more than once`, 'each id once'),
    },
  ];
};

function sameFields(
  item: Record<string, unknown>,
  sent: Record<string, unknown>,
  fields: readonly string[],
): string | undefined {
  for (const name of fields) {
    if (!(name in sent)) continue;
    if (JSON.stringify(item[name]) !== JSON.stringify(sent[name]))
      return `${name} ${describeValue(item[name])} instead of ${describeValue(sent[name])}`;
  }
  return undefined;
}

/** Every created item is in the next list, exactly once, with the id and fields it was created with. */
const createdDataListed: Check = (context) => {
  const { collection, sequence } = context;
  if (!collection?.create || !sequence?.after) return undefined;
  const findings: Finding[] = [];
  for (const creation of sequence.creations ?? []) {
    if (!creation.exchange.ok || creation.exchange.response.status >= 300 || creation.body.kind !== 'json') continue;
    const createdItem = asObject(creation.body.value);
    if (createdItem?.[collection.idProperty] === undefined) continue;
    const id = idKey(createdItem, collection.idProperty);
    const matches = sequence.after.filter((item) => idKey(item, collection.idProperty) === id);
    if (matches.length === 0) {
      findings.push({
        title: 'Created item missing from the list',
        message: received(
          `no item with ${collection.idProperty} ${id} in the list`,
          'the created item in the next list',
        ),
      });
      continue;
    }
    if (matches.length > 1) {
      findings.push({
        title: 'Created item listed more than once',
        message: received(`${matches.length} items with ${collection.idProperty} ${id}`, 'exactly one'),
      });
    }
    const difference = sameFields(matches[0]!, creation.sent, collection.create.storedProperties);
    if (difference)
      findings.push({
        title: 'Listed item differs from what was created',
        message: received(difference, 'the fields as created'),
      });
  }
  return findings;
};

/** Items that existed before the run are still listed, unchanged, after it. */
const existingDataPreserved: Check = (context) => {
  const { collection, sequence } = context;
  if (!collection || !sequence?.before || !sequence.after) return undefined;
  const after = new Map(sequence.after.map((item) => [idKey(item, collection.idProperty), item]));
  for (const item of sequence.before) {
    const now = after.get(idKey(item, collection.idProperty));
    if (!now)
      return [
        {
          title: 'Existing item disappeared',
          message: received(
            `no item with ${collection.idProperty} ${JSON.stringify(item[collection.idProperty])} after the creations`,
            'every existing item still listed',
          ),
        },
      ];
    const changed = Object.keys(item).find((name) => JSON.stringify(item[name]) !== JSON.stringify(now[name]));
    if (changed)
      return [
        {
          title: 'Existing item altered',
          message: received(
            `${collection.idProperty} ${JSON.stringify(item[collection.idProperty])} has ${changed} ${describeValue(now[changed])} (was ${describeValue(item[changed])})`,
            'existing items unchanged by creations',
          ),
        },
      ];
  }
  return [];
};

/** The service assigns ids: a client-sent id (one that collides with an existing item) is not taken. */
const serverAssignedId: Check = (context) => {
  const { collection, sequence } = context;
  if (!collection || sequence?.collidingId === undefined) return undefined;
  const creation = sequence.creations?.[0];
  if (!creation?.exchange.ok || creation.exchange.response.status >= 300 || creation.body.kind !== 'json') return [];
  const item = asObject(creation.body.value);
  if (!item || item[collection.idProperty] === undefined || idKey(item, collection.idProperty) !== sequence.collidingId)
    return [];
  return [
    {
      title: 'Client-sent id taken',
      message: received(
        `${collection.idProperty} ${sequence.collidingId}, the id the client sent`,
        'an id assigned by the service',
      ),
      pointer: `/${collection.idProperty}`,
    },
  ];
};

/** A created item can be read back by its id, with the fields it was created with. */
const createdItemReadable: Check = (context) => {
  const { collection, sequence } = context;
  const readBack = sequence?.readBack;
  if (!collection?.create || !readBack || !context.exchange.ok) return undefined;
  const status = context.exchange.response.status;
  if (status < 200 || status >= 300)
    return [
      {
        title: 'Created item cannot be read back',
        message: received(`${status} for ${collection.idProperty} ${readBack.id}`, 'a 2xx with the created item'),
      },
    ];
  const item = context.body.kind === 'json' ? asObject(context.body.value) : undefined;
  if (!item) return [];
  if (item[collection.idProperty] !== undefined && idKey(item, collection.idProperty) !== readBack.id) {
    return [
      {
        title: 'Read-back item has another id',
        message: received(
          `${collection.idProperty} ${idKey(item, collection.idProperty)}`,
          `${collection.idProperty} ${readBack.id}`,
        ),
      },
    ];
  }
  const difference = sameFields(item, readBack.sent, collection.create.storedProperties);
  return difference
    ? [
        {
          title: 'Read-back item differs from what was created',
          message: received(difference, 'the fields as created'),
        },
      ]
    : [];
};

export const CHECKS: readonly NamedCheck[] = [
  { name: 'transport_errors', rule: 'every request gets a complete, parseable response in time', run: transportErrors },
  { name: 'no_server_error', rule: 'no response is a 5xx', run: noServerError },
  { name: 'status_code_conformance', rule: 'the status is documented for the operation', run: statusCodeConformance },
  {
    name: 'content_type_conformance',
    rule: 'the Content-Type is documented for the status',
    run: contentTypeConformance,
  },
  {
    name: 'response_schema_conformance',
    rule: 'the body is valid for the documented schema',
    run: responseSchemaConformance,
  },
  {
    name: 'error_status_matches_http_status',
    rule: 'the Error status field repeats the HTTP status',
    run: errorStatusMatchesHttpStatus,
  },
  { name: 'negative_data_rejection', rule: 'invalid input is rejected with a 4xx', run: negativeDataRejection },
  {
    name: 'positive_data_acceptance',
    rule: 'valid input with valid credentials gets a 2xx',
    run: positiveDataAcceptance,
  },
  { name: 'ignored_auth', rule: 'missing or invalid credentials get 401', run: ignoredAuth },
  { name: 'created_data_echoed', rule: 'a created item echoes what was sent', run: createdDataEchoed },
  { name: 'created_data_listed', rule: 'a created item is in the next list, once, unchanged', run: createdDataListed },
  {
    name: 'created_item_readable',
    rule: 'a created item can be read back by its id, unchanged',
    run: createdItemReadable,
  },
  { name: 'unique_ids', rule: 'ids are unique in lists and across creations', run: uniqueIds },
  { name: 'server_assigned_id', rule: 'a client-sent id does not become the item id', run: serverAssignedId },
  { name: 'existing_data_preserved', rule: 'creations leave existing items unchanged', run: existingDataPreserved },
];

export const CHECK_NAMES: readonly string[] = CHECKS.map((check) => check.name);
