// The validating proxy (--proxy URL): the contract between a page and a real deployment. Every
// request under the base path is forwarded as it came (method, path, query, headers, body; the
// upstream decides on credentials) and its answer comes back unchanged, plus X-Contract-Violations.
// Request and answer are judged by the contract: the request against its parameters and body, the
// answer by the rules the runner's checks use (documented status, content type, schema, a status
// property that repeats the HTTP status). --proxy-strict answers a violation with a 502 Error, and an
// invalid request with the mock's own 400 without reaching the upstream.

import { once } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  type Contract,
  describeIssues,
  documentedMediaType,
  isJsonMediaType,
  JsonDepthError,
  judgingMediaType,
  MAX_JSON_DEPTH,
  nestsTooDeep,
  type Operation,
  parseMediaType,
  parseWithinDepth,
  responseFor,
  statusFieldMismatch,
} from '../../spec/index.js';
import { bodyText, checkContentType, decodeBody, deepBodyIssues, readBody } from '../core/body.js';
import { type Next, pathOf } from '../core/chain.js';
import { MockHttpError } from '../core/errors.js';
import { parameterRefusal } from '../core/parameters.js';
import type { Router } from '../core/router.js';
import type { ContractViolation, ViolationLog } from './violations.js';

export interface ProxyEnvironment {
  readonly contract: Contract;
  readonly router: Router;
  /** The upstream's base URL, its own base path included (https://staging.example.com/v1). */
  readonly upstream: string;
  readonly strict: boolean;
  readonly bodyLimit: number;
  /** An answer larger than this is streamed through unjudged, with a violation saying so. */
  readonly judgeLimit: number;
  readonly violations: ViolationLog;
  readonly timeoutMs?: number;
}

// Hop-by-hop headers (RFC 9110 §7.6.1) and the ones the transport recomputes are not forwarded.
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
  'content-length',
]);

type Found = Omit<ContractViolation, 'method' | 'path' | 'status' | 'operation' | 'at'>;

function requestViolations(
  operation: Operation,
  req: IncomingMessage,
  params: Record<string, string>,
  raw: Uint8Array,
): Found[] {
  const found: Found[] = [];
  const refused = parameterRefusal(operation, req, params);
  if (refused) found.push({ check: 'request_conformance', message: refused.message });
  const requestBody = operation.requestBody;
  if (!requestBody || (raw.length === 0 && !requestBody.required)) return found;
  try {
    const media = checkContentType(req.headers['content-type'], requestBody.content);
    const boundary = parseMediaType(req.headers['content-type'])?.parameters.boundary;
    const value = raw.length === 0 ? undefined : decodeBody(raw, media, boundary, bodyText(raw, media));
    if (value instanceof MockHttpError) throw value;
    if (value === undefined) {
      found.push({
        check: 'request_conformance',
        message: 'The request body is empty, and the operation requires one.',
      });
    }
    const validator = value === undefined ? undefined : media.validator;
    const issues = !validator ? [] : nestsTooDeep(value) ? deepBodyIssues(validator, value) : validator.validate(value);
    for (const issue of issues) {
      found.push({
        check: 'request_conformance',
        message: `Invalid request body: ${describeIssues([issue])}.`,
        pointer: issue.pointer,
      });
    }
  } catch (error) {
    if (error instanceof MockHttpError) found.push({ check: 'request_conformance', message: error.message });
    else throw error;
  }
  return found;
}

function responseViolations(
  operation: Operation,
  status: number,
  contentType: string | undefined,
  body: Buffer,
): Found[] {
  const response = responseFor(operation, status);
  if (!response) {
    const documented = operation.responses.map((r) => r.status).join(', ');
    return [
      { check: 'status_code_conformance', message: `Status ${status} is not documented (documented: ${documented}).` },
    ];
  }
  if (response.content.length === 0 || body.length === 0) return [];
  if (!documentedMediaType(response, contentType)) {
    const documented = response.content.map((m) => m.mediaType).join(', ');
    return [
      {
        check: 'content_type_conformance',
        message: `Content-Type ${contentType ?? '(none)'} is not documented for ${status} (documented: ${documented}).`,
      },
    ];
  }
  const media = judgingMediaType(response, contentType);
  if (!media?.validator || !isJsonMediaType(media.mediaType)) return [];
  let value: unknown;
  try {
    value = parseWithinDepth(body.toString('utf8'));
  } catch (error) {
    if (error instanceof JsonDepthError)
      return [
        {
          check: 'response_schema_conformance',
          message: `Not judged: the body nests deeper than ${MAX_JSON_DEPTH} levels.`,
        },
      ];
    return [
      { check: 'response_schema_conformance', message: 'The body is not valid JSON, as its Content-Type says it is.' },
    ];
  }
  const found: Found[] = media.validator.validate(value).map((issue) => ({
    check: 'response_schema_conformance',
    message: `Response violates the schema of ${status}: ${describeIssues([issue])}.`,
    pointer: issue.pointer,
  }));
  const mismatch = statusFieldMismatch(response, value, status, contentType);
  if (mismatch) {
    found.push({
      check: 'error_status_matches_http_status',
      message: `The body's ${mismatch.property} is ${JSON.stringify(mismatch.value)}, the HTTP status ${status}.`,
      pointer: `/${mismatch.property}`,
    });
  }
  return found;
}

function forwardedHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || HOP_BY_HOP.has(name)) continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

/** The upstream's answer read up to the judge limit: all of it, or the start and the rest unread. */
interface HeldAnswer {
  readonly held: Buffer;
  /** Present when the answer is larger than the limit: what is left to stream. */
  readonly rest?: ReadableStreamDefaultReader<Uint8Array>;
}

async function holdUpTo(answer: Response, limit: number): Promise<HeldAnswer> {
  if (!answer.body) return { held: Buffer.alloc(0) };
  const reader = answer.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { held: Buffer.concat(chunks, size) };
    chunks.push(value);
    size += value.length;
    if (size > limit) return { held: Buffer.concat(chunks, size), rest: reader };
  }
}

/** Writes what is left of an answer, waiting for the client to drain; stops if the client leaves. */
async function streamRest(res: ServerResponse, rest: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
  for (;;) {
    const { done, value } = await rest.read();
    if (done || res.destroyed) break;
    if (!res.write(value)) await Promise.race([once(res, 'drain'), once(res, 'close')]);
  }
  if (res.destroyed) await rest.cancel();
  else res.end();
}

function answerHeaders(answer: Response): Record<string, string> {
  const headers: Record<string, string> = {};
  answer.headers.forEach((value, name) => {
    // fetch has decoded the body already, so its encoding and length no longer apply.
    if (!HOP_BY_HOP.has(name) && name !== 'content-encoding') headers[name] = value;
  });
  return headers;
}

export function createProxyStep(env: ProxyEnvironment) {
  const upstream = env.upstream.replace(/\/+$/, '');
  const basePath = env.contract.basePath;

  return async function proxyRequest(req: IncomingMessage, res: ServerResponse, next: Next): Promise<void> {
    try {
      const url = req.url ?? '/';
      const path = pathOf(req);
      const route = env.router.match(req.method ?? 'GET', path);
      const operation = route.kind === 'matched' ? route.operation : undefined;
      const raw = await readBody(req, env.bodyLimit);
      const record = (found: Found[], status: number) =>
        found.map((v) =>
          env.violations.add({ ...v, operation: operation?.id ?? '(none)', method: req.method ?? '', path, status }),
        );

      const inRequest: Found[] = operation
        ? requestViolations(operation, req, route.kind === 'matched' ? { ...route.params } : {}, raw)
        : [{ check: 'request_conformance', message: `No operation of the document answers ${req.method} ${path}.` }];
      if (inRequest.length > 0 && env.strict) {
        record(inRequest, 400);
        return next(new MockHttpError(400, 'invalid_request', inRequest.map((v) => v.message).join(' ')));
      }

      let answer: Response;
      try {
        answer = await fetch(`${upstream}${url.slice(basePath.length)}`, {
          method: req.method ?? 'GET',
          headers: forwardedHeaders(req),
          ...(raw.length > 0 && req.method !== 'GET' && req.method !== 'HEAD' ? { body: raw } : {}),
          redirect: 'manual',
          signal: AbortSignal.timeout(env.timeoutMs ?? 30_000),
        });
      } catch (error) {
        const reason = (error as Error & { cause?: Error }).cause?.message ?? (error as Error).message;
        return next(
          new MockHttpError(502, 'upstream_unreachable', `The upstream ${upstream} could not be reached: ${reason}.`),
        );
      }
      const { held: body, rest } = await holdUpTo(answer, env.judgeLimit);
      if (rest) {
        const unjudged: Found = {
          check: 'answer_not_judged',
          message: `The answer is larger than the judge limit (${env.judgeLimit} bytes); it was passed through unjudged.`,
        };
        const violations = [...record(inRequest, answer.status), ...record([unjudged], answer.status)];
        res.writeHead(answer.status, { ...answerHeaders(answer), 'x-contract-violations': String(violations.length) });
        res.write(body);
        return await streamRest(res, rest);
      }
      const contentType = answer.headers.get('content-type') ?? undefined;
      const inAnswer = operation ? responseViolations(operation, answer.status, contentType, body) : [];
      const violations = [...record(inRequest, answer.status), ...record(inAnswer, answer.status)];
      if (inAnswer.length > 0 && env.strict) {
        const checks = [...new Set(inAnswer.map((v) => v.check))].join(', ');
        const message = `The upstream's answer breaks the contract (${checks}): ${inAnswer[0]!.message}`;
        return next(
          new MockHttpError(502, 'contract_violation', message, { 'X-Contract-Violations': String(violations.length) }),
        );
      }
      res.writeHead(answer.status, {
        ...answerHeaders(answer),
        'content-length': String(body.length),
        'x-contract-violations': String(violations.length),
      });
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch (error) {
      next(error);
    }
  };
}
