// Where a refusal's body points: the members its entries name (RFC 9457 `errors[].pointer`,
// JSON:API `errors[].source.pointer`, `details[].field`, the OData and Microsoft REST `error.target`).
// A refusal of one member that points only elsewhere tells the client the wrong field.

const POINTING = new Set(['pointer', 'field', 'target']);

/** The last segment of every pointer or field a body's entries carry ("/lines/1/sku" → "sku"). */
export function pointedMembers(body: unknown): string[] {
  const found: string[] = [];
  const walk = (value: unknown, depth: number) => {
    if (depth > 6 || typeof value !== 'object' || value === null) return;
    if (Array.isArray(value)) {
      for (const entry of value) walk(entry, depth + 1);
      return;
    }
    for (const [key, inner] of Object.entries(value)) {
      if (POINTING.has(key) && typeof inner === 'string') {
        const last = inner
          .split(/[/.[\]]+/)
          .filter((part) => part !== '' && !/^\d+$/.test(part))
          .at(-1);
        if (last !== undefined) found.push(last);
      } else walk(inner, depth + 1);
    }
  };
  walk(body, 0);
  return found;
}

/** The top-level members the body's entries point at ("/prices/extra1" → prices). */
export function pointedTopMembers(body: unknown): string[] {
  return pointedPaths(body).flatMap((names) => (names[0] === undefined ? [] : [names[0]]));
}

// Segments that name the body itself, not a member of it ("#/title", "$.title", "body.title").
const ROOT_SEGMENTS = new Set(['#', '$', 'body']);

/** Every pointer or field a body's entries carry, as its member names ("/lines/1/sku" → lines, sku). */
function pointedPaths(body: unknown): string[][] {
  const found: string[][] = [];
  const walk = (value: unknown, depth: number) => {
    if (depth > 6 || typeof value !== 'object' || value === null) return;
    for (const [key, inner] of Object.entries(value)) {
      if (POINTING.has(key) && typeof inner === 'string') found.push(namesIn(inner));
      else walk(inner, depth + 1);
    }
  };
  walk(body, 0);
  return found;
}

const namesIn = (pointer: string): string[] => {
  const names = pointer.split(/[/.[\]]+/).filter((part) => part !== '' && !/^\d+$/.test(part));
  while (names.length > 0 && ROOT_SEGMENTS.has(names[0]!)) names.shift();
  return names;
};

/** Where a refusal of the member at `path` points only at other members (a sibling, another
 * object's): the names it points at. A pointer at the member, at an object that holds it, or at
 * the body itself is no such pointer. */
export function pointsAside(body: unknown, path: readonly string[]): string[] | undefined {
  const own = path.filter((part) => !/^\d+$/.test(part));
  const pointed = pointedPaths(body);
  const aside = (names: readonly string[]) =>
    names.length > 0 && !names.every((name, i) => own[i] === name) && !own.includes(names.at(-1)!);
  return pointed.length > 0 && pointed.every(aside) ? pointed.map((names) => names.join('/')) : undefined;
}

/** Whether a refusal of `member` (`lines[].sku`) points somewhere, but never at it. */
export function pointsElsewhere(body: unknown, member: string): string[] | undefined {
  const pointed = pointedMembers(body);
  const own = member
    .split(/[.[\]]+/)
    .filter(Boolean)
    .at(-1);
  return pointed.length > 0 && own !== undefined && !pointed.includes(own) ? pointed : undefined;
}

/** Where a refusal of a list entry's member (`lines[].productId`) points at that member only in
 * other entries than those holding the refused `value` (`/lines/0/productId` for the second line):
 * the pointers it gives. */
export function pointsAtOtherEntry(body: unknown, member: string, sent: unknown, value: unknown): string[] | undefined {
  const [, array, inner] = /^(.+)\[\]\.(.+)$/.exec(member) ?? [];
  const entries = array === undefined ? undefined : (sent as Record<string, unknown> | undefined)?.[array];
  if (inner === undefined || !Array.isArray(entries) || entries.length < 2) return undefined;
  // The refused value as sent, or as the evidence spells it (JSON text).
  const same = (held: unknown) =>
    held !== undefined && (JSON.stringify(held) === JSON.stringify(value) || JSON.stringify(held) === value);
  const holding = new Set(
    entries.flatMap((entry, index) =>
      same((entry as Record<string, unknown> | null)?.[inner]) ? [String(index)] : [],
    ),
  );
  // No entry known to hold it: nothing to tell one entry from another by.
  if (holding.size === 0) return undefined;
  const indexed: string[] = [];
  const walk = (node: unknown, depth: number) => {
    if (depth > 6 || typeof node !== 'object' || node === null) return;
    for (const [key, text] of Object.entries(node)) {
      if (POINTING.has(key) && typeof text === 'string') {
        const at = new RegExp(`${array}(?:/|\\[|\\.)(\\d+)\\]?(?:/|\\.)${inner}$`).exec(text);
        if (at) indexed.push(at[1]!);
      } else walk(text, depth + 1);
    }
  };
  walk(body, 0);
  return indexed.length > 0 && indexed.every((index) => !holding.has(index))
    ? indexed.map((index) => `${array}/${index}/${inner}`)
    : undefined;
}
