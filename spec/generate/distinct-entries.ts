// Entries of a list that the words say name something once: "Each `ticketTypeCode` at most once
// among `lines` (else `400`)", "`sku` must be unique within `items`". A service rightly refuses a
// list repeating one, so valid input keeps the first entry of each value.
type Body = Record<string, unknown>;
type Schema = { description?: unknown; properties?: Record<string, unknown>; items?: unknown };

const RULES = [
  /\beach\s+(\w+)\s+(?:(?:may|can)\s+appear\s+)?(?:at most once|only once|once at most|once)\b(?:\s+(?:among|in|within|across)\s+(?:the\s+)?(\w+))?/i,
  /\b(\w+)\s+(?:values?\s+)?(?:must|should)\s+be\s+(?:unique|distinct)\s+(?:among|in|within|across)\s+(?:the\s+)?(\w+)/i,
  /\bno\s+two\s+(\w+)\s+[^.;]{0,30}?\bsame\s+(\w+)/i,
];

const plain = (text: unknown): string => (typeof text === 'string' ? text.replace(/`|\*\*|__/g, '') : '');

/** The (list, member) pairs the words keep distinct, for the lists of an object schema. */
export function distinctEntriesOf(schema: Schema): Array<{ array: string; member: string }> {
  const properties = schema.properties ?? {};
  const texts = [plain(schema.description), ...Object.values(properties).map((p) => plain((p as Schema)?.description))];
  const found: Array<{ array: string; member: string }> = [];
  for (const text of texts)
    for (const rule of RULES) {
      const match = rule.exec(text);
      if (!match) continue;
      // "no two lines ... same sku" names the list first; the others the member first.
      const [member, named] = rule === RULES[2] ? [match[2]!, match[1]] : [match[1]!, match[2]];
      for (const [array, property] of Object.entries(properties)) {
        const items = (property as Schema)?.items as Schema | undefined;
        if (!items?.properties || !Object.hasOwn(items.properties, member)) continue;
        if (named !== undefined && named !== array && `${named}s` !== array && named !== `${array}s`) continue;
        found.push({ array, member });
      }
    }
  return found;
}

/** The body with each such list keeping the first entry of each value (at least one entry). */
export function withDistinctEntries(body: Body, schema: Schema): Body {
  let fixed: Body | undefined;
  for (const { array, member } of distinctEntriesOf(schema)) {
    const entries = body[array];
    if (!Array.isArray(entries)) continue;
    const seen = new Set<string>();
    const kept = entries.filter((entry) => {
      const key = JSON.stringify((entry as Body | null)?.[member]);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    // Never fewer than the schema's minItems: such a list is left as it is.
    const minItems = (schema.properties?.[array] as { minItems?: unknown } | undefined)?.minItems;
    if (typeof minItems === 'number' && kept.length < minItems) continue;
    if (kept.length < entries.length) (fixed ??= { ...body })[array] = kept;
  }
  return fixed ?? body;
}
