// The document's paths turned into a flat list of operations, each with compiled validators.
// Reads the bundled document: parameters, bodies, responses and path items may be $refs.
import { joinPointer } from '../contract-error.js';
import { deref } from '../json/refs.js';
import type { Direction } from '../schema/json-schema.js';
import type { SchemaValidator } from '../schema/validators.js';
import { assignedPropertiesOf, statusPropertyOf } from './extensions.js';
import { readOnlyMembersOf } from './read-only-members.js';
import {
  type HeaderSpec,
  HTTP_METHODS,
  type HttpMethod,
  type MediaTypeSpec,
  type Operation,
  type ParameterSpec,
  type RequestBodySpec,
  type ResponseSpec,
  type SecuritySchemeSpec,
} from './types.js';

type Json = Record<string, unknown>;

export type Build = (schema: unknown, direction: Direction, pointer: string) => SchemaValidator;

/** What reading operations needs: the bundled document, and the schema compiler. */
interface Reader {
  readonly api: Json;
  readonly build: Build;
}

const DEFAULT_STYLE: Record<string, string> = { path: 'simple', header: 'simple', query: 'form', cookie: 'form' };

export function operationsOf(api: Json, build: Build): Operation[] {
  const reader: Reader = { api, build };
  const schemes = ((api.components as Json | undefined)?.securitySchemes ?? {}) as Record<string, Json>;
  const operations: Operation[] = [];
  for (const [path, rawItem] of Object.entries((api.paths ?? {}) as Record<string, Json>)) {
    const pathItem = deref<Json>(api, rawItem);
    for (const method of HTTP_METHODS) {
      const op = pathItem[method] as Json | undefined;
      if (!op) continue;
      const pointer = joinPointer('', 'paths', path, method);
      const upper = method.toUpperCase() as HttpMethod;
      const responses = responsesOf(reader, op, pointer);
      operations.push({
        id: typeof op.operationId === 'string' ? op.operationId : `${upper} ${path}`,
        ...(typeof op.operationId === 'string' ? { operationId: op.operationId } : {}),
        method: upper,
        path,
        ...(typeof op.summary === 'string' ? { summary: op.summary } : {}),
        ...(typeof op.description === 'string' ? { description: op.description } : {}),
        tags: (op.tags as string[] | undefined) ?? [],
        deprecated: op.deprecated === true,
        unspecified: op['x-unspecified'] === true,
        parameters: parametersOf(reader, pathItem, op, pointer),
        ...requestBodyOf(reader, op, pointer),
        responses,
        security: securityOf(api, (op.security ?? api.security ?? []) as Array<Record<string, unknown>>, schemes),
        assignedProperties: assignedPropertiesOf(responses),
      });
    }
  }
  return operations;
}

/** The example values of a media type, parameter or header object. */
function examplesOf(reader: Reader, holder: Json): unknown[] {
  const values: unknown[] = [];
  if ('example' in holder) values.push(holder.example);
  for (const example of Object.values((holder.examples ?? {}) as Record<string, unknown>)) {
    const resolved = deref<Json>(reader.api, example);
    if (resolved && 'value' in resolved) values.push(resolved.value);
  }
  return values;
}

function parametersOf(reader: Reader, pathItem: Json, op: Json, pointer: string): ParameterSpec[] {
  const byKey = new Map<string, Json>();
  // Operation-level parameters override path-level ones with the same name and location.
  const all = [...((pathItem.parameters as Json[]) ?? []), ...((op.parameters as Json[]) ?? [])];
  for (const parameter of all.map((p) => deref<Json>(reader.api, p))) {
    byKey.set(`${String(parameter.in)}:${String(parameter.name)}`, parameter);
  }
  // Header parameters named Accept, Content-Type or Authorization SHALL be ignored (OpenAPI 3.0).
  const ignored = (p: Json) => p.in === 'header' && /^(accept|content-type|authorization)$/i.test(String(p.name));
  return [...byKey.values()]
    .filter((parameter) => !ignored(parameter))
    .map((parameter, index) => {
      const location = parameter.in as ParameterSpec['in'];
      const style = typeof parameter.style === 'string' ? parameter.style : (DEFAULT_STYLE[location] ?? 'simple');
      // A parameter may describe its value by content (one media type) instead of a schema.
      const media = Object.values((parameter.content ?? {}) as Record<string, Json>)[0];
      const schema = parameter.schema ?? media?.schema ?? {};
      return {
        name: String(parameter.name),
        in: location,
        required: parameter.required === true || location === 'path',
        validator: reader.build(schema, 'request', `${pointer}/parameters/${index}/schema`),
        style,
        explode: typeof parameter.explode === 'boolean' ? parameter.explode : style === 'form',
        examples: examplesOf(reader, parameter),
        ...(typeof parameter.description === 'string' ? { description: parameter.description } : {}),
      };
    });
}

function contentOf(reader: Reader, content: unknown, direction: Direction, pointer: string): MediaTypeSpec[] {
  return Object.entries((content ?? {}) as Record<string, Json>).map(([mediaType, media]) => ({
    mediaType,
    ...(media.schema !== undefined
      ? { validator: reader.build(media.schema, direction, joinPointer(pointer, 'content', mediaType, 'schema')) }
      : {}),
    examples: [
      ...examplesOf(reader, media),
      ...(direction === 'request' ? schemaExamplesOf(reader, media.schema) : []),
    ],
    ...readOnlyOf(reader, media.schema, direction),
  }));
}

function readOnlyOf(reader: Reader, schema: unknown, direction: Direction): { readOnlyMembers?: string[] } {
  const members = direction === 'request' && schema !== undefined ? readOnlyMembersOf(reader.api, schema) : [];
  return members.length > 0 ? { readOnlyMembers: members } : {};
}

/** A request schema's own examples (3.0 `example`, 3.1 `examples`): the author's valid input too,
 * after the media type's. Answers keep only the media type's, as the mock has always served them. */
function schemaExamplesOf(reader: Reader, schema: unknown): unknown[] {
  const resolved = deref<Json>(reader.api, schema);
  if (!resolved || typeof resolved !== 'object') return [];
  return [
    ...('example' in resolved ? [resolved.example] : []),
    ...(Array.isArray(resolved.examples) ? resolved.examples : []),
  ];
}

function requestBodyOf(reader: Reader, op: Json, pointer: string): { requestBody?: RequestBodySpec } {
  const body = op.requestBody === undefined ? undefined : deref<Json>(reader.api, op.requestBody);
  if (!body) return {};
  return {
    requestBody: {
      required: body.required === true,
      content: contentOf(reader, body.content, 'request', `${pointer}/requestBody`),
    },
  };
}

function headersOf(reader: Reader, headers: unknown, pointer: string): HeaderSpec[] {
  return Object.entries((headers ?? {}) as Record<string, unknown>).map(([name, raw]) => {
    const header = deref<Json>(reader.api, raw);
    return {
      name,
      required: header.required === true,
      ...(header.schema !== undefined
        ? { validator: reader.build(header.schema, 'response', joinPointer(pointer, 'headers', name, 'schema')) }
        : {}),
    };
  });
}

function responsesOf(reader: Reader, op: Json, pointer: string): ResponseSpec[] {
  return Object.entries((op.responses ?? {}) as Record<string, unknown>).map(([status, raw]) => {
    const response = deref<Json>(reader.api, raw);
    const at = joinPointer(pointer, 'responses', status);
    const content = contentOf(reader, response.content, 'response', at);
    const statusProperty = statusPropertyOf(content);
    return {
      status,
      description: String(response.description ?? ''),
      content,
      headers: headersOf(reader, response.headers, at),
      ...(statusProperty ? { statusProperty } : {}),
    };
  });
}

function securityOf(
  api: Json,
  requirements: Array<Record<string, unknown>>,
  schemes: Record<string, unknown>,
): SecuritySchemeSpec[][] {
  return requirements.map((requirement) =>
    Object.keys(requirement).map((name) => {
      const scheme = deref<Json>(api, schemes[name] ?? {});
      return {
        name,
        type: String(scheme.type),
        ...(typeof scheme.scheme === 'string' ? { scheme: scheme.scheme.toLowerCase() } : {}),
        ...(typeof scheme.in === 'string' ? { in: scheme.in } : {}),
        ...(typeof scheme.name === 'string' ? { parameterName: scheme.name } : {}),
        ...(typeof scheme.bearerFormat === 'string' ? { bearerFormat: scheme.bearerFormat } : {}),
      };
    }),
  );
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
