// The contract's rules for one answer, shared by the runner's checks and the mock's validating
// proxy: which documented media type a Content-Type names, and whether a body's status property
// repeats the HTTP status. One reading of the document for both tools.
import { isJsonMediaType, mediaTypeMatches, parseMediaType } from './media-types.js';
import type { MediaTypeSpec, ResponseSpec } from './types.js';

/** The documented media type a received Content-Type names, or undefined when none does. */
export function documentedMediaType(
  response: ResponseSpec | undefined,
  contentType: string | undefined,
): MediaTypeSpec | undefined {
  const received = parseMediaType(contentType)?.essence;
  if (received === undefined) return undefined;
  return response?.content.find((media) => mediaTypeMatches(received, media.mediaType));
}

/** The media type a body is judged by: the one its Content-Type names, else the documented JSON one. */
export function judgingMediaType(
  response: ResponseSpec | undefined,
  contentType: string | undefined,
): MediaTypeSpec | undefined {
  const documented = response?.content ?? [];
  const essence = parseMediaType(contentType)?.essence;
  return (
    documented.find((media) => media.mediaType.toLowerCase() === essence) ??
    documented.find((media) => isJsonMediaType(media.mediaType))
  );
}

/** The property that repeats the HTTP status: one marked x-repeats-http-status, or a problem
 * details body's `status` (RFC 9457 §3.1.2), without any extension. */
export function statusPropertyOf(
  response: ResponseSpec | undefined,
  mediaType: string | undefined,
): string | undefined {
  if (response?.statusProperty) return response.statusProperty;
  return parseMediaType(mediaType)?.essence === 'application/problem+json' ? 'status' : undefined;
}

/** The property that repeats the HTTP status and the value it holds, where that differs from the status. */
export function statusFieldMismatch(
  response: ResponseSpec | undefined,
  body: unknown,
  status: number,
  mediaType?: string,
): { property: string; value: unknown } | undefined {
  const property = statusPropertyOf(response, mediaType);
  if (!property || typeof body !== 'object' || body === null || !(property in body)) return undefined;
  const value = (body as Record<string, unknown>)[property];
  return value === status ? undefined : { property, value };
}
