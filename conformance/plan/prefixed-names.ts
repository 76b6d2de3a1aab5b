// The names a run gives what it makes: a recognisable prefix on the first free text member (its
// items are told apart from anyone else's), and the path's own value in a body member named like a
// path parameter. Pure functions of a schema and a value.
import { codePointLength, type JsonSchema, propertiesOf } from '../../spec/index.js';
import type { TestCase } from '../model.js';

/** A body's validity test, as the plan context builds it per operation. */
interface Validity {
  readonly isValid: (value: unknown) => boolean;
}

/** A string property whose values are not narrowed to a format, pattern or fixed set. */
export function isFreeString(schema: Record<string, unknown> | undefined): schema is Record<string, unknown> {
  return schema?.type === 'string' && !schema.enum && !schema.pattern && !schema.format && !('const' in schema);
}

/** Valid input names one item once: a body member named like a path parameter (a PUT's `key` under
 * /warehouses/{key}) holds the path's value, where the body schema still takes it. */
export function withPathInBody(testCase: TestCase, request: Validity | undefined): TestCase {
  const payload = testCase.payload;
  const body = payload?.kind === 'json' ? payload.value : undefined;
  if (!request || typeof body !== 'object' || body === null || Array.isArray(body)) return testCase;
  const object = body as Record<string, unknown>;
  let value: Record<string, unknown> | undefined;
  for (const [name, text] of Object.entries(testCase.pathParams ?? {})) {
    if (!Object.hasOwn(object, name) || object[name] === text) continue;
    const same = typeof object[name] === 'number' && /^-?\d+$/.test(text) ? Number(text) : text;
    const candidate = { ...(value ?? object), [name]: same };
    if (request.isValid(candidate)) value = candidate;
  }
  return value ? { ...testCase, payload: { kind: 'json', value } } : testCase;
}

/** An invalid body's members that repeat a path parameter (a PUT's `slug` under /shows/{slug}), set
 * to the path's value unless the case breaks that very member: the refusal is then for the fault
 * the case plants, not for a body that names another item than its path. */
export function withPathInBrokenBody(testCase: TestCase): TestCase {
  const payload = testCase.payload;
  const body = payload?.kind === 'json' ? payload.value : undefined;
  // Only a case that names the member it breaks (a planned mutation): others may break the key itself.
  const broken = testCase.brokenAt?.[0];
  if (broken === undefined || typeof body !== 'object' || body === null || Array.isArray(body)) return testCase;
  const value = withPathValues(body as Record<string, unknown>, testCase.pathParams ?? {}, broken);
  return value !== body ? { ...testCase, payload: { kind: 'json', value } } : testCase;
}

/** The body with each member that repeats a path parameter set to the path's text (a number where
 * the body holds one), but `except`; the body itself where nothing changes. */
export function withPathValues(
  body: Record<string, unknown>,
  pathParams: Readonly<Record<string, string>>,
  except?: string,
): Record<string, unknown> {
  let value: Record<string, unknown> | undefined;
  for (const [name, text] of Object.entries(pathParams)) {
    const held = body[name];
    if (name === except || !Object.hasOwn(body, name) || held === text) continue;
    if (typeof held === 'string') value = { ...(value ?? body), [name]: text };
    else if (typeof held === 'number' && /^-?\d+$/.test(text)) value = { ...(value ?? body), [name]: Number(text) };
  }
  return value ?? body;
}

/** The property that carries the recognisable prefix: the first required, unconstrained string. */
export function prefixedMember(schema: JsonSchema, prefix: string): string | undefined {
  if (prefix === '') return undefined;
  const properties = propertiesOf(schema) as Record<string, Record<string, unknown>>;
  const required = (schema.required ?? []) as string[];
  const free = (name: string) => {
    const property = properties[name];
    return (
      isFreeString(property) && (typeof property.maxLength !== 'number' || property.maxLength >= prefix.length + 8)
    );
  };
  return ['name', 'title', ...required].find((name) => required.includes(name) && free(name));
}

/** The value with the prefix on its prefixed member, cut to the member's maxLength. */
export function withPrefixed(schema: JsonSchema, value: unknown, prefix: string): unknown {
  const name = prefixedMember(schema, prefix);
  if (!name || typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const object = value as Record<string, unknown>;
  if (typeof object[name] !== 'string') return value;
  const max = (propertiesOf(schema)[name] as Record<string, unknown>).maxLength as number | undefined;
  const prefixed = `${prefix}${object[name] as string}`;
  const fits = codePointLength(prefixed) <= (max ?? Infinity);
  return { ...object, [name]: fits ? prefixed : [...prefixed].slice(0, max).join('') };
}
