// Error answers in the document's own shape. Where the document's error schema for a status takes
// {code, message, status} (the Pet Catalog's Error), that body is sent as it is; where it has
// another shape, a valid value of it is built once and the message, code and status are written
// into the properties that can hold them. The status itself is one the operation documents where
// the document gives a near equivalent (422 for 400, 403 for 401).
import { sampleValue, seedOf } from '../spec/generate/index.js';
import {
  documentedStatuses,
  isJsonMediaType,
  type Operation,
  responseFor,
  type SchemaValidator,
} from '../spec/index.js';
import { MockHttpError } from './errors.js';

type Fill = (body: Record<string, unknown>, error: MockHttpError) => void;

interface Shape {
  /** undefined: the contract's own {code, message, status} body fits. */
  readonly template?: Record<string, unknown>;
  readonly fills: readonly Fill[];
}

const NEAR_STATUSES: Readonly<Record<number, readonly number[]>> = { 400: [422], 401: [403], 422: [400] };

const CANDIDATE_FILLS: ReadonlyArray<{ pattern: RegExp; type: string; fill: (name: string) => Fill }> = [
  {
    pattern: /^(message|detail|details|description|error_description|title|reason|msg)$/i,
    type: 'string',
    fill: (name) => (b, e) => void (b[name] = e.message),
  },
  {
    pattern: /^(code|error|type|errorcode|error_code)$/i,
    type: 'string',
    fill: (name) => (b, e) => void (b[name] = e.code),
  },
  {
    pattern: /^(status|code|statuscode|status_code)$/i,
    type: 'integer',
    fill: (name) => (b, e) => void (b[name] = e.status),
  },
];

function fits(validator: SchemaValidator, value: unknown): boolean {
  return validator.validate(value).length === 0;
}

function shapeOf(validator: SchemaValidator | undefined, examples: readonly unknown[], seed: number): Shape {
  const probe = new MockHttpError(400, 'probe_code', 'A probe message, "quoted" & long enough.');
  if (!validator || fits(validator, JSON.parse(probe.body()))) return { fills: [] };
  const sample = sampleValue(validator, examples, seed)?.value;
  if (typeof sample !== 'object' || sample === null || Array.isArray(sample))
    return { template: { value: sample }, fills: [] };
  const template = sample as Record<string, unknown>;
  const fills: Fill[] = [];
  for (const name of Object.keys({ ...template, ...((validator.schema.properties as object) ?? {}) })) {
    for (const candidate of CANDIDATE_FILLS.filter((c) => c.pattern.test(name))) {
      const fill = candidate.fill(name);
      const trial = { ...template };
      fill(trial, probe);
      if (fits(validator, trial)) {
        fills.push(fill);
        break;
      }
    }
  }
  return { template, fills };
}

export class ErrorShaper {
  private readonly shapes = new Map<Operation, Map<number, Shape>>();

  /** The error as the operation's document would have it: a documented status and its body's shape. */
  shape(operation: Operation | undefined, error: MockHttpError): MockHttpError {
    if (!operation) return error;
    const status = this.documentedStatus(operation, error.status);
    const shape = this.shapeFor(operation, status);
    if (!shape.template && status === error.status) return error;
    const body = shape.template ? this.bodyOf(shape, error) : undefined;
    return new MockHttpError(status, error.code, error.message, error.headers, body);
  }

  private bodyOf(shape: Shape, error: MockHttpError): string {
    const template = shape.template!;
    if ('value' in template && Object.keys(template).length === 1 && shape.fills.length === 0)
      return JSON.stringify(template.value);
    const body = { ...template };
    for (const fill of shape.fills) fill(body, error);
    return JSON.stringify(body);
  }

  private documentedStatus(operation: Operation, wanted: number): number {
    if (responseFor(operation, wanted)) return wanted;
    const listed = (status: number) => operation.responses.some((r) => r.status === String(status));
    const near = (NEAR_STATUSES[wanted] ?? []).find(listed);
    if (near !== undefined) return near;
    // Bad input the document gives no status for: any client error it lists says "refused".
    if (wanted === 400) {
      const other = documentedStatuses(operation).find((s) => s >= 400 && s < 500 && ![401, 403, 429].includes(s));
      if (other !== undefined) return other;
    }
    return wanted;
  }

  private shapeFor(operation: Operation, status: number): Shape {
    let byStatus = this.shapes.get(operation);
    if (!byStatus) {
      byStatus = new Map();
      this.shapes.set(operation, byStatus);
    }
    let shape = byStatus.get(status);
    if (!shape) {
      const media = responseFor(operation, status)?.content.find((m) => isJsonMediaType(m.mediaType));
      shape = shapeOf(media?.validator, media?.examples ?? [], seedOf(`${operation.id}:${status}`));
      byStatus.set(status, shape);
    }
    return shape;
  }
}
