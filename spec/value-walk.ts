// One walk over a parsed JSON value, for the questions asked of whole bodies (a number past 2^53?
// more parts than a validator should list every problem of?).

/** Whether `found` holds for a value inside `value` (a member or an item, at any depth), visited
 * without recursion (JSON may nest deeper than the stack), arrays by index (for-in would name every
 * index as a string). Stops at the first one. */
export function anyInside(value: object, found: (child: unknown) => boolean): boolean {
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
