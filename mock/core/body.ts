// Reads and decodes a JSON request body, with a size cap. Every failure is a 400 with its own
// code, since 400 is the status the document gives for a bad body.

import type { MediaTypeSpec } from '../../spec/core.js';
import {
  coerceForm,
  declaredTypes,
  isJsonMediaType,
  MAX_JSON_DEPTH,
  mediaTypeMatches,
  mergeAllOf,
  nestsDeeperThan,
  parseExact,
  parseMediaType,
  parseWithinDepth,
  propertiesOf,
  type SchemaIssue,
  type SchemaValidator,
  setMember,
} from '../../spec/core.js';
import { concatBytes, decodeLatin1, decodeUtf8, encodeLatin1, showUtf8 } from './bytes.js';
import { MockHttpError } from './errors.js';
import { isStreaming, type MockRequest, type StreamingRequest } from './exchange.js';

function tooLarge(limit: number): MockHttpError {
  return new MockHttpError(400, 'payload_too_large', `The request body exceeds the limit of ${limit} bytes.`);
}

/** Past the limit the rest of a body is still read (and dropped) up to this many bytes, so the
 * client, still sending, receives the 400 instead of a reset connection. */
const DRAIN_LIMIT = 64 * 1024 * 1024;

const NO_BYTES = new Uint8Array(0);

/** The body up to limit bytes: a plain request's own, or a stream's collected (a larger one is
 * drained and refused). */
export function readBody(req: MockRequest, limit: number): Promise<Uint8Array> {
  if (!isStreaming(req)) {
    const body = req.body ?? NO_BYTES;
    return body.length > limit ? Promise.reject(tooLarge(limit)) : Promise.resolve(body);
  }
  return readStream(req, limit);
}

function readStream(req: StreamingRequest, limit: number): Promise<Uint8Array> {
  const declared = Number(req.headers['content-length']);
  if (declared > Math.max(limit, DRAIN_LIMIT)) return Promise.reject(tooLarge(limit));
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    let size = 0;
    const onData = (chunk: Uint8Array): void => {
      size += chunk.length;
      if (size > limit) {
        chunks.length = 0;
        if (size > Math.max(limit, DRAIN_LIMIT)) finish(tooLarge(limit));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = (): void => finish(size > limit ? tooLarge(limit) : undefined);
    const onError = (error: Error): void =>
      finish(new MockHttpError(400, 'bad_request', `The request body could not be read: ${error.message}`));
    // The listeners stay on: the request is done with once it ends, and taking three listeners off
    // showed in the profile of every request with a body. Only the first outcome counts.
    let settled = false;
    const finish = (error: MockHttpError | undefined): void => {
      if (settled) return;
      settled = true;
      if (error) {
        req.resume();
        reject(error);
      } else {
        resolve(chunks.length === 1 ? chunks[0]! : concatBytes(chunks, size));
      }
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}

// An operation answers the same few Content-Type headers again and again: the verdict on each (the
// media type, or the refusal, its body serialised once) is kept per accepted list, bounded.
const verdicts = new WeakMap<readonly MediaTypeSpec[], Map<string, MediaTypeSpec | MockHttpError>>();
const MAX_VERDICTS = 64;

/** The documented media type the request's Content-Type names, or a 400 saying what to send. */
export function checkContentType(header: string | undefined, content: readonly MediaTypeSpec[]): MediaTypeSpec {
  const verdict = contentTypeOf(header, content);
  if (verdict instanceof MockHttpError) throw verdict;
  return verdict;
}

/** checkContentType with its refusal returned, not thrown (a throw costs V8 a walk of the stack). */
export function contentTypeOf(
  header: string | undefined,
  content: readonly MediaTypeSpec[],
): MediaTypeSpec | MockHttpError {
  let known = verdicts.get(content);
  if (!known) {
    known = new Map();
    verdicts.set(content, known);
  }
  const key = header ?? '';
  let verdict = known.get(key);
  if (verdict === undefined) {
    verdict = contentTypeVerdict(header, content);
    if (known.size >= MAX_VERDICTS) known.clear();
    known.set(key, verdict);
  }
  return verdict;
}

function contentTypeVerdict(
  header: string | undefined,
  content: readonly MediaTypeSpec[],
): MediaTypeSpec | MockHttpError {
  const expected = (): string => content.map((m) => m.mediaType).join(' or ');
  if (!header) {
    return new MockHttpError(400, 'unsupported_media_type', `Missing Content-Type: send ${expected()}.`);
  }
  const parsed = parseMediaType(header);
  const essence = parsed?.essence ?? '';
  const media = content.find((m) => mediaTypeMatches(essence, m.mediaType));
  if (!media) {
    return new MockHttpError(
      400,
      'unsupported_media_type',
      `Content-Type ${essence || '(empty)'} is not accepted: send ${expected()}.`,
    );
  }
  const charset = parsed?.parameters.charset?.toLowerCase();
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
    return new MockHttpError(400, 'unsupported_charset', `Charset ${charset} is not accepted: JSON is sent as UTF-8.`);
  }
  return media;
}

/** Whether a multipart part is JSON: its own Content-Type says so, or, without one, its schema is an
 * object or a list of objects (OpenAPI's default part type for those is application/json). */
function isJsonPart(head: string, schema: unknown): boolean {
  const type = /^content-type:\s*([^\r\n]*)/im.exec(head)?.[1];
  if (type !== undefined) return isJsonMediaType(parseMediaType(type)?.essence ?? '');
  const wantsObject = (s: unknown): boolean =>
    typeof s === 'object' && s !== null && declaredTypes(mergeAllOf(s as Record<string, unknown>)).includes('object');
  return wantsObject(schema) || wantsObject((schema as { items?: unknown } | undefined)?.items);
}

/** A multipart/form-data body as an object of its fields (JSON parts parsed, text parts read by
 * their schema, file parts as their text). Without a usable boundary the body is refused. */
function readMultipart(raw: Uint8Array, boundary: string | undefined, media: MediaTypeSpec): Record<string, unknown> {
  if (!boundary)
    throw new MockHttpError(400, 'invalid_multipart', 'The multipart body names no boundary in its Content-Type.');
  const properties = propertiesOf(media.validator?.schema);
  const text = decodeLatin1(raw);
  const fields = new URLSearchParams();
  const jsonParts = new Map<string, unknown>();
  for (const part of text.split(`--${boundary}`).slice(1)) {
    if (part.startsWith('--')) break;
    const split = part.indexOf('\r\n\r\n');
    if (split === -1) continue;
    const head = part.slice(0, split);
    const name = /name="([^"]*)"/i.exec(head)?.[1];
    const value = showUtf8(encodeLatin1(part.slice(split + 4).replace(/\r\n$/, '')));
    if (name === undefined) continue;
    if (isJsonPart(head, Object.hasOwn(properties, name) ? properties[name] : undefined))
      jsonParts.set(name, jsonOrText(value));
    else fields.append(name, value);
  }
  const out = coerceForm(fields.toString(), media.validator?.schema);
  for (const [name, value] of jsonParts) {
    // Defined, not assigned: a part named __proto__ is a field like any other.
    setMember(out, name, value);
  }
  return out;
}

/** A JSON part as its value; text that is not JSON (or nests too deep) stays text, for the validator
 * to refuse. */
function jsonOrText(text: string): unknown {
  try {
    return parseWithinDepth(text);
  } catch {
    return text;
  }
}

/** Whether the request carries a body at all. */
export function hasBody(req: MockRequest): boolean {
  if (req.body !== undefined) return req.body.length > 0;
  return Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
}

const FORM = 'application/x-www-form-urlencoded';

/** Whether a body of this media type is read as UTF-8 text (JSON and forms). */
function isText(media: MediaTypeSpec): boolean {
  const type = media.mediaType.toLowerCase();
  return type === FORM || isJsonMediaType(type);
}

/** The UTF-8 text of a JSON or form body; undefined for other media types or bytes that are not
 * UTF-8 (which decodeBody refuses). Read once: the journal keeps this text too. */
export function bodyText(raw: Uint8Array, media: MediaTypeSpec): string | undefined {
  return isText(media) ? decodeUtf8(raw) : undefined;
}

/**
 * The body as the value its schema judges: JSON parsed, a form read field by field; other media
 * types (multipart, binary, XML) are taken as they are and not judged against a schema (undefined).
 * `text` is bodyText's reading of the same bytes. A body that is empty, not UTF-8 or not JSON is
 * returned as its refusal (a MockHttpError), not thrown: these are everyday inputs, and each throw
 * costs V8 a walk of the stack.
 */
export function decodeBody(
  raw: Uint8Array,
  media: MediaTypeSpec,
  boundary: string | undefined,
  text: string | undefined,
): unknown {
  if (raw.length === 0) return EMPTY_BODY;
  const type = media.mediaType.toLowerCase();
  if (type === 'multipart/form-data') return readMultipart(raw, boundary, media);
  if (!isText(media)) return undefined;
  if (text === undefined) return NOT_UTF8;
  if (type === FORM) return coerceForm(text, media.validator?.schema);
  if (text.trim() === '') return EMPTY_BODY;
  try {
    return parseExact(text);
  } catch (error) {
    return new MockHttpError(400, 'malformed_json', `The request body is not valid JSON: ${(error as Error).message}.`);
  }
}

const EMPTY_BODY = new MockHttpError(400, 'empty_body', 'The request body is empty: send a JSON object.');
const NOT_UTF8 = new MockHttpError(400, 'invalid_encoding', 'The request body is not valid UTF-8.');

const nestedTooDeep = (): MockHttpError =>
  new MockHttpError(400, 'nested_too_deep', `The request body nests deeper than ${MAX_JSON_DEPTH} levels.`);

/**
 * The schema's findings on a body that nests deeper than MAX_JSON_DEPTH levels (parseExact's
 * nestsTooDeep), or a 400 where the deep part is one the mock would keep and so serialise and
 * compare, which recurses: the body itself unless it is an object, or a member its schema declares.
 * A deep member the schema does not declare is dropped, as any undeclared member is. Validation that
 * recurses past the stack (a recursive schema) is the same 400.
 */
export function deepBodyIssues(validator: SchemaValidator, value: unknown): SchemaIssue[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw nestedTooDeep();
  const body = value as Record<string, unknown>;
  const declared = Object.keys(propertiesOf(validator.schema));
  if (declared.some((name) => Object.hasOwn(body, name) && nestsDeeperThan(body[name], MAX_JSON_DEPTH - 1)))
    throw nestedTooDeep();
  try {
    return validator.validate(value);
  } catch (error) {
    if (error instanceof RangeError) throw nestedTooDeep();
    throw error;
  }
}
