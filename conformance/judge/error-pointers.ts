// Where a refusal's body points: the members its entries name (RFC 9457 `errors[].pointer`,
// JSON:API `errors[].source.pointer`, `details[].field`). A refusal of one member that points only
// elsewhere tells the client the wrong field.

const POINTING = new Set(['pointer', 'field']);

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

/** Whether a refusal of `member` (`lines[].sku`) points somewhere, but never at it. */
export function pointsElsewhere(body: unknown, member: string): string[] | undefined {
  const pointed = pointedMembers(body);
  const own = member
    .split(/[.[\]]+/)
    .filter(Boolean)
    .at(-1);
  return pointed.length > 0 && own !== undefined && !pointed.includes(own) ? pointed : undefined;
}
