// One walk over a parsed JSON value, for the questions asked of whole bodies (a number past 2^53?
// more parts than a validator should list every problem of? nested too deep to handle?).

/** What anyInside answers when the value nests deeper than it was allowed to look. */
export const TOO_DEEP = 'too deep';

/** Whether `found` holds for a value inside `value` (a member or an item, at any depth), visited
 * without recursion (JSON may nest deeper than the stack), arrays by index (for-in would name every
 * index as a string). Stops at the first one, or at a container nested past `maxDepth` levels (the
 * value itself is level 1), answering TOO_DEEP. */
export function anyInside(value: object, found: (child: unknown) => boolean): boolean;
export function anyInside(
  value: object,
  found: (child: unknown) => boolean,
  maxDepth: number,
): boolean | typeof TOO_DEEP;
export function anyInside(
  value: object,
  found: (child: unknown) => boolean,
  maxDepth = Number.POSITIVE_INFINITY,
): boolean | typeof TOO_DEEP {
  return maxDepth === Number.POSITIVE_INFINITY ? anyAtAnyDepth(value, found) : anyWithin(value, found, maxDepth);
}

/** anyInside without a depth to keep: every body short enough that it cannot nest too deep (a
 * request's usual), so the walk a refusal pays for carries nothing more. */
function anyAtAnyDepth(value: object, found: (child: unknown) => boolean): boolean {
  const pending: object[] = [value];
  const visit = (child: unknown): boolean => {
    if (found(child)) return true;
    if (typeof child === 'object' && child !== null) pending.push(child);
    return false;
  };
  while (pending.length > 0) {
    const node = pending.pop()!;
    if (Array.isArray(node)) {
      for (let at = 0; at < node.length; at++) if (visit(node[at])) return true;
    } else {
      for (const key in node) if (visit((node as Record<string, unknown>)[key])) return true;
    }
  }
  return false;
}

function anyWithin(value: object, found: (child: unknown) => boolean, maxDepth: number): boolean | typeof TOO_DEEP {
  // Depths only of containers, in step with `pending`: scalars, most of a body, cost nothing more.
  const pending: object[] = [value];
  const depths: number[] = [1];
  let childDepth = 0;
  let tooDeep = false;
  const visit = (child: unknown): boolean => {
    if (found(child)) return true;
    if (typeof child === 'object' && child !== null) {
      if (childDepth > maxDepth) return (tooDeep = true);
      pending.push(child);
      depths.push(childDepth);
    }
    return false;
  };
  while (pending.length > 0) {
    const node = pending.pop()!;
    childDepth = depths.pop()! + 1;
    if (Array.isArray(node)) {
      for (let at = 0; at < node.length; at++) if (visit(node[at])) return tooDeep ? TOO_DEEP : true;
    } else {
      for (const key in node) if (visit((node as Record<string, unknown>)[key])) return tooDeep ? TOO_DEEP : true;
    }
  }
  return false;
}

/** What partsOfSafe answers for a value holding a number past 2^53. */
export const HOLDS_UNSAFE_NUMBER = -1;
/** What partsOfSafe answers for a value nesting deeper than it was allowed to look. */
export const NESTS_TOO_DEEP = -2;

/** How many values `value` holds (itself, its members and items at any depth), unless it holds a
 * number beyond the safe integers (HOLDS_UNSAFE_NUMBER) or a container nested past `maxDepth` levels
 * (NESTS_TOO_DEEP), whichever the walk meets first. anyInside's walk with its test written in: every
 * JSON body read goes through it, and a call per value cost a body of numbers twice the time. */
export function partsOfSafe(value: object, maxDepth: number): number {
  const pending: object[] = [value];
  const depths: number[] = [1];
  let parts = 1;
  while (pending.length > 0) {
    const node = pending.pop()!;
    const childDepth = depths.pop()! + 1;
    if (Array.isArray(node)) {
      parts += node.length;
      for (let at = 0; at < node.length; at++) {
        const verdict = visitChild(node[at], childDepth, maxDepth, pending, depths);
        if (verdict !== 0) return verdict;
      }
    } else {
      for (const key in node) {
        parts++;
        const verdict = visitChild((node as Record<string, unknown>)[key], childDepth, maxDepth, pending, depths);
        if (verdict !== 0) return verdict;
      }
    }
  }
  return parts;
}

/** partsOfSafe's test of one member or item: 0, queued where it is a container, or why the walk
 * stops. One function called from one place each (the engine inlines it), not a callback. */
function visitChild(child: unknown, childDepth: number, maxDepth: number, pending: object[], depths: number[]): number {
  if (typeof child === 'number') return Math.abs(child) <= Number.MAX_SAFE_INTEGER ? 0 : HOLDS_UNSAFE_NUMBER;
  if (typeof child !== 'object' || child === null) return 0;
  if (childDepth > maxDepth) return NESTS_TOO_DEEP;
  pending.push(child);
  depths.push(childDepth);
  return 0;
}

/** Whether a value nests deeper than `levels` levels (the value itself is level 1). */
export const nestsDeeperThan = (value: unknown, levels: number): boolean =>
  typeof value === 'object' && value !== null && anyInside(value, () => false, levels) === TOO_DEEP;
