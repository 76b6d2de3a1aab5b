// A documented operation's request body as its handler receives it: the media type checked, the
// bytes read, and (on demand) the value decoded and judged against the operation's schema. Classes,
// not closures made per request: a closure called once per request is never optimised by V8, and
// these run on every request that sends a body.

import {
  describeIssues,
  exactBoundIssues,
  type MediaTypeSpec,
  nestsTooDeep,
  type Operation,
  parsedExactly,
  parseMediaType,
  type SchemaIssue,
  type SchemaValidator,
} from '../../spec/core.js';
import type { ReceivedBody } from '../behaviours/behaviour-types.js';
import type { HandlerContext } from '../behaviours/handlers.js';
import type { SessionStore } from '../behaviours/sessions.js';
import type { Collections } from '../behaviours/store.js';
import { bodyText, contentTypeOf, decodeBody, deepBodyIssues, hasBody, readBody } from '../core/body.js';
import { type Next, sessionOf } from '../core/chain.js';
import { MockHttpError } from '../core/errors.js';
import type { MockRequest, MockResponse } from '../core/exchange.js';
import { noteBody } from '../journal/journal.js';
import { wordIssues } from './word-checks.js';

/** The documented media type a request's body is read as (a 400, returned, where none fits);
 * undefined where an optional body was left out altogether. */
export function bodyMediaOf(req: MockRequest, operation: Operation): MediaTypeSpec | MockHttpError | undefined {
  const requestBody = operation.requestBody;
  // No body documented (a creation of an empty cart): whatever was sent is not read.
  if (!requestBody) return undefined;
  if (!requestBody.required && !hasBody(req)) return undefined;
  const verdict = contentTypeOf(req.headers['content-type'], requestBody.content);
  // A 415 the operation lists is its answer to a type its body does not take.
  if (verdict instanceof MockHttpError && verdict.code === 'unsupported_media_type' && lists415(operation))
    return new MockHttpError(415, verdict.code, verdict.message);
  return verdict;
}

const lists415 = (operation: Operation): boolean => operation.responses.some((response) => response.status === '415');

const LEFT_OUT: ReceivedBody = Object.freeze({ text: undefined, value: () => ({}), judged: () => ({}) });

/** What is wrong with a body: the validator's findings, and integers past 2^53 out of their exact
 * bounds (which a validator of doubles cannot see) where it found nothing at that member. */
function bodyIssues(validator: SchemaValidator, value: unknown): SchemaIssue[] {
  if (nestsTooDeep(value)) return deepBodyIssues(validator, value);
  const issues = validator.validate(value);
  if (!parsedExactly(value)) return issues;
  const exact = exactBoundIssues(validator.schema, value).filter((e) => !issues.some((i) => i.pointer === e.pointer));
  return exact.length === 0 ? issues : [...issues, ...exact];
}

/** A body read whole; judged() decodes and judges it on each call. */
class ReadBody implements ReceivedBody {
  constructor(
    readonly text: string | undefined,
    private readonly raw: Uint8Array,
    private readonly media: MediaTypeSpec,
    private readonly boundary: string | undefined,
  ) {}

  judged(): unknown {
    try {
      const value = decodeBody(this.raw, this.media, this.boundary, this.text);
      if (value instanceof MockHttpError) return value;
      const validator = this.media.validator;
      const schemaIssues = value === undefined || !validator ? [] : bodyIssues(validator, value);
      // Only a body its schema takes is judged by its words too.
      const issues = schemaIssues.length === 0 && value !== undefined ? wordIssues(this.media, value) : schemaIssues;
      if (issues.length > 0) {
        const refused = new MockHttpError(400, 'invalid_body', `Invalid request body: ${describeIssues(issues)}.`);
        // The most specific member refused (a union's issues name the body and the member both).
        refused.pointer = issues.map((issue) => issue.pointer).reduce((a, b) => (b.length > a.length ? b : a), '');
        return refused;
      }
      return value ?? {};
    } catch (error) {
      // The rare refusals still thrown: a multipart or form body, one nested too deep.
      if (error instanceof MockHttpError) return error;
      throw error;
    }
  }

  value(): unknown {
    const judged = this.judged();
    if (judged instanceof MockHttpError) throw judged;
    return judged;
  }
}

async function receiveBody(
  req: MockRequest,
  operation: Operation,
  checkedMedia: MediaTypeSpec | undefined,
  bodyLimit: number,
): Promise<ReceivedBody> {
  // Not checked yet (or left out, which checking again finds too): checked as it is read.
  const media = checkedMedia ?? bodyMediaOf(req, operation);
  if (media === undefined) return LEFT_OUT;
  if (media instanceof MockHttpError) throw media;
  const boundary = parseMediaType(req.headers['content-type'])?.parameters.boundary;
  const raw = await readBody(req, bodyLimit);
  noteBody(req, raw);
  return new ReadBody(bodyText(raw, media), raw, media, boundary);
}

const judgedOf = (body: ReceivedBody): unknown => body.judged();

/** What a handler is given: the request, where it goes, its session's collections and its body. */
export class RequestContext implements HandlerContext {
  constructor(
    readonly req: MockRequest,
    readonly res: MockResponse,
    readonly operation: Operation,
    readonly params: Readonly<Record<string, string>>,
    private readonly store: SessionStore,
    private readonly bodyLimit: number,
    /** The body's media type where the behaviour step checked it already. */
    private readonly checkedMedia: MediaTypeSpec | undefined,
    private readonly next: Next,
  ) {}

  refuse(refusal: MockHttpError): void {
    this.next(refusal);
  }

  collections(): Collections {
    return this.store.collections(sessionOf(this.req));
  }

  receiveBody(): Promise<ReceivedBody> {
    return receiveBody(this.req, this.operation, this.checkedMedia, this.bodyLimit);
  }

  readBody(): Promise<unknown> {
    return this.receiveBody().then(judgedOf);
  }
}
