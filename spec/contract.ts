// The only code that reads the OpenAPI document. It loads and validates it once, checks the
// author's examples, and yields a frozen, flat list of operations with compiled validators.

import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ContractError, joinPointer } from './contract-error.js';
import { type Direction, type JsonSchema, RecursiveSchemaError, toJsonSchema, walkSchema } from './json-schema.js';
import { readCached, type Validated, writeCached } from './validated-cache.js';
import { describeIssues, SchemaCompiler, type SchemaValidator } from './validators.js';

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
export type HttpMethod = Uppercase<(typeof HTTP_METHODS)[number]>;

export interface MediaTypeSpec {
  readonly mediaType: string;
  /** Absent where the document gives no schema: any body of that type is allowed. */
  readonly validator?: SchemaValidator;
}

export interface ResponseSpec {
  /** '200', '4XX' or 'default', as the document writes it. */
  readonly status: string;
  readonly description: string;
  readonly content: readonly MediaTypeSpec[];
  /** The body property that must repeat the HTTP status (from `x-repeats-http-status`). */
  readonly statusProperty?: string;
}

export interface ParameterSpec {
  readonly name: string;
  readonly in: 'path' | 'query' | 'header' | 'cookie';
  readonly required: boolean;
  readonly validator: SchemaValidator;
}

export interface SecuritySchemeSpec {
  readonly name: string;
  readonly type: string;
  /** For type http: 'bearer', 'basic', … (lower case). */
  readonly scheme?: string;
  /** For type apiKey: where and under which name the key goes. */
  readonly in?: string;
  readonly parameterName?: string;
}

export interface RequestBodySpec {
  readonly required: boolean;
  readonly content: readonly MediaTypeSpec[];
}

export interface Operation {
  /** operationId where the document has one, else "GET /path". */
  readonly id: string;
  readonly operationId?: string;
  readonly method: HttpMethod;
  readonly path: string;
  readonly summary?: string;
  readonly tags: readonly string[];
  readonly deprecated: boolean;
  /** Marked `x-unspecified`: named by the document, behaviour not shown. */
  readonly unspecified: boolean;
  readonly parameters: readonly ParameterSpec[];
  readonly requestBody?: RequestBodySpec;
  readonly responses: readonly ResponseSpec[];
  /** Alternatives; each alternative is a list of schemes that must all be satisfied. An empty
   * list of alternatives means no authentication; an empty alternative means it is optional. */
  readonly security: readonly (readonly SecuritySchemeSpec[])[];
  /** Response properties the service assigns (from `x-assigned-by-service`), by status. */
  readonly assignedProperties: readonly string[];
}

export interface ServerSpec {
  readonly url: string;
  readonly description?: string;
}

export interface Contract {
  readonly file: string;
  /** The document's text as written, for serving it unchanged. */
  readonly source: string;
  /** The document as parsed, with its $refs in place. */
  readonly document: Readonly<Record<string, unknown>>;
  readonly title: string;
  readonly version: string;
  readonly servers: readonly ServerSpec[];
  /** Path prefix of the first server ('/v1'), '' when none. */
  readonly basePath: string;
  readonly operations: readonly Operation[];
}

type Json = Record<string, unknown>;

/** spec/openapi.yaml of this package, found from this file whether run from source or dist/. */
export function defaultSpecPath(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let depth = 0; depth < 4; depth++) {
    const candidate = join(dir, 'spec', 'openapi.yaml');
    if (existsSync(candidate)) return candidate;
    const sibling = join(dir, 'openapi.yaml');
    if (existsSync(sibling)) return sibling;
    dir = dirname(dir);
  }
  return resolve('spec/openapi.yaml');
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

type Build = (schema: unknown, direction: Direction, pointer: string) => SchemaValidator;

function operationsOf(api: Json, build: Build): Operation[] {
  const schemes = ((api.components as Json | undefined)?.securitySchemes ?? {}) as Record<string, Json>;
  const operations: Operation[] = [];
  for (const [path, pathItem] of Object.entries((api.paths ?? {}) as Record<string, Json>)) {
    for (const method of HTTP_METHODS) {
      const op = pathItem[method] as Json | undefined;
      if (!op) continue;
      const pointer = joinPointer('', 'paths', path, method);
      const upper = method.toUpperCase() as HttpMethod;
      const responses = responsesOf(op, pointer, build);
      operations.push({
        id: typeof op.operationId === 'string' ? op.operationId : `${upper} ${path}`,
        ...(typeof op.operationId === 'string' ? { operationId: op.operationId } : {}),
        method: upper,
        path,
        ...(typeof op.summary === 'string' ? { summary: op.summary } : {}),
        tags: (op.tags as string[] | undefined) ?? [],
        deprecated: op.deprecated === true,
        unspecified: op['x-unspecified'] === true,
        parameters: parametersOf(pathItem, op, pointer, build),
        ...requestBodyOf(op, pointer, build),
        responses,
        security: securityOf((op.security ?? api.security ?? []) as Array<Record<string, unknown>>, schemes),
        assignedProperties: assignedPropertiesOf(op),
      });
    }
  }
  return operations;
}

function parametersOf(pathItem: Json, op: Json, pointer: string, build: Build): ParameterSpec[] {
  const byKey = new Map<string, Json>();
  // Operation-level parameters override path-level ones with the same name and location.
  for (const parameter of [...((pathItem.parameters as Json[]) ?? []), ...((op.parameters as Json[]) ?? [])]) {
    byKey.set(`${String(parameter.in)}:${String(parameter.name)}`, parameter);
  }
  return [...byKey.values()].map((parameter, index) => ({
    name: String(parameter.name),
    in: parameter.in as ParameterSpec['in'],
    required: parameter.required === true,
    validator: build(parameter.schema ?? {}, 'request', `${pointer}/parameters/${index}/schema`),
  }));
}

function contentOf(content: unknown, direction: Direction, pointer: string, build: Build): MediaTypeSpec[] {
  return Object.entries((content ?? {}) as Record<string, Json>).map(([mediaType, media]) => ({
    mediaType,
    ...(media.schema !== undefined
      ? { validator: build(media.schema, direction, joinPointer(pointer, 'content', mediaType, 'schema')) }
      : {}),
  }));
}

function requestBodyOf(op: Json, pointer: string, build: Build): { requestBody?: RequestBodySpec } {
  const body = op.requestBody as Json | undefined;
  if (!body) return {};
  return {
    requestBody: {
      required: body.required === true,
      content: contentOf(body.content, 'request', `${pointer}/requestBody`, build),
    },
  };
}

function responsesOf(op: Json, pointer: string, build: Build): ResponseSpec[] {
  return Object.entries((op.responses ?? {}) as Record<string, Json>).map(([status, response]) => {
    const content = contentOf(response.content, 'response', joinPointer(pointer, 'responses', status), build);
    const statusProperty = content
      .map((media) => flaggedProperties(media.validator?.schema, 'x-repeats-http-status')[0])
      .find((name) => name !== undefined);
    return {
      status,
      description: String(response.description ?? ''),
      content,
      ...(statusProperty ? { statusProperty } : {}),
    };
  });
}

/** Top-level properties of an object schema (allOf members included) that carry a vendor flag. */
function flaggedProperties(schema: JsonSchema | undefined, flag: string): string[] {
  if (!schema) return [];
  const names: string[] = [];
  const objectSchemas = [schema, ...((schema.allOf as JsonSchema[]) ?? [])];
  for (const objectSchema of objectSchemas) {
    for (const [name, property] of Object.entries((objectSchema.properties ?? {}) as Record<string, Json>)) {
      if (property?.[flag] === true) names.push(name);
    }
  }
  return names;
}

function assignedPropertiesOf(op: Json): string[] {
  const names = new Set<string>();
  for (const response of Object.values((op.responses ?? {}) as Record<string, Json>)) {
    for (const media of Object.values((response.content ?? {}) as Record<string, Json>)) {
      let schema = media.schema as JsonSchema | undefined;
      if (schema?.type === 'array') schema = schema.items as JsonSchema | undefined;
      for (const name of flaggedProperties(schema, 'x-assigned-by-service')) names.add(name);
    }
  }
  return [...names];
}

function securityOf(
  requirements: Array<Record<string, unknown>>,
  schemes: Record<string, Json>,
): SecuritySchemeSpec[][] {
  return requirements.map((requirement) =>
    Object.keys(requirement).map((name) => {
      const scheme = schemes[name] ?? {};
      return {
        name,
        type: String(scheme.type),
        ...(typeof scheme.scheme === 'string' ? { scheme: scheme.scheme.toLowerCase() } : {}),
        ...(typeof scheme.in === 'string' ? { in: scheme.in } : {}),
        ...(typeof scheme.name === 'string' ? { parameterName: scheme.name } : {}),
      };
    }),
  );
}

/**
 * Refuses a document whose own examples break their schemas: a wrong example misleads every
 * reader and every tool that shows it. Components are walked first so that a shared schema is
 * reported where the author wrote it.
 */
function checkExamples(file: string, api: Json, build: Build): void {
  const seen = new Set<object>();
  const check = (schema: unknown, example: unknown, pointer: string): void => {
    const issues = build(schema, 'document', pointer).validate(example);
    if (issues.length > 0)
      throw new ContractError(file, pointer, `example does not match its schema: ${describeIssues(issues)}`);
  };
  const visitSchemas = (schema: unknown, pointer: string): void =>
    walkSchema(schema, (node, at) => {
      if (seen.has(node)) return;
      seen.add(node);
      if ('example' in node) check(node, node.example, `${pointer}${at}/example`);
    });
  const visitExamplesOf = (holder: Json, pointer: string): void => {
    if (holder.schema === undefined) return;
    if ('example' in holder) check(holder.schema, holder.example, `${pointer}/example`);
    for (const [name, example] of Object.entries((holder.examples ?? {}) as Record<string, Json>)) {
      if (example && 'value' in example)
        check(holder.schema, example.value, joinPointer(pointer, 'examples', name, 'value'));
    }
    visitSchemas(holder.schema, `${pointer}/schema`);
  };
  const components = (api.components ?? {}) as Json;
  for (const [name, schema] of Object.entries((components.schemas ?? {}) as Json)) {
    visitSchemas(schema, joinPointer('', 'components', 'schemas', name));
  }
  for (const [path, pathItem] of Object.entries((api.paths ?? {}) as Record<string, Json>)) {
    for (const method of HTTP_METHODS) {
      const op = pathItem[method] as Json | undefined;
      if (!op) continue;
      const pointer = joinPointer('', 'paths', path, method);
      ((op.parameters as Json[]) ?? []).forEach((parameter, index) => {
        visitExamplesOf(parameter, `${pointer}/parameters/${index}`);
      });
      const body = op.requestBody as Json | undefined;
      for (const [mediaType, media] of Object.entries((body?.content ?? {}) as Record<string, Json>)) {
        visitExamplesOf(media, joinPointer(pointer, 'requestBody', 'content', mediaType));
      }
      for (const [status, response] of Object.entries((op.responses ?? {}) as Record<string, Json>)) {
        for (const [mediaType, media] of Object.entries((response.content ?? {}) as Record<string, Json>)) {
          visitExamplesOf(media, joinPointer(pointer, 'responses', status, 'content', mediaType));
        }
      }
    }
  }
}

function deepFreeze<T>(value: T, seen = new Set<unknown>()): T {
  if (typeof value !== 'object' || value === null || seen.has(value)) return value;
  seen.add(value);
  for (const child of Object.values(value)) deepFreeze(child, seen);
  return Object.freeze(value);
}

/** The response the document gives for a status: exact code, then range (4XX), then default. */
export function responseFor(operation: Operation, status: number): ResponseSpec | undefined {
  const exact = operation.responses.find((response) => response.status === String(status));
  if (exact) return exact;
  const range = `${Math.floor(status / 100)}XX`;
  return (
    operation.responses.find((response) => response.status.toUpperCase() === range) ??
    operation.responses.find((response) => response.status === 'default')
  );
}

/** Documented numeric statuses of an operation, ascending. */
export function documentedStatuses(operation: Operation): number[] {
  return operation.responses
    .map((response) => Number(response.status))
    .filter((status) => Number.isInteger(status))
    .sort((a, b) => a - b);
}
