// Every check the runner applies: a named pure function with one signature, in one registry.
// A check's name is its id in reports, flags and JUnit. One concern per check.
import {
  documentedMediaType,
  documentedStatuses,
  exactBoundIssues,
  judgingMediaType,
  parsedExactly,
  parseMediaType,
  statusFieldMismatch,
  statusPropertyOf,
  validationStatusesOf,
} from '../../spec/index.js';
import type { Check, CheckContext, NamedCheck } from '../model.js';
import {
  contentTypeOf,
  documented4xx,
  limitOfTheServer,
  RATE_LIMITED,
  smallBodyRefused,
  statusOf,
} from './check-support.js';
import { serviceFilledValues } from './filled-in-checks.js';
import { finding } from './findings.js';
import { apiIdiomsHonoured } from './idiom-checks.js';
import { ignoredAuth, negativeDataRejection, positiveDataAcceptance } from './input-checks.js';
import { createdItemReadable, deletedItemGone, itemChangesStored } from './item-checks.js';
import { objectLevelAuthorization } from './ownership-checks.js';
import {
  childrenListedUnderTheirParent,
  childrenReadUnderTheirParent,
  listedItemsNameTheirParent,
} from './parent-checks.js';
import { prototypePollution } from './pollution-checks.js';
import { challengeSaid } from './said-challenges.js';
import { headerPromised } from './said-headers.js';
import { saidMembersMissing } from './said-members.js';
import {
  createdDataEchoed,
  createdDataListed,
  existingDataPreserved,
  invalidWritesNotStored,
  refusedWritesNotStored,
  serverAssignedId,
  uniqueIds,
} from './state-checks.js';
import { transportErrors } from './transport-checks.js';

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
  // The document's words let every schema refusal take any of its statuses ("400 or 422").
  const either = validationStatusesOf(context.contract);
  if ((kind === 'negative' || kind === 'unusual') && either.includes(status))
    return 'invalid input, as the words allow';
  // Unusual valid input (a title of 200 emoji, counted in UTF-16 units) taken for a schema violation.
  if (kind === 'positive' && !context.testCase.plain && either.includes(status))
    return 'valid but unusual input refused as a schema violation, with a status the words allow';
  if (kind === 'unusual' && !clientErrors) return 'a request in an unusual form';
  // Secured operations may refuse credentials with 401 (or 403) even where no such status is listed.
  if (kind === 'auth' && (status === 401 || status === 403 || !clientErrors)) return 'missing or invalid credentials';
  // A very long generated URL may be refused before the operation sees it.
  if ((kind === 'positive' || kind === 'negative') && (status === 414 || status === 431))
    return 'a very long request line or header';
  // Nor is a body past a size limit the document leaves open (a proxy's, a framework's default).
  if ((kind === 'positive' || kind === 'negative' || kind === 'unusual') && status === 413 && !context.testCase.plain)
    return smallBodyRefused(context) ? undefined : 'a body past a size limit';
  // HTTP's own answer to the stale If-Match the run sent on purpose (RFC 9110: 412), where the
  // document takes If-Match but lists no 412 (Twilio's TaskRouter updates).
  if (status === 412 && context.sequence?.idiom?.idiom === 'stale-if-match') return 'a stale If-Match';
  // A path parameter outside its schema (a number 0) refused as the document refuses invalid input
  // elsewhere (400 or 422 listed by another operation): how a path's values are checked is left open.
  if (kind === 'negative' && context.testCase.brokenPathParameter && (status === 400 || status === 422)) {
    const listed = context.contract.operations.some((other) =>
      other.responses.some((r) => r.status === String(status)),
    );
    if (listed) return 'a path parameter outside its schema';
  }
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

/** A body's media type is one documented for that status (parameters such as charset allowed). */
const contentTypeConformance: Check = (context) => {
  const documented = context.response?.content ?? [];
  if (!context.exchange.ok || documented.length === 0 || context.exchange.response.bytes === 0) return undefined;
  if (limitOfTheServer(context)) return undefined;
  if (documentedMediaType(context.response, contentTypeOf(context))) return [];
  const received = parseMediaType(contentTypeOf(context))?.essence;
  return [finding('undocumented_content_type', { received, documented: documented.map((m) => m.mediaType) })];
};

/** Every header the document marks required for the received status is there, with a value its
 * schema takes (a Location, an ETag). */
const responseHeadersConformance: Check = (context) => {
  const declared = context.response?.headers ?? [];
  if (!context.exchange.ok || limitOfTheServer(context)) return undefined;
  const headers = context.exchange.response.headers;
  const found = [];
  // RFC 9110 11.6.1: a 401 carries at least one challenge, where the operation takes HTTP auth.
  const httpAuth = context.testCase.operation.security.flat().some((scheme) => scheme.type === 'http');
  const challenged = context.exchange.response.status === 401 && (httpAuth || challengeSaid(context));
  if (challenged && headers['www-authenticate'] === undefined) found.push(finding('missing_challenge', {}));
  if (declared.length === 0) return challenged ? found : undefined;
  for (const header of declared) {
    const value = headers[header.name.toLowerCase()];
    const status = context.exchange.response.status;
    if (value === undefined) {
      const promised = context.response && headerPromised(context.testCase.operation, context.response, header);
      if (header.required || promised) found.push(finding('missing_header', { header: header.name, status }));
      continue;
    }
    const text = Array.isArray(value) ? value.join(', ') : value;
    // A header is text: only a string schema judges it as it came (a number's would need parsing).
    const problem = header.validator?.schema.type === 'string' ? header.validator.validate(text)[0] : undefined;
    if (problem) found.push(finding('invalid_header', { header: header.name, value: text, problem: problem.message }));
  }
  return found;
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
  const issues = media.validator.validate(context.body.value);
  // An integer past 2^53 out of its bound to the digit (a double cannot tell 2^63 from int64's end).
  const exact = parsedExactly(context.body.value)
    ? exactBoundIssues(media.validator.schema, context.body.value).filter(
        (e) => !issues.some((i) => i.pointer === e.pointer),
      )
    : [];
  return [
    ...[...issues, ...exact].map((issue) =>
      finding(
        'schema_mismatch',
        { at: issue.pointer || '(body)', problem: issue.message, documentedStatus },
        { pointer: issue.pointer, keyword: issue.keyword },
      ),
    ),
    ...saidMembersMissing(context, status),
  ];
};

/** The body property marked x-repeats-http-status equals the HTTP status. */
const errorStatusMatchesHttpStatus: Check = (context) => {
  const mediaType = contentTypeOf(context);
  if (!statusPropertyOf(context.response, mediaType) || context.body.kind !== 'json' || !context.exchange.ok)
    return undefined;
  const status = context.exchange.response.status;
  const mismatch = statusFieldMismatch(context.response, context.body.value, status, mediaType);
  if (!mismatch) return [];
  return [finding('status_field_mismatch', { ...mismatch, status }, { pointer: `/${mismatch.property}` })];
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
    name: 'response_headers_conformance',
    rule: 'the headers documented as required are sent, each valid for its schema; a 401 to HTTP auth carries WWW-Authenticate',
    run: responseHeadersConformance,
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
    name: 'listed_under_their_parent',
    rule: "a list under a parent's path holds only items that name that parent",
    run: listedItemsNameTheirParent,
  },
  {
    name: 'created_item_readable',
    rule: 'a created item can be read back by its id, unchanged, and under its own parent only',
    run: (context) =>
      context.sequence?.otherParent ? childrenReadUnderTheirParent(context) : createdItemReadable(context),
    collectionsOnly: true,
  },
  {
    name: 'service_filled_values',
    rule: "a creation's answer fills in what the client left out as the document says: defaults, the parent's id, times now",
    run: serviceFilledValues,
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
  {
    name: 'prototype_pollution',
    rule: 'a member named __proto__ pollutes no object the service answers later',
    run: prototypePollution,
  },
  {
    name: 'object_level_authorization',
    rule: "an owned item is out of another user's reach, and stays its owner's (OWASP API1)",
    run: objectLevelAuthorization,
  },
  {
    name: 'api_idioms_honoured',
    rule: 'idempotency keys, ETags and conditional requests, and actions do what the document says',
    run: apiIdiomsHonoured,
  },
];

export const CHECK_NAMES: readonly string[] = CHECKS.map((check) => check.name);
