// What the words of a body's members make the service refuse beyond the schema ("Not before today",
// "ISBN-13 with a correct check digit", "must be a Monday"), read once per media type and checked on
// each body of it, as the real service checks them.
import { type MediaTypeSpec, propertiesOf, type SchemaIssue, variantPropertiesOf } from '../../spec/core.js';
import { wordRuleCheckOf } from '../../spec/generate/index.js';

type Check = (value: unknown) => string | undefined;

const CHECKS = new WeakMap<MediaTypeSpec, readonly (readonly [string, Check])[]>();

function checksOf(media: MediaTypeSpec): readonly (readonly [string, Check])[] {
  let checks = CHECKS.get(media);
  if (!checks) {
    const schema = media.validator?.schema;
    const members = { ...variantPropertiesOf(schema, false), ...propertiesOf(schema) };
    checks = Object.entries(members).flatMap(([name, member]) => {
      const check = wordRuleCheckOf(name, (member as { description?: string }).description);
      return check ? [[name, check] as const] : [];
    });
    CHECKS.set(media, checks);
  }
  return checks;
}

/** The body's top-level members that break their words, as schema issues. */
export function wordIssues(media: MediaTypeSpec, value: unknown): SchemaIssue[] {
  const checks = checksOf(media);
  if (checks.length === 0 || typeof value !== 'object' || value === null || Array.isArray(value)) return [];
  const body = value as Record<string, unknown>;
  return checks.flatMap(([name, check]) => {
    const broken = Object.hasOwn(body, name) ? check(body[name]) : undefined;
    return broken ? [{ pointer: `/${name}`, message: broken, keyword: 'description' }] : [];
  });
}
