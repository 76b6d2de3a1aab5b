// The document's paths turned into a flat list of operations, each with compiled validators.
import { joinPointer } from './contract-error.js';
import { assignedPropertiesOf, statusPropertyOf } from './extensions.js';
import type { Direction } from './json-schema.js';
import {
  HTTP_METHODS,
  type HttpMethod,
  type MediaTypeSpec,
  type Operation,
  type ParameterSpec,
  type RequestBodySpec,
  type ResponseSpec,
  type SecuritySchemeSpec,
} from './types.js';
import type { SchemaValidator } from './validators.js';

type Json = Record<string, unknown>;

export type Build = (schema: unknown, direction: Direction, pointer: string) => SchemaValidator;

export function operationsOf(api: Json, build: Build): Operation[] {
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
    const statusProperty = statusPropertyOf(content);
    return {
      status,
      description: String(response.description ?? ''),
      content,
      ...(statusProperty ? { statusProperty } : {}),
    };
  });
}

/** Top-level properties of an object schema (allOf members included) that carry a vendor flag. */
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
