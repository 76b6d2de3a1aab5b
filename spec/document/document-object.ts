// A document given as an object (a browser, an MSW set-up, a test) rather than as a file: read
// without swagger-parser, which needs Node. It must be one bundled document ($refs inside it only);
// it is checked for the OpenAPI version and converted from 2.0 as a file is, but not validated
// against OpenAPI's meta-schema (reading a file does that: loadContract, the CLIs).
import { ContractError } from '../contract-error.js';
import { deref } from '../json/refs.js';
import { HTTP_METHODS } from './http-methods.js';
import { convertSwagger2, isSwagger2, type PointerMap } from './swagger2.js';

type Json = Record<string, unknown>;

/** The JSON Schema dialect of the document's schemas: OpenAPI 3.0's own, or 2020-12 (3.1). */
export type Dialect = '3.0' | '3.1';

export interface ReadDocument {
  /** The document as parsed, $refs in place (served by the mock as written). */
  readonly document: Json;
  /** The OpenAPI 3 form every reader uses: bundled, converted from 2.0 where it was 2.0. */
  readonly api: Json;
  readonly dialect: Dialect;
  /** The version the document declares (`2.0`, `3.0.3`, `3.1.0`, …). */
  readonly declared: string;
  /** Every file read, the document first. */
  readonly files: readonly string[];
  /** For a converted 2.0 document: converted places → places in the original. */
  readonly origins: PointerMap;
}

/** The read form of a document given as a parsed object. */
export function readDocumentObject(document: object, name: string): ReadDocument {
  if (typeof document !== 'object' || document === null || Array.isArray(document)) {
    throw new ContractError(name, '', 'not an OpenAPI document: give the parsed document as an object');
  }
  const copy = structuredClone(document) as Json;
  const external = externalRef(copy, '');
  if (external) {
    const [pointer, ref] = external;
    throw new ContractError(name, pointer, `$ref ${ref} names another file: give one bundled document`);
  }
  checkVersion(name, copy);
  const declared = String(copy.openapi ?? copy.swagger ?? '');
  const bundled = structuredClone(copy);
  inlineOperationRefs(bundled);
  return readAs(copy, bundled, declared, [name]);
}

/** The first $ref that leaves the document, with where it is. */
function externalRef(value: unknown, pointer: string): [string, string] | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const ref = (value as Json).$ref;
  if (typeof ref === 'string' && !ref.startsWith('#')) return [pointer, ref];
  for (const [key, child] of Object.entries(value)) {
    const found = externalRef(child, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
    if (found) return found;
  }
  return undefined;
}

export function checkVersion(file: string, document: Json): void {
  if (isSwagger2(document)) return;
  if (typeof document.openapi !== 'string' || !document.openapi.startsWith('3.')) {
    throw new ContractError(file, '/openapi', 'not an OpenAPI document: give Swagger 2.0 or OpenAPI 3.0, 3.1 or 3.2');
  }
}

/** The read form of a bundled document: OpenAPI 3 for every reader, 2.0 converted. */
export function readAs(document: Json, bundled: Json, declared: string, files: readonly string[]): ReadDocument {
  if (isSwagger2(bundled)) {
    const { api, origins } = convertSwagger2(bundled);
    return { document, api, dialect: '3.0', declared, files, origins };
  }
  const dialect = String(bundled.openapi).startsWith('3.0') ? '3.0' : '3.1';
  return { document, api: bundled, dialect, declared, files, origins: [] };
}

/**
 * An operation written as `post: { $ref: 'resources/create.yml' }` is not an OpenAPI construct, yet
 * bundlers read it and large descriptions are split that way: after bundling it is a reference
 * inside the document, replaced here by what it names.
 */
export function inlineOperationRefs(api: Json): void {
  for (const rawItem of Object.values((api.paths ?? {}) as Record<string, unknown>)) {
    const item = deref<Json>(api, rawItem);
    for (const method of HTTP_METHODS) {
      const operation = item[method] as Json | undefined;
      if (operation && typeof operation.$ref === 'string') item[method] = deref<Json>(api, operation);
    }
  }
}
