// Rules of a value said in words, beyond its schema, that generated values must follow or a service
// rightly refuses them: a code's check digit ("ISBN-13 with a correct check digit"), a weekday ("The
// Monday that starts the week"). Read from the member's or parameter's name and description; each
// gives the value made to follow it. A registry: a new rule is a new entry.
import { checkDigitCodeOf, withCheckDigit } from './check-digits.js';

type Fix = (value: unknown) => unknown;
type WordRule = (name: string, description: string | undefined) => Fix | undefined;

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/** A date (or the date of a date-time) moved forward to the weekday, the rest kept. */
function onWeekday(value: unknown, weekday: number): unknown {
  if (typeof value !== 'string') return value;
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return value;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  if (Number.isNaN(date.getTime())) return value;
  date.setUTCDate(date.getUTCDate() + ((weekday - date.getUTCDay() + 7) % 7));
  return `${date.toISOString().slice(0, 10)}${value.slice(10)}`;
}

/** Words that keep a date out of the past: "Not before today (UTC)", "must be in the future". */
const NOT_PAST =
  /\bnot\s+(?:be\s+)?(?:before|earlier\s+than)\s+today\b|\bnot\s+in\s+the\s+past\b|\btoday\s+or\s+later\b|\bin\s+the\s+future\b|\bfuture\s+date\b/i;

/** Whether a date member's words keep it out of the past. */
const keptFromThePast = (description: string | undefined): boolean => NOT_PAST.test(description ?? '');

const DAY_MS = 86_400_000;

/** A date (or date-time) before today moved a month past it, its form kept. */
function notInThePast(value: unknown): unknown {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(value)) return value;
  const today = new Date().toISOString().slice(0, 10);
  if (value.slice(0, 10) > today) return value;
  const later = new Date(Date.now() + 30 * DAY_MS).toISOString().slice(0, 10);
  return `${later}${value.slice(10)}`;
}

/** Words that say the service leaves it unchecked: "(the check digit is not verified)". */
const UNCHECKED =
  /\b(?:not|never)\s+(?:be\s+)?(?:verified|checked|validated|enforced)\b|\bunchecked\b|\bunverified\b|\bnot\s+(?:a\s+)?(?:rule|checked)\b/i;

/** Words that put instants on a grid: "whole quarter hours", "on the hour", "multiples of 30
 * minutes", "5-minute steps". The grid's step in minutes. */
const STEPS: ReadonlyArray<[RegExp, (match: RegExpExecArray) => number]> = [
  [/\bquarter[- ]hours?\b/i, () => 15],
  [/\bhalf[- ]hours?\b/i, () => 30],
  [/\b(?:on\s+the|whole|full)\s+hours?\b/i, () => 60],
  [/\bmultiples?\s+of\s+(\d+)\s+minutes?\b/i, (match) => Number(match[1])],
  [/\b(\d+)[- ]minute\s+(?:steps|increments|boundaries|slots|grid)\b/i, (match) => Number(match[1])],
  [/\bwhole\s+minutes?\b/i, () => 1],
];

/** The grid step (minutes) the words put an instant on, where they do. */
function stepOf(description: string | undefined): number | undefined {
  for (const [pattern, minutes] of STEPS) {
    const match = pattern.exec(description ?? '');
    const step = match ? minutes(match) : undefined;
    if (step !== undefined && step > 0 && step <= 1440) return step;
  }
  return undefined;
}

/** A date-time moved forward onto the grid: whole steps from midnight UTC, no seconds. */
function onStep(value: unknown, minutes: number): unknown {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T/i.test(value)) return value;
  const at = Date.parse(value);
  if (Number.isNaN(at)) return value;
  const step = minutes * 60_000;
  const snapped = Math.ceil(at / step) * step;
  return snapped === at && !/\.\d*[1-9]/.test(value) ? value : new Date(snapped).toISOString().replace(/\.000Z$/, 'Z');
}

/** A value shown in words where the words name a kind of value the service checks and the schema
 * does not state: "An IANA time zone name such as `Europe/Paris`; other values answer `400`". */
const SHOWN = /\b(?:such as|e\.g\.,?|for example,?|for instance,?)\s+`([^`]{1,60})`/i;
const REFUSES_OTHERS =
  /\bother(?:wise| values?)\b[^.;]{0,40}\b(?:4\d\d|refused|rejected|invalid)\b|\bmust be (?:an?|one of)\b/i;
/** Words that make each item's value its own: one shown value would clash. */
const UNIQUE = /\bunique\b|\bdistinct\b|\balready (?:in use|taken|used|exists)\b/i;

const WORD_RULES: Readonly<Record<string, WordRule>> = {
  shownValue(_name, description) {
    const shown = SHOWN.exec(description ?? '')?.[1];
    if (shown === undefined || !REFUSES_OTHERS.test(description!) || UNIQUE.test(description!)) return undefined;
    return (value) => (typeof value === 'string' ? shown : value);
  },
  timeStep(_name, description) {
    const minutes = stepOf(description);
    return minutes === undefined ? undefined : (value) => onStep(value, minutes);
  },
  notPast(_name, description) {
    return keptFromThePast(description) ? notInThePast : undefined;
  },
  checkDigit(name, description) {
    const code = UNCHECKED.test(description ?? '') ? undefined : checkDigitCodeOf(name, description);
    return code ? (value) => withCheckDigit(value, code) : undefined;
  },
  weekday(_name, description) {
    const named = WEEKDAYS.filter((day) => new RegExp(`\\b${day}s?\\b`, 'i').test(description ?? ''));
    return named.length === 1 ? (value) => onWeekday(value, WEEKDAYS.indexOf(named[0]!)) : undefined;
  },
};

/** What a value of this member or parameter is made into so it follows its words; undefined where
 * the words add nothing. */
export function wordRuleOf(name: string, description: string | undefined): Fix | undefined {
  const fixes = Object.values(WORD_RULES).flatMap((rule) => rule(name, description) ?? []);
  if (fixes.length === 0) return undefined;
  return (value) => fixes.reduce((current, fix) => fix(current), value);
}

/** Words that make a rule one the service checks: "must", "otherwise 400", "a correct check digit". */
const CHECKED = /\bmust\b|\bonly\b|\botherwise\b|\brefused\b|\brejected\b|\b4\d\d\b|\bcorrect\b|\bvalid\b/i;

type Break = (value: unknown) => { value: unknown; label: string } | undefined;

const WORD_BREAKS: Readonly<Record<string, (name: string, description: string | undefined) => Break | undefined>> = {
  checkDigit(name, description) {
    if (!description || !/check ?digit|checksum/i.test(description) || !CHECKED.test(description)) return undefined;
    if (UNCHECKED.test(description)) return undefined;
    const code = checkDigitCodeOf(name, description);
    return code
      ? (value) => {
          const valid = withCheckDigit(value, code);
          return typeof valid === 'string' && /\d$/.test(valid) ? broken(valid) : undefined;
        }
      : undefined;
  },
  notPast(_name, description) {
    const said = NOT_PAST.exec(description ?? '');
    if (!said || !(/\bnot\b/i.test(said[0]) || CHECKED.test(description ?? ''))) return undefined;
    return (value) => {
      if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(value)) return undefined;
      const yesterday = new Date(Date.now() - DAY_MS).toISOString().slice(0, 10);
      return { value: `${yesterday}${value.slice(10)}`, label: 'is before today, which its words forbid' };
    };
  },
  weekday(_name, description) {
    const named = WEEKDAYS.filter((day) => new RegExp(`\\b${day}s?\\b`, 'i').test(description ?? ''));
    if (named.length !== 1 || !CHECKED.test(description ?? '')) return undefined;
    const day = WEEKDAYS.indexOf(named[0]!);
    return (value) => {
      const on = onWeekday(value, day);
      const next = onWeekday(on, (day + 1) % 7);
      return typeof next === 'string' && next !== on ? { value: next, label: `is not a ${named[0]}` } : undefined;
    };
  },
};

/** The value with its last digit one off the check digit. */
function broken(valid: string): { value: string; label: string } {
  const last = Number(valid.at(-1));
  return { value: `${valid.slice(0, -1)}${(last + 1) % 10}`, label: 'has a wrong check digit' };
}

/** Values that break what the words say of a member or parameter, beyond its schema ("a correct
 * check digit", "must be a Monday"), each with what it breaks; empty where they say nothing checked. */
export function wordRuleBreaksOf(name: string, description: string | undefined): Break[] {
  return Object.values(WORD_BREAKS).flatMap((rule) => rule(name, description) ?? []);
}

type Check = (value: unknown) => string | undefined;

/** What a value breaks, checked as a service checks the words (a date before today, a wrong check
 * digit, another weekday), for each rule whose words make it one the service checks. */
const WORD_CHECKS: Readonly<Record<string, (name: string, description: string | undefined) => Check | undefined>> = {
  checkDigit(name, description) {
    const code = WORD_BREAKS.checkDigit!(name, description) && checkDigitCodeOf(name, description);
    return code
      ? (value) =>
          typeof value === 'string' && withCheckDigit(value, code) !== value ? 'has a wrong check digit' : undefined
      : undefined;
  },
  notPast(name, description) {
    if (!WORD_BREAKS.notPast!(name, description)) return undefined;
    return (value) =>
      typeof value === 'string' &&
      /^\d{4}-\d{2}-\d{2}/.test(value) &&
      value.slice(0, 10) < new Date().toISOString().slice(0, 10)
        ? 'is before today, which its words forbid'
        : undefined;
  },
  weekday(name, description) {
    if (!WORD_BREAKS.weekday!(name, description)) return undefined;
    const named = WEEKDAYS.find((day) => new RegExp(`\\b${day}s?\\b`, 'i').test(description ?? ''))!;
    const day = WEEKDAYS.indexOf(named);
    return (value) => (typeof value === 'string' && onWeekday(value, day) !== value ? `is not a ${named}` : undefined);
  },
};

/** What the words of a member or parameter make a service refuse in a value ("Not before today",
 * "a correct check digit", "must be a Monday"): the first rule it breaks, or undefined; undefined
 * itself where the words check nothing. */
export function wordRuleCheckOf(name: string, description: string | undefined): Check | undefined {
  const checks = Object.values(WORD_CHECKS).flatMap((rule) => rule(name, description) ?? []);
  if (checks.length === 0) return undefined;
  return (value) => {
    for (const check of checks) {
      const broken = check(value);
      if (broken) return broken;
    }
    return undefined;
  };
}
