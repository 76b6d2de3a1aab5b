// The only code that reads the OpenAPI document. It loads and validates it once, checks the
// author's examples, and yields a frozen, flat list of operations with compiled validators.

import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { ContractError } from './contract-error.js';
import { checkExamples } from './examples.js';
import { type Direction, RecursiveSchemaError, toJsonSchema } from './json-schema.js';
import { operationsOf } from './operations.js';
import { packageFile } from './package-root.js';
import type { Contract, ServerSpec } from './types.js';
import { readCached, type Validated, writeCached } from './validated-cache.js';
import { SchemaCompiler, type SchemaValidator } from './validators.js';

type Json = Record<string, unknown>;

/** spec/openapi.yaml of this package. */
export function defaultSpecPath(): string {
  return packageFile('spec', 'openapi.yaml');
}

export async function loadContract(file: string = defaultSpecPath()): Promise<Contract> {
  const path = resolve(file);
  let source: string;
  try {
    source = await readFile(path, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new ContractError(file, '', `cannot read the document (${reason}); give the path of an OpenAPI 3 document`);
  }
  const { document, api } = readCached(source) ?? (await parseAndValidate(file, path, source));
  const compiler = new SchemaCompiler();
  const build = (schema: unknown, direction: Direction, pointer: string): SchemaValidator => {
    try {
      return compiler.compile(toJsonSchema(schema, direction));
    } catch (error) {
      const problem =
        error instanceof RecursiveSchemaError ? error.message : `invalid schema: ${(error as Error).message}`;
      throw new ContractError(file, pointer, problem);
    }
  };
  checkExamples(file, api, build);
  const contract: Contract = {
    file: path,
    source,
    document,
    title: String((api.info as Json).title),
    version: String((api.info as Json).version),
    servers: serversOf(api),
    basePath: basePathOf(api),
    operations: operationsOf(api, build),
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
    const api = (await SwaggerParser.validate(path, structuredClone(document) as never)) as unknown as Json;
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
