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

const WORD_RULES: Readonly<Record<string, WordRule>> = {
  checkDigit(name, description) {
    const code = checkDigitCodeOf(name, description);
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
    const code = checkDigitCodeOf(name, description);
    return code
      ? (value) => {
          const valid = withCheckDigit(value, code);
          return typeof valid === 'string' && /\d$/.test(valid) ? broken(valid) : undefined;
        }
      : undefined;
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
