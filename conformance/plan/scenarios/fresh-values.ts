// Values a creation changes to be new (a time slot, a key, a name the run used before), and what a
// refusal says: the members it names and its words, read from the usual error shapes (RFC 9457
// `detail`, JSON:API `errors[].detail` and `source.pointer`, `{error: {message}}`, `{message}`).
import { propertiesOf } from '../../../spec/index.js';
import { asObject } from '../../judge/json-body.js';
import { namesMember } from '../references.js';

const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(Z|[+-]\d{2}:\d{2})$/i;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** The same wall-clock form, `days` later, in the same offset. */
const DATE_WINDOW_DAYS = 3650;

function shiftDateTime(text: string, days: number): string | undefined {
  const match = DATE_TIME.exec(text);
  if (!match) return undefined;
  const [, date, time, offset] = match;
  const shifted = new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
  return `${shifted}T${time}${offset}`;
}

function shiftDate(text: string, days: number): string | undefined {
  if (!DATE.test(text)) return undefined;
  return new Date(Date.parse(`${text}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** step as letters (1 → B, 26 → BA), for keys that take letters only. */
function letters(step: number, upper: boolean): string {
  let text = '';
  let n = step;
  do {
    text = String.fromCharCode(65 + (n % 26)) + text;
    n = Math.floor(n / 26);
  } while (n > 0);
  return upper ? text : text.toLowerCase();
}

/** The text with its last run of digits, and the run of letters before it, replaced by the step's
 * own of the same length: a key of a fixed form ("YX-097" under `^[A-Z]{2,4}-[0-9]{3,6}$`), which
 * no suffix keeps valid, stays in its form and is new. */
function sameShape(text: string, step: number): string[] {
  const digitRun = /\d+(?!.*\d)/.exec(text);
  if (!digitRun) return [];
  const width = digitRun[0].length;
  const low = String(step % 10 ** width).padStart(width, '0');
  const withDigits = `${text.slice(0, digitRun.index)}${low}${text.slice(digitRun.index + width)}`;
  const letterRun = /[A-Za-z]+(?=[^A-Za-z]*$)/.exec(text.slice(0, digitRun.index));
  if (!letterRun) return [withDigits];
  const run = letterRun[0];
  const high = letters(Math.floor(step / 10 ** width), run === run.toUpperCase());
  const padded = `${(run === run.toUpperCase() ? 'A' : 'a').repeat(run.length)}${high}`.slice(-run.length);
  const both = `${withDigits.slice(0, letterRun.index)}${padded}${withDigits.slice(letterRun.index + run.length)}`;
  return [both, withDigits];
}

/** Ways to make a string new, most faithful first; the first that keeps the body valid is taken. */
export function stringCandidates(text: string, step: number): string[] {
  // Dates move on by the step in days, within ten years: a slot of its own, still a date a service
  // takes (step 130,704 moved a 2026 booking to 2398, refused as out of range).
  const days = step % DATE_WINDOW_DAYS || DATE_WINDOW_DAYS;
  const forward = shiftDateTime(text, days) ?? shiftDate(text, days);
  // A day that has passed stays past (a service done, a birth date): moved back, never into days to
  // come, which such a member's words often refuse.
  const now = Date.now();
  const crosses = forward !== undefined && Date.parse(text) <= now && Date.parse(forward) > now;
  const shifted = crosses ? (shiftDateTime(text, -days) ?? shiftDate(text, -days)) : forward;
  if (shifted) return [shifted];
  const upper = text === text.toUpperCase();
  const tag = letters(step, upper);
  const digits = String(step);
  const at = text.indexOf('@');
  return [
    ...(at > 0 ? [`${text.slice(0, at)}${digits}${text.slice(at)}`] : []),
    `${text}${digits}`,
    `${text}${tag}`,
    `${text.slice(0, Math.max(1, text.length - tag.length))}${tag}`,
    `${text.slice(0, Math.max(1, text.length - digits.length))}${digits}`,
    ...sameShape(text, step),
  ];
}

/** Members named as ids of other items (`assigneeId`, `owner_id`): a reference the model did not
 * tie to a collection, whose example value names an item that exists; made new, it names none. */
const ID_NAMED = /(?:[a-z0-9]Id|_id|[a-z0-9]ID)$/;

/** The body with each top-level string but those kept (references to listed items) changed to a new value of the same form (dates moved on by
 * `step` days, keys and names given a suffix), keeping the body valid. */
export function freshened(
  body: unknown,
  step: number,
  isValid: (body: unknown) => boolean,
  keep: ReadonlySet<string>,
): unknown {
  const object = asObject(body);
  if (!object || step === 0) return body;
  let value: Record<string, unknown> = { ...object };
  for (const [member, current] of Object.entries(object)) {
    if (typeof current !== 'string' || current === '' || keep.has(member) || ID_NAMED.test(member)) continue;
    for (const candidate of stringCandidates(current, step)) {
      // A candidate may come out as the value itself ("AB-123456" ending in the step's digits).
      if (candidate === current) continue;
      const next = { ...value, [member]: candidate };
      if (isValid(next)) {
        value = next;
        break;
      }
    }
  }
  return value;
}

/** The body with each top-level date-time or date moved on by `days` (a time slot of its own),
 * but the members named in `broken` (what an invalid case is about). */
export function withShiftedInstants(body: unknown, days: number, broken: (member: string) => boolean): unknown {
  const object = asObject(body);
  if (!object) return body;
  let value: Record<string, unknown> | undefined;
  for (const [member, current] of Object.entries(object)) {
    if (typeof current !== 'string' || broken(member)) continue;
    const shifted = shiftDateTime(current, days) ?? shiftDate(current, days);
    if (shifted !== undefined) (value ??= { ...object })[member] = shifted;
  }
  return value ?? body;
}

/** The words of an error body, from the fields the usual error shapes put them in. */
function wordsOf(value: unknown, depth = 0): string[] {
  if (depth > 3) return [];
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.slice(0, 5).flatMap((entry) => wordsOf(entry, depth + 1));
  const object = asObject(value);
  if (!object) return [];
  const words: string[] = [];
  for (const key of ['detail', 'message', 'title', 'error', 'errors', 'source', 'pointer', 'parameter', 'field']) {
    if (key in object) words.push(...wordsOf(object[key], depth + 1));
  }
  return words;
}

/** The words an error body says, joined (its message, detail, title and errors). */
export const refusalWords = (text: string): string => wordsOf(parsed(text)).join(' ');

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** ": <the refusal's words>", at most 120 characters, or "" where it says nothing readable. */
export function refusalText(text: string): string {
  const words = [...new Set(wordsOf(parsed(text)))].join('; ').replace(/\s+/g, ' ').trim();
  if (words === '') return '';
  return `: ${words.length > 120 ? `${words.slice(0, 117)}...` : words}`;
}

/** The body's members whose value a refusal names ("Member 00012345 has reached maxLoans"). */
export function membersValued(text: string, body: unknown): string[] {
  return Object.entries(asObject(body) ?? {}).flatMap(([member, value]) =>
    (typeof value === 'string' || typeof value === 'number') &&
    String(value).length >= 3 &&
    text.includes(String(value))
      ? [member]
      : [],
  );
}

/** The body's members a refusal names (by name or JSON pointer). */
export function membersNamed(text: string, body: unknown): string[] {
  const object = asObject(body);
  if (!object) return [];
  const words = refusalWords(text);
  // A pointer (/vetId) names its member too: "/" is no word character.
  return Object.keys(object).filter((member) => namesMember(words, member));
}

/** The body with each named member that takes a set of values (a `day` of the week) moved to
 * another of them, one not refused yet in this making (`refused`, kept by the caller). */
export function withOtherEnumValues(
  body: unknown,
  members: readonly string[],
  schema: unknown,
  refused: Map<string, Set<unknown>>,
): unknown {
  const object = asObject(body);
  if (!object || members.length === 0) return body;
  const properties = propertiesOf(schema as Parameters<typeof propertiesOf>[0]) as Record<string, { enum?: unknown[] }>;
  const next = { ...object };
  for (const member of members) {
    const values = properties[member]?.enum;
    if (!Array.isArray(values) || values.length < 2) continue;
    const tried = refused.get(member) ?? new Set<unknown>();
    tried.add(object[member]);
    refused.set(member, tried);
    // Half the set on (Monday's conflict tries Friday): neighbours tend to be taken together.
    const from = (values.indexOf(object[member]) + Math.ceil(values.length / 2)) % values.length;
    const other = [...values.slice(from), ...values.slice(0, from)].find((value) => !tried.has(value));
    if (other !== undefined) next[member] = other;
  }
  return next;
}
