// The one place that reads Content-Type headers and compares media types, for the mock and the
// runner alike. Parsing is the content-type package's (lenient: it never throws).
import { parse } from 'content-type';

export interface MediaType {
  /** Type and subtype in lower case, without parameters: 'application/json'. */
  readonly essence: string;
  /** Parameter names in lower case; values as sent. */
  readonly parameters: Readonly<Record<string, string>>;
}

// Clients send the same few Content-Type headers again and again: each is parsed once (bounded,
// so a client varying them cannot grow it without limit). Results are frozen, as they are shared.
const parsedHeaders = new Map<string, MediaType>();
const MAX_PARSED_HEADERS = 256;

export function parseMediaType(header: string | readonly string[] | undefined): MediaType | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (typeof value !== 'string') return undefined;
  const known = parsedHeaders.get(value);
  if (known) return known;
  if (value.trim() === '') return undefined;
  const parsed = parse(value);
  const mediaType: MediaType = Object.freeze({
    essence: parsed.type.trim().toLowerCase(),
    parameters: Object.freeze({ ...parsed.parameters }),
  });
  if (parsedHeaders.size >= MAX_PARSED_HEADERS) parsedHeaders.clear();
  parsedHeaders.set(value, mediaType);
  return mediaType;
}

export function isJsonMediaType(mediaType: string): boolean {
  const essence = parseMediaType(mediaType)?.essence ?? '';
  return essence === 'application/json' || /^application\/[^/]+\+json$/.test(essence);
}

const essences = new Map<string, string>();

/** A documented key may carry parameters (application/json; charset=utf-8): its essence decides. */
function documentedEssence(documented: string): string {
  let essence = essences.get(documented);
  if (essence === undefined) {
    try {
      essence = parseMediaType(documented)?.essence ?? documented.toLowerCase();
    } catch {
      essence = documented.toLowerCase();
    }
    essences.set(documented, essence);
  }
  return essence;
}

/** Whether a received essence fits a documented media type; wildcards (any, text/ anything) allowed. */
export function mediaTypeMatches(essence: string, documented: string): boolean {
  const want = documentedEssence(documented);
  if (want === '*/*') return true;
  if (want.endsWith('/*')) return essence.startsWith(want.slice(0, -1));
  return essence === want;
}
