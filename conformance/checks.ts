// Every check the runner applies: a named pure function with one signature, in one registry.
// A check's name is its id in reports, flags and JUnit. One concern per check.
import {
  documentedMediaType,
  documentedStatuses,
  judgingMediaType,
  type Operation,
  parseMediaType,
  statusFieldMismatch,
} from '../spec/index.js';
import { finding } from './findings.js';
import type { Check, CheckContext, NamedCheck } from './model.js';
import { childrenListedUnderTheirParent, childrenReadUnderTheirParent } from './parent-checks.js';
import { referenceIn } from './references.js';
import {
  createdDataEchoed,
  createdDataListed,
  createdItemReadable,
  deletedItemGone,
  existingDataPreserved,
  invalidWritesNotStored,
  itemChangesStored,
  refusedWritesNotStored,
  serverAssignedId,
  uniqueIds,
} from './state-checks.js';

function statusOf(context: CheckContext): number | undefined {
  return context.exchange.ok ? context.exchange.response.status : undefined;
}

function documented4xx(operation: Operation): number[] {
  return documentedStatuses(operation).filter((status) => status >= 400 && status < 500);
}

function documentsSuccess(operation: Operation): boolean {
  return operation.responses.some((r) => /^2(\d\d|XX)$/i.test(r.status) || r.status === 'default');
}

function contentTypeOf(context: CheckContext): string | undefined {
  if (!context.exchange.ok) return undefined;
  const header = context.exchange.response.headers['content-type'];
  return Array.isArray(header) ? header[0] : header;
}

const RATE_LIMITED = finding('rate_limited', {}, { severity: 'note' });

/** Transport faults (timeout, reset, oversized or unparseable body) are failures of the target. */
const transportErrors: Check = (context) => {
  if (!context.exchange.ok) {
    const { fault } = context.exchange;
    return [finding('transport_failure', { fault: fault.kind, detail: fault.message })];
  }
  if (context.body.kind === 'unparseable') {
    return [finding('unparseable_body', { error: context.body.error, contentType: contentTypeOf(context) })];
  }
  return [];
};

/** No response is a server error (5xx), whatever the input, unless the document lists that very status. */
const noServerError: Check = (context) => {
  const status = statusOf(context);
  if (status === undefined) return undefined;
  if (status >= 500 && documentedStatuses(context.testCase.operation).includes(status)) return [];
  return status >= 500 ? [finding('server_error', { status })] : [];
};

/** Where the document lists no status for a refusal, the refusal it got is noted, not failed. */
function openRefusal(context: CheckContext, status: number): string | undefined {
  const { operation, kind } = context.testCase;
  if (status < 400 || status >= 500) return undefined;
  // 401, 403 and 429 say nothing of how bad input is refused.
  const clientErrors = documented4xx(operation).some((s) => ![401, 403, 429].includes(s));
  if (kind === 'negative' && !clientErrors) return 'invalid input';
  if (kind === 'unusual' && !clientErrors) return 'a request in an unusual form';
  // Secured operations may refuse credentials with 401 (or 403) even where no such status is listed.
  if (kind === 'auth' && (status === 401 || status === 403 || !clientErrors)) return 'missing or invalid credentials';
  // A very long generated URL may be refused before the operation sees it.
  if ((kind === 'positive' || kind === 'negative') && (status === 414 || status === 431))
    return 'a very long request line or header';
  // A generated path parameter may name nothing (a random parent too, whatever else the request
  // gets wrong): how that is answered is left open where 404 is not listed.
  if (kind !== 'auth' && status === 404 && operation.parameters.some((p) => p.in === 'path')) {
    return 'a resource that may not exist';
  }
  return undefined;
}

/** The status is one the document lists for the operation (5xx are the server-error check's). */
const statusCodeConformance: Check = (context) => {
  const status = statusOf(context);
  if (status === undefined || status >= 500) return undefined;
  if (context.response) return [];
  if (status === 429) return [RATE_LIMITED];
  const refusal = openRefusal(context, status);
  if (refusal) return [finding('refusal_not_documented', { status, what: refusal }, { severity: 'note' })];
  const documented = context.testCase.operation.responses.map((response) => response.status);
  return [finding('undocumented_status', { status, documented })];
};

/** A URL or headers too long (414, 431), where only `default` or a range covers the status: such
 * limits are the HTTP server's or a front proxy's, answered before the service and in their shape. */
function limitOfTheServer(context: CheckContext): boolean {
  if (!context.exchange.ok) return false;
  const status = context.exchange.response.status;
  const documented = context.response?.status;
  return (status === 414 || status === 431) && documented !== undefined && !/^\d+$/.test(documented);
}

/** A body's media type is one documented for that status (parameters such as charset allowed). */
const contentTypeConformance: Check = (context) => {
  const documented = context.response?.content ?? [];
  if (!context.exchange.ok || documented.length === 0 || context.exchange.response.bytes === 0) return undefined;
  if (limitOfTheServer(context)) return undefined;
  if (documentedMediaType(context.response, contentTypeOf(context))) return [];
  const received = parseMediaType(contentTypeOf(context))?.essence;
  return [finding('undocumented_content_type', { received, documented: documented.map((m) => m.mediaType) })];
};

/** The body validates against the schema documented for the received status. */
const responseSchemaConformance: Check = (context) => {
  const documented = context.response?.content ?? [];
  if (!context.exchange.ok || documented.length === 0 || limitOfTheServer(context)) return undefined;
  const media = judgingMediaType(context.response, contentTypeOf(context));
  if (!media?.validator) return undefined;
  const status = context.exchange.response.status;
  if (context.body.kind === 'empty') return [finding('missing_body', { mediaType: media.mediaType, status })];
  if (context.body.kind !== 'json') return undefined;
  const documentedStatus = context.response?.status;
  return media.validator
    .validate(context.body.value)
    .map((issue) =>
      finding(
        'schema_mismatch',
        { at: issue.pointer || '(body)', problem: issue.message, documentedStatus },
        { pointer: issue.pointer, keyword: issue.keyword },
      ),
    );
};

/** The body property marked x-repeats-http-status equals the HTTP status. */
const errorStatusMatchesHttpStatus: Check = (context) => {
  if (!context.response?.statusProperty || context.body.kind !== 'json' || !context.exchange.ok) return undefined;
  const status = context.exchange.response.status;
  const mismatch = statusFieldMismatch(context.response, context.body.value, status);
  if (!mismatch) return [];
  return [finding('status_field_mismatch', { ...mismatch, status }, { pointer: `/${mismatch.property}` })];
};

/** Invalid input is rejected: a 2xx or 3xx answer to it is a failure (other statuses have their own checks). */
const negativeDataRejection: Check = (context) => {
  const status = statusOf(context);
  if (context.testCase.kind !== 'negative' || status === undefined) return undefined;
  if (status >= 400) return [];
  const mutation = context.testCase.mutation ?? 'the input is invalid';
  return [
    finding('invalid_input_accepted', { status, mutation, documented: documented4xx(context.testCase.operation) }),
  ];
};

/** Schema-valid input with valid credentials is accepted. A 400 (or 413) for unusual input is a note:
 * the seed leaves limits, uniqueness and allowed characters open. For plain input it is a failure. */
const positiveDataAcceptance: Check = (context) => {
  const status = statusOf(context);
  // A read-back is the created_item_readable check's concern.
  const { sequence } = context;
  const judgedElsewhere = sequence?.readBack || sequence?.afterChange || sequence?.afterRemove || sequence?.otherParent;
  if (context.testCase.kind !== 'positive' || status === undefined || status >= 500 || judgedElsewhere) {
    return undefined;
  }
  if (status < 300) return [];
  if (status === 429) return [RATE_LIMITED];
  const { operation } = context.testCase;
  // A document that lists no success for the operation leaves open what valid input gets.
  if (!documentsSuccess(operation)) return undefined;
  // A generated path parameter names a resource that may not exist: 404 is then the right answer.
  if (status === 404 && operation.parameters.some((p) => p.in === 'path')) return [];
  // Limits are open: a body too large (413), a URL or headers too long (414, 431) for unusual input.
  const leeway = status === 400 || status === 413 || status === 414 || status === 431;
  if (leeway && context.facts.valueAlreadyListed !== undefined) {
    return [
      finding('value_already_taken', { status, property: context.facts.valueAlreadyListed }, { severity: 'note' }),
    ];
  }
  if (leeway && !context.testCase.plain) return [finding('unusual_input_refused', { status }, { severity: 'note' })];
  // A made-up categoryId names a category that exists nowhere: a documented refusal is the right answer.
  const reference = documented4xx(operation).includes(status)
    ? referenceIn(context.contract, context.testCase)
    : undefined;
  if (reference !== undefined) {
    return [finding('referenced_item_unknown', { status, property: reference }, { severity: 'note' })];
  }
  const documented = documentedStatuses(operation).filter((s) => s < 300);
  return [finding('valid_input_refused', { status, documented })];
};

/** Missing or invalid credentials get 401 (or, where the document lists no 401, a 401, a 403 or a
 * documented 4xx). */
const ignoredAuth: Check = (context) => {
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
  const fields = {
    status,
    credentials: context.testCase.auth.label,
    expected: documents401 ? '401' : '401, 403 or a documented 4xx',
  };
  return [finding(status < 400 ? 'bad_credentials_accepted' : 'bad_credentials_not_401', fields)];
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
  {
    name: 'negative_data_rejection',
    rule: 'invalid input is rejected with a 4xx, and stored nowhere',
    run: (context) =>
      context.sequence?.refusedInvalid ? invalidWritesNotStored(context) : negativeDataRejection(context),
  },
  {
    name: 'positive_data_acceptance',
    rule: 'valid input with valid credentials gets a 2xx',
    run: positiveDataAcceptance,
  },
  {
    name: 'ignored_auth',
    rule: 'missing or invalid credentials get 401, and change nothing',
    run: (context) => (context.sequence?.refused ? refusedWritesNotStored(context) : ignoredAuth(context)),
  },
  {
    name: 'created_data_echoed',
    rule: 'a created item echoes what was sent',
    run: createdDataEchoed,
    collectionsOnly: true,
  },
  {
    name: 'created_data_listed',
    rule: "a created item is in the next list, once, unchanged, and in no other parent's list",
    run: (context) =>
      context.sequence?.otherParent ? childrenListedUnderTheirParent(context) : createdDataListed(context),
    collectionsOnly: true,
  },
  {
    name: 'created_item_readable',
    rule: 'a created item can be read back by its id, unchanged, and under its own parent only',
    run: (context) =>
      context.sequence?.otherParent ? childrenReadUnderTheirParent(context) : createdItemReadable(context),
    collectionsOnly: true,
  },
  { name: 'unique_ids', rule: 'ids are unique in lists and across creations', run: uniqueIds, collectionsOnly: true },
  {
    name: 'server_assigned_id',
    rule: 'a client-sent id does not become the item id',
    run: serverAssignedId,
    collectionsOnly: true,
  },
  {
    name: 'existing_data_preserved',
    rule: 'creations leave existing items unchanged',
    run: existingDataPreserved,
    collectionsOnly: true,
  },
  {
    name: 'item_changes_stored',
    rule: 'a PUT or PATCH answers, and the item reads back, as sent',
    run: itemChangesStored,
    collectionsOnly: true,
  },
  { name: 'deleted_item_gone', rule: 'after DELETE the item reads 404', run: deletedItemGone, collectionsOnly: true },
];

export const CHECK_NAMES: readonly string[] = CHECKS.map((check) => check.name);
