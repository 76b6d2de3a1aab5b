// From a read document to the contract: every schema compiled once through the schema registry in
// the document's dialect, the author's examples checked, a frozen, flat list of operations. Runs
// in a browser as in Node (no file is read here).
import { ContractError } from '../contract-error.js';
import { type ReadDocument, readDocumentObject } from '../document/document-object.js';
import { originalPointer } from '../document/swagger2.js';
import { deref } from '../json/refs.js';
import type { Direction } from '../schema/json-schema.js';
import { SchemaRegistry } from '../schema/schema-registry.js';
import { SchemaCompiler, type SchemaValidator } from '../schema/validators.js';
import { exampleProblems } from './examples.js';
import { operationsOf } from './operations.js';
import { type Contract, HTTP_METHODS, type ServerSpec } from './types.js';

export interface LoadOptions {
  /** Refuse a document whose examples break their schemas (default: a warning each). */
  readonly strictExamples?: boolean;
}

type Json = Record<string, unknown>;

export interface DocumentOptions extends LoadOptions {
  /** What messages call the document (default: "document"). */
  readonly name?: string;
}

/** The contract of a document given as a parsed object (one bundled document; see document-object.ts). */
export function contractFromDocument(document: object, options: DocumentOptions = {}): Contract {
  const name = options.name ?? 'document';
  const read = readDocumentObject(document, name);
  return compileContract(name, name, JSON.stringify(document, null, 2), read, options);
}

export function compileContract(
  file: string,
  path: string,
  source: string,
  read: ReadDocument,
  options: LoadOptions,
  compiler = new SchemaCompiler(),
): Contract {
  try {
    return compile(file, path, source, read, options, compiler);
  } catch (error) {
    // Problems found in a converted 2.0 document are told where the author wrote them.
    if (error instanceof ContractError && read.origins.length > 0) {
      throw new ContractError(error.file, originalPointer(read.origins, error.pointer), error.problem);
    }
    throw error;
  }
}

function compile(
  file: string,
  path: string,
  source: string,
  read: ReadDocument,
  options: LoadOptions,
  compiler: SchemaCompiler,
): Contract {
  const { document, api, dialect } = read;
  const registry = new SchemaRegistry(api, compiler, file, dialect);
  const lazily = isLarge(api);
  const build = (schema: unknown, direction: Direction, pointer: string): SchemaValidator =>
    registry.compile(schema, direction, pointer, lazily);
  const operations = operationsOf(api, build);
  // Checking every example compiles a third set of validators: seconds on a large document, so
  // there it is done only when asked for (--strict-examples).
  const checkExamples = !lazily || options.strictExamples === true;
  const problems = checkExamples ? exampleProblems(file, api, build) : [];
  if (options.strictExamples && problems[0]) throw problems[0];
  const notChecked = checkExamples
    ? []
    : [
        `${file}: #: examples not checked at start-up (over ${LARGE_DOCUMENT} operations); --strict-examples checks them`,
      ];
  const contract: Contract = {
    file: path,
    source,
    document,
    declaredVersion: read.declared,
    dialect,
    files: read.files,
    title: String((api.info as Json).title),
    version: String((api.info as Json).version),
    servers: serversOf(api),
    basePath: basePathOf(api),
    operations,
    webhooks: Object.keys((api.webhooks ?? {}) as Json),
    warnings: [
      ...problems.map((problem) => problem.message),
      ...notChecked,
      ...dialectWarning(file, api),
      ...[...compiler.ignored].map(
        (keyword) => `${file}: #: unknown schema keyword ${JSON.stringify(keyword)} read as an annotation, not checked`,
      ),
    ],
  };
  return deepFreeze(contract);
}

// The dialects 3.1 schemas may declare that read as what ajv's 2020 class reads.
const READ_DIALECTS = new Set([
  'https://spec.openapis.org/oas/3.1/dialect/base',
  'https://spec.openapis.org/oas/3.1/dialect/2024-11-10',
  'https://json-schema.org/draft/2020-12/schema',
]);

/** A jsonSchemaDialect the kit does not read as declared is read as 2020-12, and says so. */
function dialectWarning(file: string, api: Json): string[] {
  const dialect = api.jsonSchemaDialect;
  if (typeof dialect !== 'string' || READ_DIALECTS.has(dialect.replace(/#$/, ''))) return [];
  return [`${file}: #/jsonSchemaDialect: ${dialect} is read as JSON Schema 2020-12`];
}

/** Past this many operations, validators are compiled on first use rather than at start-up. */
export const LARGE_DOCUMENT = 100;

function isLarge(api: Json): boolean {
  let count = 0;
  for (const raw of Object.values((api.paths ?? {}) as Record<string, unknown>)) {
    const item = deref<Json>(api, raw);
    for (const method of HTTP_METHODS) if (item && typeof item === 'object' && method in item) count++;
  }
  return count > LARGE_DOCUMENT;
}

function serversOf(api: Json): ServerSpec[] {
  const servers = (api.servers as Json[] | undefined) ?? [];
  return servers.map((server) => ({
    url: expandServerUrl(server),
    ...(typeof server.description === 'string' ? { description: server.description } : {}),
  }));
}

function expandServerUrl(server: Json): string {
  const variables = (server.variables as Record<string, Json> | undefined) ?? {};
  return String(server.url).replace(/\{([^}]+)\}/g, (_, name: string) => String(variables[name]?.default ?? ''));
}

function basePathOf(api: Json): string {
  const first = (api.servers as Json[] | undefined)?.[0];
  if (!first) return '';
  const pathname = new URL(expandServerUrl(first), 'http://relative.invalid').pathname;
  return pathname.replace(/\/+$/, '');
}

function deepFreeze<T>(value: T, seen = new Set<unknown>()): T {
  if (typeof value !== 'object' || value === null || seen.has(value)) return value;
  seen.add(value);
  for (const child of Object.values(value)) deepFreeze(child, seen);
  return Object.freeze(value);
}
