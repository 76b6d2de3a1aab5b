// A refusal of one broken member that points only at other members (RFC 9457 `errors[].pointer`,
// JSON:API `source.pointer`, `field`): it tells the client to fix the wrong field.
import { mergeAllOf, validationStatusesOf } from '../../spec/index.js';
import type { Check } from '../model.js';
import { referenceIn } from '../plan/references.js';
import { pointsAside } from './error-pointers.js';
import { finding } from './findings.js';
import { saidRuleMember } from './said-rules.js';

/** A refusal of one broken member whose entries point only at other members (RFC 9457
 * `errors[].pointer`, JSON:API `source.pointer`, `field`) tells the client to fix the wrong field. */
export function pointedAside(context: Parameters<Check>[0], status: number) {
  const { brokenAt, mutation } = context.testCase;
  const validation = status === 400 || status === 422 || validationStatusesOf(context.contract).includes(status);
  if (!brokenAt || !validation || context.body.kind !== 'json') return [];
  // Within a union a validator reports every variant's members: a pointer at another is fair.
  const schema = context.testCase.operation.requestBody?.content[0]?.validator?.schema;
  if (unionAlong(schema, brokenAt)) return [];
  const pointed = pointsAside(context.body.value, brokenAt);
  // The rest of the body named an item the run made up, or broke a rule the words give over other
  // data: a refusal pointing there first is fair.
  const fair = referenceIn(context.contract, context.testCase) ?? saidRuleMember(context);
  if (fair !== undefined && pointed?.some((names) => names.split('/')[0] === fair.split('[]')[0])) return [];
  // A member holding characters beyond the BMP may be refused by a service counting UTF-16 units:
  // that is the length check's finding (its own case), not this refusal's.
  if (pointed?.some((names) => astralIn(context.testCase.payload, names.split('/')[0]!))) return [];
  // The mutation made an object the body lacked (`address: {city: null}`), without the members it
  // requires: a refusal naming one of those first points at a fault the body does have.
  if (pointed?.some((names) => requiredMissing(schema, context.testCase.payload, names.split('/')))) return [];
  return pointed
    ? [
        finding('refusal_points_at_other_member', {
          status,
          mutation,
          member: brokenAt.join('.'),
          pointed: pointed.join(', '),
        }),
      ]
    : [];
}

/** Whether the sent body's member holds a character beyond the BMP (two UTF-16 units). */
function astralIn(payload: Parameters<Check>[0]['testCase']['payload'], member: string): boolean {
  const value =
    payload?.kind === 'json' && typeof payload.value === 'object' && payload.value !== null
      ? (payload.value as Record<string, unknown>)[member]
      : undefined;
  return /[\u{10000}-\u{10FFFF}]/u.test(JSON.stringify(value ?? null).replace(/\\u[0-9a-f]{4}/gi, ''));
}

/** Whether a union (oneOf, anyOf) holds the member at `path`, at any level down to it. */
function unionAlong(schema: unknown, path: readonly string[]): boolean {
  let node = schema as Record<string, unknown> | undefined;
  for (const part of [...path, undefined]) {
    if (typeof node !== 'object' || node === null) return false;
    if (Array.isArray(node.oneOf) || Array.isArray(node.anyOf)) return true;
    if (part === undefined) return false;
    const properties = (mergeAllOf(node).properties ?? {}) as Record<string, Record<string, unknown>>;
    node = /^\d+$/.test(part) ? (node.items as Record<string, unknown> | undefined) : properties[part];
  }
  return false;
}

/** Whether the sent body lacks the member at `path` that its schema requires there. */
function requiredMissing(
  schema: unknown,
  payload: Parameters<Check>[0]['testCase']['payload'],
  path: readonly string[],
): boolean {
  let node = schema as Record<string, unknown> | undefined;
  let value = payload?.kind === 'json' ? payload.value : undefined;
  for (const [index, part] of path.entries()) {
    if (typeof node !== 'object' || node === null || typeof value !== 'object' || value === null) return false;
    const merged = mergeAllOf(node);
    if (index === path.length - 1) {
      const required = Array.isArray(merged.required) ? (merged.required as string[]) : [];
      return required.includes(part) && !Object.hasOwn(value, part);
    }
    const properties = (merged.properties ?? {}) as Record<string, Record<string, unknown>>;
    node = /^\d+$/.test(part) ? (merged.items as Record<string, unknown> | undefined) : properties[part];
    value = (value as Record<string, unknown>)[part];
  }
  return false;
}
