// JSON Patch (RFC 6902): a list of operations applied in order to a copy of the item, all or
// nothing. A body that is not a patch is refused as malformed (400); a patch that cannot apply to
// this item (a path that is not there, a failed test) as a conflict with its state (409, RFC 5789).
// JSON Pointers are RFC 6901's: "/a/0/b", ~1 for "/" and ~0 for "~", "-" past an array's end.

import { carryDigits, fieldText, pointerTokens, rememberDigits, setMember } from '../../spec/core.js';
import { MockHttpError } from '../core/errors.js';

type Container = Record<string, unknown> | unknown[];

const malformed = (why: string): MockHttpError => new MockHttpError(400, 'invalid_body', `Invalid JSON Patch: ${why}.`);
const conflict = (why: string): MockHttpError =>
  new MockHttpError(409, 'patch_conflict', `The JSON Patch does not apply to this item: ${why}.`);

const isContainer = (value: unknown): value is Container => typeof value === 'object' && value !== null;

// `copy` can double a member with each operation (/tags into /tags/-): forty of them would build a
// trillion values. A patch may copy this many values in all; past it, it is refused.
const MOST_COPIED_VALUES = 100_000;

interface Budget {
  left: number;
}

/** A copy every level down, the exact digits of int64 values carried along, within the budget. */
function copyJson<T>(value: T, budget: Budget): T {
  if (--budget.left < 0)
    throw new MockHttpError(400, 'patch_too_large', `The JSON Patch copies more than ${MOST_COPIED_VALUES} values.`);
  if (!isContainer(value)) return value;
  const copy = (
    Array.isArray(value)
      ? value.map((item) => copyJson(item, budget))
      : Object.fromEntries(Object.entries(value).map(([key, child]) => [key, copyJson(child, budget)]))
  ) as T & object;
  carryDigits(value, copy);
  return copy;
}

function equalJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!isContainer(a) || !isContainer(b) || Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every(
    (key) =>
      Object.hasOwn(b, key) && equalJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  );
}

function tokensOf(pointer: unknown, member: string): string[] {
  if (typeof pointer !== 'string' || (pointer !== '' && !pointer.startsWith('/')))
    throw malformed(`"${member}" must be a JSON Pointer ("" or starting with "/")`);
  return pointerTokens(pointer);
}

/** The container a pointer's last token is in, and that token. */
function locate(root: Container, tokens: readonly string[], pointer: string): [Container, string] {
  let node: unknown = root;
  for (const token of tokens.slice(0, -1)) {
    node = isContainer(node) && Object.hasOwn(node, token) ? (node as Record<string, unknown>)[token] : undefined;
    if (!isContainer(node)) throw conflict(`${pointer} is not in the item`);
  }
  return [node as Container, tokens[tokens.length - 1]!];
}

function arrayIndex(array: unknown[], token: string, pointer: string, adding: boolean): number {
  if (adding && token === '-') return array.length;
  if (!/^(0|[1-9]\d*)$/.test(token)) throw conflict(`${pointer} is not an index of the array`);
  const index = Number(token);
  if (index > array.length || (!adding && index === array.length)) throw conflict(`${pointer} is past the array's end`);
  return index;
}

function read(root: Container, pointer: string, member: string): unknown {
  const tokens = tokensOf(pointer, member);
  if (tokens.length === 0) return root;
  const [parent, last] = locate(root, tokens, pointer);
  if (Array.isArray(parent)) return parent[arrayIndex(parent, last, pointer, false)];
  if (!Object.hasOwn(parent, last)) throw conflict(`${pointer} is not in the item`);
  return parent[last];
}

/** Writes value at pointer (RFC 6902's add); digits are an int64 value's exact text. */
function add(root: Container, pointer: string, value: unknown, digits?: string): void {
  const tokens = tokensOf(pointer, 'path');
  if (tokens.length === 0) throw conflict('the whole item cannot be replaced by a patch');
  const [parent, last] = locate(root, tokens, pointer);
  if (Array.isArray(parent)) {
    const index = arrayIndex(parent, last, pointer, true);
    parent.splice(index, 0, value);
    if (digits !== undefined) rememberDigits(parent, String(index), digits);
    return;
  }
  // A "/__proto__" path names a member, never the prototype.
  setMember(parent, last, value);
  if (digits !== undefined) rememberDigits(parent, last, digits);
}

function remove(root: Container, pointer: string): void {
  const tokens = tokensOf(pointer, 'path');
  if (tokens.length === 0) throw conflict('the whole item cannot be removed by a patch');
  const [parent, last] = locate(root, tokens, pointer);
  if (Array.isArray(parent)) parent.splice(arrayIndex(parent, last, pointer, false), 1);
  else if (Object.hasOwn(parent, last)) delete parent[last];
  else throw conflict(`${pointer} is not in the item`);
}

type Operation = Record<string, unknown>;

/** The exact digits of op.value where it is an int64 past 2^53. */
const digitsOfValue = (op: Operation): string | undefined =>
  typeof op.value === 'number' ? fieldText(op, 'value') : undefined;

function operand(op: Operation): unknown {
  if (!Object.hasOwn(op, 'value')) throw malformed(`"${op.op}" needs a "value"`);
  return op.value;
}

const OPERATIONS: Readonly<Record<string, (root: Container, op: Operation, budget: Budget) => void>> = {
  add: (root, op) => add(root, op.path as string, operand(op), digitsOfValue(op)),
  remove: (root, op) => remove(root, op.path as string),
  replace: (root, op) => {
    const value = operand(op);
    read(root, op.path as string, 'path');
    remove(root, op.path as string);
    add(root, op.path as string, value, digitsOfValue(op));
  },
  move: (root, op) => {
    const [from, path] = [op.from as string, op.path as string];
    if (path.startsWith(`${from}/`)) throw conflict(`${from} cannot be moved into itself`);
    const value = read(root, from, 'from');
    if (path === from) return;
    remove(root, from);
    add(root, path, value);
  },
  copy: (root, op, budget) => add(root, op.path as string, copyJson(read(root, op.from as string, 'from'), budget)),
  test: (root, op) => {
    if (!equalJson(read(root, op.path as string, 'path'), operand(op)))
      throw conflict(`the test of ${op.path as string} failed`);
  },
};

/** The item after the patch (a new object; the item itself is left as it was). */
export function applyJsonPatch(item: Readonly<Record<string, unknown>>, patch: unknown): Record<string, unknown> {
  if (!Array.isArray(patch)) throw malformed('the body must be an array of operations');
  const root = copyJson(item, { left: Number.POSITIVE_INFINITY }) as Record<string, unknown>;
  const budget: Budget = { left: MOST_COPIED_VALUES };
  try {
    patch.forEach((op: unknown, index) => {
      if (!isContainer(op) || Array.isArray(op)) throw malformed(`operation ${index} is not an object`);
      const apply = typeof op.op === 'string' && Object.hasOwn(OPERATIONS, op.op) ? OPERATIONS[op.op] : undefined;
      if (!apply) throw malformed(`operation ${index} has no known "op" (add, remove, replace, move, copy, test)`);
      tokensOf(op.path, 'path');
      if (op.op === 'move' || op.op === 'copy') tokensOf(op.from, 'from');
      apply(root, op, budget);
    });
  } catch (error) {
    // Values nested past the stack's depth (copied or compared) are refused, not a 500.
    if (error instanceof RangeError) throw malformed('its values nest too deeply');
    throw error;
  }
  return root;
}
