// The only code that reads the OpenAPI document. It loads and validates it once, bundles it (every
// external file folded in, $refs kept), compiles every schema once through the schema registry,
// checks the author's examples, and yields a frozen, flat list of operations.

import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { ContractError } from './contract-error.js';
import { exampleProblems } from './examples.js';
import type { Direction } from './json-schema.js';
import { operationsOf } from './operations.js';
import { packageFile } from './package-root.js';
import { SchemaRegistry } from './schema-registry.js';
import type { Contract, ServerSpec } from './types.js';
import { readCached, type Validated, writeCached } from './validated-cache.js';
import { SchemaCompiler, type SchemaValidator } from './validators.js';

export interface LoadOptions {
  /** Refuse a document whose examples break their schemas (default: a warning each). */
  readonly strictExamples?: boolean;
}

type Json = Record<string, unknown>;

/** spec/openapi.yaml of this package. */
export function defaultSpecPath(): string {
  return packageFile('spec', 'openapi.yaml');
}

export async function loadContract(file: string = defaultSpecPath(), options: LoadOptions = {}): Promise<Contract> {
  const path = resolve(file);
  let source: string;
  try {
    source = await readFile(path, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new ContractError(file, '', `cannot read the document (${reason}); give the path of an OpenAPI 3 document`);
  }
  const { document, api } = readCached(source) ?? (await parseAndValidate(file, path, source));
  const registry = new SchemaRegistry(api, new SchemaCompiler(), file);
  const build = (schema: unknown, direction: Direction, pointer: string): SchemaValidator =>
    registry.compile(schema, direction, pointer);
  const operations = operationsOf(api, build);
  const problems = exampleProblems(file, api, build);
  if (options.strictExamples && problems[0]) throw problems[0];
  const contract: Contract = {
    file: path,
    source,
    document,
    title: String((api.info as Json).title),
    version: String((api.info as Json).version),
    servers: serversOf(api),
    basePath: basePathOf(api),
    operations,
    warnings: problems.map((problem) => problem.message),
  };
  return deepFreeze(contract);
}

async function parseAndValidate(file: string, path: string, source: string): Promise<Validated> {
  // Imported here: a start-up that hits the cache never loads swagger-parser.
  const { default: SwaggerParser } = await import('@apidevtools/swagger-parser');
  try {
    const document = (await SwaggerParser.parse(path)) as unknown as Json;
    if (typeof document.openapi !== 'string' || !document.openapi.startsWith('3.')) {
      throw new ContractError(file, '/openapi', 'only OpenAPI 3.x documents are supported');
    }
    // Validation dereferences a copy (recursive schemas allowed); the working form is the bundle.
    await SwaggerParser.validate(path, structuredClone(document) as never);
    const api = (await SwaggerParser.bundle(path)) as unknown as Json;
    const validated = { document, api };
    writeCached(source, validated);
    return validated;
  } catch (error) {
    throw toContractError(file, error);
  }
}

function toContractError(file: string, error: unknown): ContractError {
  if (error instanceof ContractError) return error;
  const e = error as Error & { parentPath?: string; targetRef?: string; details?: Array<Json> };
  if (e.name === 'MissingPointerError') {
    const at = (e.parentPath ?? '').replace(/^#/, '');
    return new ContractError(file, at, `$ref ${e.targetRef ?? ''} points at nothing`);
  }
  if (Array.isArray(e.details) && e.details.length > 0) {
    type Detail = { instancePath?: string; message?: string; params?: { additionalProperty?: string } };
    const details = e.details as Detail[];
    // An unknown property (usually a typo) is the most telling of the meta-schema's errors.
    const first = details.find((d) => d.params?.additionalProperty !== undefined) ?? details[0]!;
    const problem =
      first.params?.additionalProperty !== undefined
        ? `unknown property '${first.params.additionalProperty}'`
        : (first.message ?? e.message);
    return new ContractError(file, first.instancePath ?? '', `not a valid OpenAPI document: ${problem}`);
  }
  // Parser messages carry a code frame after the first line; the first line says it all.
  const firstLine = String(e.message ?? error)
    .split('\n')[0]!
    .replace(/^Error parsing [^:]+: /, '');
  const problem = e.name === 'ParserError' ? `not valid YAML or JSON: ${firstLine}` : firstLine;
  return new ContractError(file, '', problem);
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
