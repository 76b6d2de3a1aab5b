// JSON with int64 values kept to the digit. JSON.parse rounds integers past 2^53 (9007199254740993
// reads as ...992), so a mock that parses and re-serialises, or a runner that compares parsed
// values, would round them silently. Values stay JS numbers (schemas judge them as numbers); the
// exact text of each unsafe integer is remembered beside the object that holds it, carried along
// when fields are copied, and written back by stringifyExact.
import { isSafeNumber, parse } from 'lossless-json';
import { HOLDS_UNSAFE_NUMBER, NESTS_TOO_DEEP, partsOfSafe } from './value-walk.js';

type Holder = object;
const exactDigits = new WeakMap<Holder, Map<string, string>>();
let anyExact = false;
const UNSAFE = Symbol('unsafe number');
type Unsafe = { [UNSAFE]: string };
/** Roots of the values parsed digit by digit (they held a number JSON.parse rounds). */
const PARSED_EXACTLY = new WeakSet<object>();

function isUnsafe(value: unknown): value is Unsafe {
  return typeof value === 'object' && value !== null && UNSAFE in value;
}

/** Remembers the exact digits of holder[key] (a number that rounds them). */
export function rememberDigits(holder: Holder, key: string, digits: string): void {
  let digitsOf = exactDigits.get(holder);
  if (!digitsOf) exactDigits.set(holder, (digitsOf = new Map()));
  digitsOf.set(key, digits);
  anyExact = true;
}

function restore(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const entries: Array<[string | number, unknown]> = Array.isArray(value)
    ? value.map((v, i) => [i, v])
    : Object.entries(value);
  for (const [key, child] of entries) {
    if (isUnsafe(child)) {
      rememberDigits(value, String(key), child[UNSAFE]);
      (value as Record<string | number, unknown>)[key] = Number(child[UNSAFE]);
    } else {
      restore(child);
    }
  }
  return value;
}

/** How many levels of nesting (the value itself is level 1) the code that serialises, compares and
 * validates values is sure to follow: it recurses, and JSON nested past the stack would crash it.
 * Jackson's default limit. */
export const MAX_JSON_DEPTH = 1000;

/** Thrown by parseWithinDepth for JSON nested deeper than MAX_JSON_DEPTH levels. */
export class JsonDepthError extends SyntaxError {
  constructor() {
    super(`JSON nested deeper than ${MAX_JSON_DEPTH} levels`);
    this.name = 'JsonDepthError';
  }
}

/** Roots of the values parseExact found nested deeper than MAX_JSON_DEPTH levels. */
const NESTED_TOO_DEEP = new WeakSet<object>();

/** Whether a value parseExact gave nests deeper than MAX_JSON_DEPTH levels (the caller decides what
 * of it may reach recursive code). */
export const nestsTooDeep = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && NESTED_TOO_DEEP.has(value);

/**
 * JSON.parse, with the exact digits of every unsafe integer remembered (in a value nested deeper than
 * MAX_JSON_DEPTH levels they are rounded: see nestsTooDeep). Throws as JSON.parse does, but its
 * errors carry no stack: text that is not JSON is an everyday input (a mock refuses it, a runner
 * reports it), and capturing the stack was half the cost of refusing it.
 */
export function parseExact(text: string): unknown {
  const stackLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return parseWithDigits(text);
  } finally {
    Error.stackTraceLimit = stackLimit;
  }
}

/** parseExact for a reader that hands the value to recursive code whole: JsonDepthError past
 * MAX_JSON_DEPTH levels. */
export function parseWithinDepth(text: string): unknown {
  const value = parseExact(text);
  if (nestsTooDeep(value)) throw new JsonDepthError();
  return value;
}

function parseWithDigits(text: string): unknown {
  // JSON.parse first: only a value holding a number past 2^53 (rare) is read again, digit by digit.
  // Cheaper than looking for 16 digits in the text, which cost more than the parse on a body dense
  // with numbers.
  const quick = JSON.parse(text);
  // JSON nests a level per bracket: text this short cannot nest past the limit, and is not measured.
  if (!holdsUnsafeNumber(quick, text.length > 2 * MAX_JSON_DEPTH ? MAX_JSON_DEPTH : Number.POSITIVE_INFINITY))
    return quick;
  // The digit-by-digit reading recurses, so it is not tried on a value nested too deep.
  if (NESTED_TOO_DEEP.has(quick as object)) return quick;
  try {
    const parsed = parse(text, null, (digits) =>
      isSafeNumber(digits) || !/^-?\d+$/.test(digits) ? Number(digits) : ({ [UNSAFE]: digits } as Unsafe),
    );
    if (isUnsafe(parsed)) return Number(parsed[UNSAFE]);
    const restored = restore(parsed);
    if (typeof restored === 'object' && restored !== null) PARSED_EXACTLY.add(restored);
    return restored;
  } catch (error) {
    // The digit-by-digit reading recurses: JSON nested past the stack keeps its rounded numbers.
    if (error instanceof RangeError) return quick;
    throw error;
  }
}

/** Whether a parsed value holds a number beyond the safe integers (where it nests too deep: whether
 * one was met before the walk stopped, and the value is marked NESTED_TOO_DEEP). */
function holdsUnsafeNumber(value: unknown, maxDepth: number): boolean {
  if (typeof value !== 'object' || value === null) return isUnsafeNumber(value);
  const parts = partsOfSafe(value, maxDepth);
  if (parts === NESTS_TOO_DEEP) {
    NESTED_TOO_DEEP.add(value);
    return true;
  }
  if (parts === HOLDS_UNSAFE_NUMBER) return true;
  // Counted on the way, so a validator need not walk the value again to learn its size.
  if (parts > COUNTED_FROM) PARTS_OF.set(value, parts);
  else {
    lastSmall = value;
    lastSmallParts = parts;
  }
  return false;
}

const isUnsafeNumber = (value: unknown): boolean =>
  typeof value === 'number' && !(Math.abs(value) <= Number.MAX_SAFE_INTEGER);

/** Values (JSON.parse's, every number safe) by how many values they hold, themselves included. */
const PARTS_OF = new WeakMap<object, number>();
/** Smaller values are not worth a map entry (it costs more than counting them again): only the
 * newest is remembered, as a request's body is judged right after it is read (and held until the
 * next parse: one small value at most, whatever its strings' length). */
const COUNTED_FROM = 64;
let lastSmall: object | undefined;
let lastSmallParts = 0;

/** How many values a value parseExact gave holds (itself and every member and item, at any
 * depth), where it still knows; undefined otherwise. */
export function partsOfParsed(value: unknown): number | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  return value === lastSmall ? lastSmallParts : PARTS_OF.get(value);
}

/** The exact digits remembered for an object's or array's members, by key; undefined where none are. */
export function exactDigitsOf(holder: Holder): ReadonlyMap<string, string> | undefined {
  return anyExact ? exactDigits.get(holder) : undefined;
}

/** Whether any value read so far held an integer past 2^53 (nothing to compare exactly otherwise). */
export const holdsExactDigits = (): boolean => anyExact;

/** Whether parseExact read this value digit by digit (it held an integer past 2^53; else it
 * remembered no digits of it). */
export const parsedExactly = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && PARSED_EXACTLY.has(value);

/** The exact text of holder[key]: its remembered digits, else its JSON. */
export function fieldText(holder: Record<string, unknown>, key: string): string {
  const digits = exactDigits.get(holder)?.get(key);
  return digits !== undefined && typeof holder[key] === 'number' ? digits : stringifyExact(holder[key]);
}

/** Carries the remembered digits of the keys copied from one object to another. */
export function carryDigits(from: Holder, to: Holder): void {
  const digits = exactDigits.get(from);
  if (!digits) return;
  const target = to as Record<string, unknown>;
  for (const [key, text] of digits)
    if (Object.hasOwn(target, key) && target[key] === (from as Record<string, unknown>)[key])
      rememberDigits(to, key, text);
}

const TOKEN = `\u0000exact${Math.random().toString(36).slice(2)}:`;
const TOKENS = new RegExp(`"${JSON.stringify(TOKEN).slice(1, -1).replace(/\\/g, '\\\\')}(-?\\d+)"`, 'g');

/** JSON.stringify, writing remembered digits instead of the rounded numbers. */
export function stringifyExact(value: unknown): string {
  if (!anyExact) return JSON.stringify(value);
  const text = JSON.stringify(value, function (this: Holder, key: string, child: unknown) {
    const digits = typeof child === 'number' ? exactDigits.get(this)?.get(key) : undefined;
    return digits === undefined ? child : `${TOKEN}${digits}`;
  });
  return text === undefined ? text : text.replace(TOKENS, '$1');
}

/** JSON text with every object's members in code-point order (and remembered digits): one text for
 * one value, however its members were ordered or spaced when sent. */
export function canonicalJson(value: unknown): string {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value) ?? 'null';
  const holder = value as Record<string, unknown>;
  const member = (key: string): string => {
    const digits = typeof holder[key] === 'number' ? exactDigits.get(holder)?.get(key) : undefined;
    return digits ?? canonicalJson(holder[key]);
  };
  if (Array.isArray(value)) return `[${value.map((_, index) => member(String(index))).join(',')}]`;
  const keys = Object.keys(holder).sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${member(key)}`).join(',')}}`;
}
