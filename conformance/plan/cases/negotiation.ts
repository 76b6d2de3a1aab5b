// Content negotiation as real clients do it. Valid requests with the Content-Type written as
// libraries write it (with a charset, in other letter case) and the Accept headers browsers and
// HTTP libraries send must be served like plain ones; a valid JSON body without a Content-Type,
// or under a non-JSON one, must get an answer the document lists, whichever it is; where the
// operation lists a 415, a body under a type it does not take must be refused.
import { isJsonMediaType, responseFor } from '../../../spec/index.js';
import type { TestCase } from '../../model.js';
import type { Planner } from '../planner.js';

/** Content-Type spellings of JSON that any JSON service accepts. */
export const JSON_CONTENT_TYPES: readonly string[] = [
  'application/json; charset=utf-8',
  'application/json;charset=UTF-8',
  'application/json; charset=UTF-8',
  'Application/JSON',
];

/** Accept headers that browsers (fetch), axios and generic HTTP clients send. */
export const CLIENT_ACCEPTS: readonly string[] = [
  '*/*',
  'application/json, text/plain, */*',
  'application/json;q=0.9, */*;q=0.1',
  'application/*',
  // A page opened in a browser tab (Chrome's navigation Accept): JSON is acceptable through */*.
  'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8',
];

const OTHER_CONTENT_TYPES: ReadonlyArray<string | null> = [null, 'text/plain', 'application/x-www-form-urlencoded'];

export const negotiationPlanner: Planner = {
  name: 'negotiation',
  sends:
    'valid input with other spellings of the JSON Content-Type, client Accept headers, and JSON under no or another Content-Type',
  plan(operation, context) {
    const body = context.plainInputs(operation)[0];
    // An operation whose body could not be built is not sent without one (the shortfall is noted).
    if (body === undefined && context.requestSchema(operation)) return {};
    const mediaType = context.requestMediaType(operation);
    const takesJson = body !== undefined && mediaType !== undefined && isJsonMediaType(mediaType);
    // Distinct bodies, so a service that refuses a name it already holds is not asked twice.
    const bodies = body !== undefined ? context.plainBodies(operation, 12, 'negotiation') : [];
    let next = 0;
    const payload = () => {
      const value = bodies.length > 0 ? bodies[next++ % bodies.length] : body;
      return value !== undefined ? { payload: { kind: 'json' as const, value } } : {};
    };
    const cases: TestCase[] = [];
    // Only where the document answers in JSON: another service may rightly serve a fixed type.
    const answersJson = operation.responses.some((r) => r.content.some((m) => isJsonMediaType(m.mediaType)));
    if (answersJson) {
      for (const accept of CLIENT_ACCEPTS) {
        cases.push(
          context.testCase(operation, {
            kind: 'positive',
            plain: true,
            ...payload(),
            accept,
            what: `with Accept: ${accept}`,
          }),
        );
      }
    }
    if (!takesJson || mediaType !== 'application/json') return { cases };
    for (const contentType of JSON_CONTENT_TYPES) {
      cases.push(
        context.testCase(operation, {
          kind: 'positive',
          plain: true,
          ...payload(),
          contentType,
          what: `with Content-Type: ${contentType}`,
        }),
      );
    }
    // A 415 the operation lists says a type its body does not take is refused, not guessed at.
    const refusesOthers = responseFor(operation, 415)?.status === '415';
    const takes = new Set(operation.requestBody?.content.map((media) => media.mediaType.toLowerCase()) ?? []);
    for (const contentType of OTHER_CONTENT_TYPES) {
      const refused = refusesOthers && contentType !== null && !takes.has(contentType);
      cases.push(
        context.testCase(operation, {
          kind: refused ? 'negative' : 'unusual',
          ...(refused ? { mutation: `a body under Content-Type: ${contentType}, where the document lists 415` } : {}),
          ...payload(),
          contentType,
          what: `with a JSON body under ${contentType === null ? 'no Content-Type' : `Content-Type: ${contentType}`}`,
        }),
      );
    }
    return { cases };
  },
};
