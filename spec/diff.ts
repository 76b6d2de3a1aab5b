// Compares two versions of a contract and classifies every change as breaking (existing clients
// or servers stop working) or compatible. Works on the loaded contracts, so $refs, OpenAPI 3.0
// quirks and readOnly/writeOnly are already resolved per direction.

import { isJsonMediaType } from './contract/media-types.js';
import type { Contract, Operation } from './contract/types.js';
import type { JsonSchema } from './schema/json-schema.js';

export interface Change {
  readonly breaking: boolean;
  /** "POST /categories" or "" for document-wide changes. */
  readonly where: string;
  readonly what: string;
}

type Schema = Record<string, unknown>;
type Direction = 'request' | 'response';

const keyOf = (op: Operation): string => `${op.method} ${op.path}`;

function typesOf(schema: Schema): Set<string> {
  const declared = schema.type === undefined ? [] : [schema.type].flat().map(String);
  const set = new Set(declared);
  if (set.has('number')) set.add('integer');
  return set;
}

function isSubset(a: Set<string>, b: Set<string>): boolean {
  return [...a].every((value) => b.has(value));
}

const MAX_DEPTH = 12;

function jsonSchemaOf(content: Operation['responses'][number]['content']): JsonSchema | undefined {
  return content.find((media) => isJsonMediaType(media.mediaType))?.validator?.schema;
}

/**
 * Schema changes at one location. In a request the client is the writer: anything that accepts
 * less breaks it. In a response the client is the reader: anything that may send more, or less of
 * what it relied on, breaks it.
 */
function compareSchemas(
  before: Schema | undefined,
  after: Schema | undefined,
  direction: Direction,
  where: string,
  at: string,
  out: Change[],
  depth = 0,
): void {
  // Recursive schemas are cyclic graphs: a change shows within a few levels.
  if (!before || !after || depth > MAX_DEPTH) return;
  const add = (breaking: boolean, what: string): void => {
    out.push({ breaking, where, what: `${direction} ${at || 'body'}: ${what}` });
  };
  const addProperty = (breaking: boolean, what: string): void => {
    out.push({ breaking, where, what: `${direction} body: property ${what}` });
  };
  const oldTypes = typesOf(before);
  const newTypes = typesOf(after);
  if (oldTypes.size > 0 && newTypes.size > 0 && [...oldTypes].join() !== [...newTypes].join()) {
    const widened = isSubset(oldTypes, newTypes);
    const narrowed = isSubset(newTypes, oldTypes);
    const what = `type ${[before.type].flat().join('|')} → ${[after.type].flat().join('|')}`;
    if (direction === 'request') add(!widened, widened ? `${what} (widened)` : `${what} (narrowed or changed)`);
    else add(!narrowed, narrowed ? `${what} (narrowed)` : `${what} (widened or changed)`);
  } else if (oldTypes.size === 0 && newTypes.size > 0) {
    add(direction === 'request', `type ${[after.type].flat().join('|')} added`);
  }
  compareConstraints(before, after, direction, add);

  const oldProperties = (before.properties ?? {}) as Record<string, Schema>;
  const newProperties = (after.properties ?? {}) as Record<string, Schema>;
  const oldRequired = new Set((before.required as string[]) ?? []);
  const newRequired = new Set((after.required as string[]) ?? []);
  const path = (name: string): string => (at ? `${at}.${name}` : name);
  for (const name of Object.keys(oldProperties)) {
    if (name in newProperties) continue;
    if (direction === 'response') addProperty(true, `${path(name)} removed`);
    else addProperty(after.additionalProperties === false, `${path(name)} removed`);
  }
  for (const name of Object.keys(newProperties)) {
    if (!(name in oldProperties)) {
      if (direction === 'request')
        addProperty(newRequired.has(name), `${path(name)} added${newRequired.has(name) ? ' as required' : ''}`);
      else addProperty(false, `${path(name)} added`);
    }
  }
  for (const name of newRequired) {
    if (!oldRequired.has(name) && name in oldProperties)
      addProperty(direction === 'request', `${path(name)} made required`);
  }
  for (const name of oldRequired) {
    if (!newRequired.has(name) && name in newProperties)
      addProperty(direction === 'response', `${path(name)} made optional`);
  }
  for (const name of Object.keys(oldProperties)) {
    if (name in newProperties)
      compareSchemas(oldProperties[name], newProperties[name], direction, where, path(name), out, depth + 1);
  }
  if (before.items && after.items)
    compareSchemas(before.items as Schema, after.items as Schema, direction, where, `${at}[]`, out, depth + 1);
}

function compareConstraints(
  before: Schema,
  after: Schema,
  direction: Direction,
  add: (breaking: boolean, what: string) => void,
): void {
  // Tighter in a request refuses what clients send; looser in a response sends what clients never saw.
  const tighter = (what: string): void => add(direction === 'request', what);
  const looser = (what: string): void => add(direction === 'response', what);
  const bound = (keyword: string, lowerIsTighter: boolean): void => {
    const a = before[keyword] as number | undefined;
    const b = after[keyword] as number | undefined;
    if (a === b) return;
    const what = `${keyword} ${a ?? 'none'} → ${b ?? 'none'}`;
    if (a === undefined) tighter(what);
    else if (b === undefined) looser(what);
    else if (lowerIsTighter ? b < a : b > a) tighter(what);
    else looser(what);
  };
  bound('maxLength', true);
  bound('maxItems', true);
  bound('maximum', true);
  bound('exclusiveMaximum', true);
  bound('minLength', false);
  bound('minItems', false);
  bound('minimum', false);
  bound('exclusiveMinimum', false);
  if (before.pattern !== after.pattern) {
    const what = `pattern ${String(before.pattern ?? 'none')} → ${String(after.pattern ?? 'none')}`;
    if (after.pattern === undefined) looser(what);
    else tighter(what);
  }
  const oldEnum = before.enum as unknown[] | undefined;
  const newEnum = after.enum as unknown[] | undefined;
  if (JSON.stringify(oldEnum) !== JSON.stringify(newEnum)) {
    const removed = oldEnum
      ? oldEnum.filter((v) => !newEnum?.some((w) => JSON.stringify(w) === JSON.stringify(v)))
      : [];
    const added = newEnum ? newEnum.filter((v) => !oldEnum?.some((w) => JSON.stringify(w) === JSON.stringify(v))) : [];
    if (!oldEnum) tighter(`enum ${JSON.stringify(newEnum)} added`);
    else if (!newEnum) looser('enum removed');
    else {
      if (removed.length > 0) tighter(`enum values ${JSON.stringify(removed)} removed`);
      if (added.length > 0) looser(`enum values ${JSON.stringify(added)} added`);
    }
  }
  if (after.additionalProperties === false && before.additionalProperties !== false)
    tighter('additional properties forbidden');
  if (before.additionalProperties === false && after.additionalProperties !== false)
    looser('additional properties allowed');
}

function securityLabel(op: Operation): string[] {
  return op.security.map((alternative) =>
    alternative
      .map((scheme) => scheme.name)
      .sort()
      .join('+'),
  );
}

function compareOperation(before: Operation, after: Operation, out: Change[]): void {
  const where = keyOf(after);
  const add = (breaking: boolean, what: string): void => {
    out.push({ breaking, where, what });
  };
  for (const response of before.responses) {
    const kept = after.responses.find((r) => r.status === response.status);
    if (!kept) {
      add(true, `response ${response.status} removed`);
      continue;
    }
    for (const media of response.content) {
      if (!kept.content.some((m) => m.mediaType === media.mediaType))
        add(true, `response ${response.status} media type ${media.mediaType} removed`);
    }
    const at = `${response.status}`;
    const changes: Change[] = [];
    compareSchemas(
      jsonSchemaOf(response.content) as Schema | undefined,
      jsonSchemaOf(kept.content) as Schema | undefined,
      'response',
      where,
      '',
      changes,
    );
    out.push(...changes.map((c) => ({ ...c, what: c.what.replace(/^response /, `response ${at} `) })));
  }
  for (const response of after.responses) {
    if (!before.responses.some((r) => r.status === response.status)) add(false, `response ${response.status} added`);
  }
  const oldBody = before.requestBody;
  const newBody = after.requestBody;
  if (!oldBody && newBody?.required) add(true, 'request body added as required');
  if (oldBody && newBody) {
    if (!oldBody.required && newBody.required) add(true, 'request body made required');
    for (const media of oldBody.content) {
      if (!newBody.content.some((m) => m.mediaType === media.mediaType))
        add(true, `request media type ${media.mediaType} removed`);
    }
    compareSchemas(
      jsonSchemaOf(oldBody.content) as Schema | undefined,
      jsonSchemaOf(newBody.content) as Schema | undefined,
      'request',
      where,
      '',
      out,
    );
  }
  for (const parameter of after.parameters) {
    const old = before.parameters.find((p) => p.name === parameter.name && p.in === parameter.in);
    if (!old)
      add(
        parameter.required,
        `${parameter.in} parameter ${parameter.name} added${parameter.required ? ' as required' : ''}`,
      );
    else if (parameter.required && !old.required)
      add(true, `${parameter.in} parameter ${parameter.name} made required`);
  }
  for (const parameter of before.parameters) {
    if (!after.parameters.some((p) => p.name === parameter.name && p.in === parameter.in))
      add(parameter.in === 'path', `${parameter.in} parameter ${parameter.name} removed`);
  }
  const oldSecurity = securityLabel(before);
  const newSecurity = securityLabel(after);
  const wasOpen = oldSecurity.length === 0 || oldSecurity.includes('');
  const isOpen = newSecurity.length === 0 || newSecurity.includes('');
  if (wasOpen && !isOpen) add(true, `security added (${newSecurity.join(' or ')})`);
  else if (!wasOpen && isOpen) add(false, 'security removed');
  else if (
    !wasOpen &&
    newSecurity.some((label) => !oldSecurity.includes(label)) &&
    !oldSecurity.every((label) => newSecurity.includes(label))
  ) {
    add(true, `security changed (${oldSecurity.join(' or ')} → ${newSecurity.join(' or ')})`);
  }
  if (!before.deprecated && after.deprecated) add(false, 'deprecated');
}

export function diffContracts(before: Contract, after: Contract): Change[] {
  const out: Change[] = [];
  if (before.basePath !== after.basePath)
    out.push({ breaking: true, where: '', what: `base path ${before.basePath || '/'} → ${after.basePath || '/'}` });
  for (const operation of before.operations) {
    const kept = after.operations.find((op) => keyOf(op) === keyOf(operation));
    if (kept) compareOperation(operation, kept, out);
    else out.push({ breaking: true, where: keyOf(operation), what: 'operation removed' });
  }
  for (const operation of after.operations) {
    if (!before.operations.some((op) => keyOf(op) === keyOf(operation)))
      out.push({ breaking: false, where: keyOf(operation), what: 'operation added' });
  }
  return out;
}
