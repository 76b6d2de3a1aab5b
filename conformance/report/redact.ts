// The one boundary every output passes: the key, its derived forms and any other secret (credentials
// written into a URL) are replaced before anything is printed or written.
import { escapeRegExp } from '../../spec/index.js';

export type Redact = (text: string) => string;

function swapCase(value: string): string {
  return [...value].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join('');
}

/** Every string derived from the key that must never be printed. Longest first, for replacement. */
export function secretForms(key: string | undefined): string[] {
  if (!key) return [];
  const forms = [key, swapCase(key), Buffer.from(key).toString('base64'), encodeURIComponent(key)];
  if (key.length > 3) forms.push(key.slice(0, -1));
  // The near misses the runner sends: the key without its last three characters, its first half.
  const chars = [...key];
  if (chars.length >= 8) forms.push(chars.slice(0, -3).join(''), chars.slice(0, Math.ceil(chars.length / 2)).join(''));
  return [...new Set(forms)].filter((form) => form.length > 0).sort((a, b) => b.length - a.length);
}

/** Replaces every form of the key, and of every other secret given, in text. The texts the user
 * gave that hold no whole secret (the document's path, the base URL) are printed as given: a near
 * miss of a key (its first half, "panel-" of "panel-key-v") must not garble a replay command. */
export function createRedactor(
  key: string | undefined,
  otherSecrets: readonly string[] = [],
  verbatim: readonly (string | undefined)[] = [],
): Redact {
  const secrets = [key, ...otherSecrets].filter(
    (secret): secret is string => typeof secret === 'string' && secret !== '',
  );
  const forms = [...new Set(secrets.flatMap(secretForms))].sort((a, b) => b.length - a.length);
  // Credentials written into a URL (https://user:secret@host) are never printed either.
  const withoutUserinfo = (text: string): string =>
    text.replace(/(\b[a-z][a-z0-9+.-]*:\/\/)[^/@\s'"]+@/gi, '$1[REDACTED]@');
  if (forms.length === 0) return withoutUserinfo;
  const pattern = new RegExp(forms.map(escapeRegExp).join('|'), 'g');
  const redacted = (text: string) => text.replace(pattern, '[REDACTED]');
  const kept = [...new Set(verbatim)]
    .filter((text): text is string => typeof text === 'string' && text.length > 0)
    .filter((text) => !secrets.some((secret) => text.includes(secret)))
    .sort((a, b) => b.length - a.length);
  if (kept.length === 0) return (text) => withoutUserinfo(redacted(text));
  // Split around the kept texts (the capture keeps them, at odd places): only the rest is redacted.
  const keptPattern = new RegExp(`(${kept.map(escapeRegExp).join('|')})`);
  return (text) =>
    withoutUserinfo(
      text
        .split(keptPattern)
        .map((part, index) => (index % 2 === 1 ? part : redacted(part)))
        .join(''),
    );
}

// Names from the registry and the document, never data from the target: left as they are, so a
// short key cannot garble them.
const STRUCTURAL = new Set(['check', 'code', 'operation', 'severity', 'keyword', 'outcome']);

/** A copy of a plain value (records, arrays) with every string that may carry data redacted. */
export function redactDeep<T>(value: T, redact: Redact): T {
  if (typeof value === 'string') return redact(value) as T;
  if (Array.isArray(value)) return value.map((item) => redactDeep(item, redact)) as T;
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([name, item]) => [name, STRUCTURAL.has(name) ? item : redactDeep(item, redact)]),
    ) as T;
  }
  return value;
}
