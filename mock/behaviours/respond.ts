// The answer of an operation that no stateful behaviour covers, built once from the document: its
// documented success status, the required headers, and a body from the author's example or, for
// want of one, a value generated from the schema (the same for every start of the same document).

import { isJsonMediaType, type MediaTypeSpec, type Operation, type ResponseSpec } from '../../spec/core.js';
import { sampleValue, seedOf } from '../../spec/generate/index.js';
import { encodeUtf8 } from '../core/bytes.js';

export interface PreparedAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /** Absent where the documented success has no content. */
  readonly body?: Uint8Array;
}

/** The documented success: the lowest 2xx, else 2XX or default as 200, else the lowest status the
 * document lists at all (an operation documented only by its errors answers with the first). */
export function successResponse(operation: Operation): { status: number; response: ResponseSpec } | undefined {
  const numeric = operation.responses
    .map((response) => ({ status: Number(response.status), response }))
    // An informational status (1xx) is never a final answer.
    .filter(({ status }) => Number.isInteger(status) && status >= 200)
    .sort((a, b) => a.status - b.status);
  const success = numeric.find(({ status }) => status >= 200 && status < 300);
  if (success) return success;
  const open = operation.responses.find((r) => r.status.toUpperCase() === '2XX' || r.status === 'default');
  if (open) return { status: 200, response: open };
  const first = operation.responses[0];
  return numeric[0] ?? (first ? { status: 200, response: first } : undefined);
}

/** The media type a body is sent as: a concrete type for a documented wildcard. */
function concreteType(mediaType: string): string {
  if (mediaType === '*/*') return 'application/octet-stream';
  if (mediaType.endsWith('/*'))
    return `${mediaType.slice(0, -1)}${mediaType.startsWith('text/') ? 'plain' : 'octet-stream'}`;
  return mediaType;
}

/** What a documented body without schema or example holds: something of its type, never nothing
 * (a client reading a documented body must find one). */
function placeholderOf(mediaType: string): Uint8Array {
  if (isJsonMediaType(mediaType)) return encodeUtf8('{}');
  return encodeUtf8(mediaType.startsWith('text/') ? 'ok' : 'mock body');
}

function bodyOf(media: MediaTypeSpec, seed: number): Uint8Array | undefined {
  const sample = sampleValue(media.validator, media.examples, seed);
  // With a schema the mock cannot satisfy, no body is better than one that breaks it.
  if (sample === undefined) return media.validator ? undefined : placeholderOf(media.mediaType);
  const value = sample.value;
  if (isJsonMediaType(media.mediaType)) return encodeUtf8(JSON.stringify(value));
  if (typeof value === 'string') {
    const filled = value === '' && (media.validator?.validate('ok').length ?? 0) === 0;
    return filled ? placeholderOf(media.mediaType) : encodeUtf8(value);
  }
  return encodeUtf8(JSON.stringify(value));
}

function headersOf(response: ResponseSpec, seed: number): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const header of response.headers.filter((h) => h.required)) {
    const sample = sampleValue(header.validator, [], seedOf(header.name, seed));
    if (sample !== undefined)
      headers[header.name] = typeof sample.value === 'string' ? sample.value : JSON.stringify(sample.value);
  }
  return headers;
}

export function prepareAnswer(
  operation: Operation,
  success: { status: number; response: ResponseSpec },
): PreparedAnswer {
  const seed = seedOf(operation.id);
  const { status, response } = success;
  const headers = headersOf(response, seed);
  const media = response.content.find((m) => isJsonMediaType(m.mediaType)) ?? response.content[0];
  if (!media || status === 204 || status === 304) return { status, headers };
  const body = bodyOf(media, seed);
  if (body === undefined) return { status, headers };
  return { status, headers: { ...headers, 'Content-Type': concreteType(media.mediaType) }, body };
}
