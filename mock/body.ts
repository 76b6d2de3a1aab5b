// Reads and decodes a JSON request body, with a size cap. Every failure is a 400 with its own
// code, since 400 is the status the document gives for a bad body.
import { isUtf8 } from 'node:buffer';
import type { IncomingMessage } from 'node:http';
import type { MediaTypeSpec } from '../spec/index.js';
import { coerceForm, isJsonMediaType, mediaTypeMatches, parseExact, parseMediaType } from '../spec/index.js';
import { MockHttpError } from './errors.js';

function tooLarge(limit: number): MockHttpError {
  return new MockHttpError(400, 'payload_too_large', `The request body exceeds the limit of ${limit} bytes.`);
}

/** Past the limit the rest of a body is still read (and dropped) up to this many bytes, so the
 * client, still sending, receives the 400 instead of a reset connection. */
const DRAIN_LIMIT = 64 * 1024 * 1024;

/** Collects the body up to limit bytes; a larger one is drained and refused. */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (declared > Math.max(limit, DRAIN_LIMIT)) return Promise.reject(tooLarge(limit));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
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
    const finish = (error: MockHttpError | undefined): void => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      if (error) {
        req.resume();
        reject(error);
      } else {
        resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size));
      }
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}

/** The documented media type the request's Content-Type names, or a 400 saying what to send. */
export function checkContentType(header: string | undefined, content: readonly MediaTypeSpec[]): MediaTypeSpec {
  const expected = content.map((m) => m.mediaType).join(' or ');
  if (!header) {
    throw new MockHttpError(400, 'unsupported_media_type', `Missing Content-Type: send ${expected}.`);
  }
  const parsed = parseMediaType(header);
  const essence = parsed?.essence ?? '';
  const media = content.find((m) => mediaTypeMatches(essence, m.mediaType));
  if (!media) {
    throw new MockHttpError(
      400,
      'unsupported_media_type',
      `Content-Type ${essence || '(empty)'} is not accepted: send ${expected}.`,
    );
  }
  const charset = parsed?.parameters.charset?.toLowerCase();
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
    throw new MockHttpError(400, 'unsupported_charset', `Charset ${charset} is not accepted: JSON is sent as UTF-8.`);
  }
  return media;
}

/** A multipart/form-data body as an object of its fields (text parts read by their schema; file
 * parts as their text). Without a usable boundary the body is refused. */
function readMultipart(raw: Buffer, boundary: string | undefined, media: MediaTypeSpec): Record<string, unknown> {
  if (!boundary)
    throw new MockHttpError(400, 'invalid_multipart', 'The multipart body names no boundary in its Content-Type.');
  const text = raw.toString('latin1');
  const fields = new URLSearchParams();
  for (const part of text.split(`--${boundary}`).slice(1)) {
    if (part.startsWith('--')) break;
    const split = part.indexOf('\r\n\r\n');
    if (split === -1) continue;
    const name = /name="([^"]*)"/i.exec(part.slice(0, split))?.[1];
    const value = Buffer.from(part.slice(split + 4).replace(/\r\n$/, ''), 'latin1').toString('utf8');
    if (name !== undefined) fields.append(name, value);
  }
  return coerceForm(fields.toString(), media.validator?.schema);
}

/** Whether the request carries a body at all. */
export function hasBody(req: IncomingMessage): boolean {
  return Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
}

const FORM = 'application/x-www-form-urlencoded';

/**
 * The body as the value its schema judges: JSON parsed, a form read field by field; other media
 * types (multipart, binary, XML) are taken as they are and not judged against a schema (undefined).
 */
export function decodeBody(raw: Buffer, media: MediaTypeSpec, boundary?: string): unknown {
  if (raw.length === 0) throw new MockHttpError(400, 'empty_body', 'The request body is empty: send a JSON object.');
  const type = media.mediaType.toLowerCase();
  if (type === 'multipart/form-data') return readMultipart(raw, boundary, media);
  if (!isJsonMediaType(type) && type !== FORM) return undefined;
  if (!isUtf8(raw)) throw new MockHttpError(400, 'invalid_encoding', 'The request body is not valid UTF-8.');
  const text = raw.toString('utf8');
  if (type === FORM) return coerceForm(text, media.validator?.schema);
  if (text.trim() === '') throw new MockHttpError(400, 'empty_body', 'The request body is empty: send a JSON object.');
  try {
    return parseExact(text);
  } catch (error) {
    throw new MockHttpError(400, 'malformed_json', `The request body is not valid JSON: ${(error as Error).message}.`);
  }
}
