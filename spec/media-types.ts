// The one place that reads Content-Type headers and compares media types, for the mock and the
// runner alike. Parsing is the content-type package's (lenient: it never throws).
import { parse } from 'content-type';

export interface MediaType {
  /** Type and subtype in lower case, without parameters: 'application/json'. */
  readonly essence: string;
  /** Parameter names in lower case; values as sent. */
  readonly parameters: Readonly<Record<string, string>>;
}

export function parseMediaType(header: string | readonly string[] | undefined): MediaType | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const parsed = parse(value);
  return { essence: parsed.type.trim().toLowerCase(), parameters: { ...parsed.parameters } };
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
