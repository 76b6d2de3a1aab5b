// Error answers in the document's own shape. Where the document's error schema for a status takes
// {code, message, status} (the Pet Catalog's Error), that body is sent as it is; where it has
// another shape, a valid value of it is built once and the message, code and status are written
// into the properties that can hold them. The status itself is one the operation documents where
// the document gives a near equivalent (422 for 400, 403 for 401).

import {
  documentedStatuses,
  isJsonMediaType,
  type Operation,
  responseFor,
  type SchemaValidator,
} from '../../spec/core.js';
import { sampleValue, seedOf } from '../../spec/generate/index.js';
import { MockHttpError } from './errors.js';

type Fill = (body: Record<string, unknown>, error: MockHttpError) => void;

interface Shape {
  /** undefined: the contract's own {code, message, status} body fits. */
  readonly template?: Record<string, unknown>;
  readonly fills: readonly Fill[];
  /** Set where one probe cannot tell (oneOf, enums, patterns): each body is checked as it is sent. */
  readonly verify?: SchemaValidator;
  /** The error's media type where the document gives no JSON one (text, XML). */
  readonly mediaType?: string;
  /** The JSON media type the document gives where it is not application/json (problem+json). */
  readonly jsonType?: string;
}

/** An error as text of a media type that is not JSON: XML elements, or the message alone. */
function asText(mediaType: string, error: MockHttpError): string {
  if (!/xml/i.test(mediaType)) return error.message;
  const xmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `<?xml version="1.0" encoding="UTF-8"?><error><code>${xmlText(error.code)}</code><message>${xmlText(error.message)}</message><status>${error.status}</status></error>`;
}

const NARROWING = ['oneOf', 'anyOf', 'not', 'enum', 'const', 'pattern', 'format', 'maxLength', 'minLength'];

/** Whether a schema's top level or its properties narrow values in ways one probe cannot settle. */
function narrows(schema: Record<string, unknown>): boolean {
  const properties = Object.values((schema.properties ?? {}) as Record<string, Record<string, unknown>>);
  return [schema, ...properties].some((node) => NARROWING.some((keyword) => keyword in (node ?? {})));
}

const NEAR_STATUSES: Readonly<Record<number, readonly number[]>> = {
  400: [422],
  401: [403],
  409: [422, 400],
  422: [400],
};

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
    // Where the refusal points (RFC 9457 errors[].pointer, JSON:API source.pointer, a field).
    pattern: /^(pointer|field)$/i,
    type: 'string',
    fill: (name) => (b, e) => void (b[name] = e.pointer),
  },
  {
    pattern: /^(status|code|statuscode|status_code)$/i,
    type: 'integer',
    fill: (name) => (b, e) => void (b[name] = e.status),
  },
  {
    // JSON:API writes the status as a string ("422").
    pattern: /^(status|statuscode|status_code)$/i,
    type: 'string',
    fill: (name) => (b, e) => void (b[name] = String(e.status)),
  },
  {
    // JSON:API's `source: {pointer}`: the member the refusal points at, or no source at all.
    pattern: /^source$/i,
    type: 'object',
    fill: (name) => (b, e) => {
      if (e.pointer) b[name] = { pointer: e.pointer };
      else delete b[name];
    },
  },
];

function fits(validator: SchemaValidator, value: unknown): boolean {
  return validator.validate(value).length === 0;
}

function shapeOf(validator: SchemaValidator | undefined, examples: readonly unknown[], seed: number): Shape {
  const probe = new MockHttpError(400, 'probe_code', 'A probe message, "quoted" & long enough.');
  probe.pointer = '/probe';
  if (!validator) return { fills: [] };
  if (fits(validator, JSON.parse(probe.body())))
    return narrows(validator.schema) ? { fills: [], verify: validator } : { fills: [] };
  return templateShape(validator, examples, seed, probe);
}

function templateShape(
  validator: SchemaValidator,
  examples: readonly unknown[],
  seed: number,
  probe: MockHttpError,
): Shape {
  const sample = sampleValue(validator, examples, seed)?.value;
  if (typeof sample !== 'object' || sample === null || Array.isArray(sample))
    return { template: { value: sample }, fills: [] };
  const template = sample as Record<string, unknown>;
  const fills: Fill[] = [];
  const fitting = (fill: Fill): boolean => {
    const trial = structuredClone(template);
    fill(trial, probe);
    return fits(validator, trial);
  };
  const filled = new Set<string>();
  for (const name of Object.keys({ ...template, ...((validator.schema.properties as object) ?? {}) })) {
    const fill = CANDIDATE_FILLS.filter((c) => c.pattern.test(name))
      .map((c) => c.fill(name))
      .find(fitting);
    if (fill) {
      fills.push(fill);
      filled.add(name);
    }
  }
  // The message and code one level down too: `{error: {code, message}}`, JSON:API's
  // `{errors: [{status, detail}]}`, so the body says the real reason, not the example's.
  for (const [member, value] of Object.entries(template)) {
    const inner = Array.isArray(value) ? value[0] : value;
    if (typeof inner !== 'object' || inner === null || Array.isArray(inner)) continue;
    const innerFilled = new Set<string>();
    for (const name of Object.keys(inner)) {
      const fill = CANDIDATE_FILLS.filter((c) => c.pattern.test(name))
        .map((c) => nestedFill(member, Array.isArray(value), c.fill(name)))
        .find(fitting);
      if (fill) {
        fills.push(fill);
        innerFilled.add(name);
      }
    }
    // What the error cannot say (a generated `instance`, a source pointing nowhere) is left out where
    // the schema lets it be: an optional member is absent, never random.
    withoutUnfilled(inner as Record<string, unknown>, innerFilled, (trial) => {
      const whole = structuredClone(template);
      whole[member] = Array.isArray(value) ? [trial, ...value.slice(1)] : trial;
      return fits(validator, whole);
    });
    if (Array.isArray(value)) template[member] = [inner, ...value.slice(1)];
  }
  withoutUnfilled(template, filled, (trial) => fits(validator, trial), true);
  return { template, fills };
}

/** Drops each member no fill writes where the body still fits without it (top level: only scalars,
 * an entries array the fills write into stays). */
function withoutUnfilled(
  object: Record<string, unknown>,
  filled: ReadonlySet<string>,
  stillFits: (trial: Record<string, unknown>) => boolean,
  scalarsOnly = false,
): void {
  for (const name of Object.keys(object)) {
    if (filled.has(name) || (scalarsOnly && typeof object[name] === 'object' && object[name] !== null)) continue;
    const trial = { ...object };
    delete trial[name];
    if (stillFits(trial)) delete object[name];
  }
}

/** A fill of a member of the body's `member` object (or of its array's first entry). */
function nestedFill(member: string, inArray: boolean, fill: Fill): Fill {
  return (body, error) => {
    const held = body[member];
    const inner = { ...((inArray ? (held as unknown[])[0] : held) as Record<string, unknown>) };
    fill(inner, error);
    body[member] = inArray ? [inner, ...(held as unknown[]).slice(1)] : inner;
  };
}

export class ErrorShaper {
  private readonly shapes = new Map<Operation, Map<number, Shape>>();

  /** The error as the operation's document would have it: a documented status and its body's shape. */
  shape(operation: Operation | undefined, error: MockHttpError): MockHttpError {
    if (!operation) return error;
    const status = this.documentedStatus(operation, error.status);
    // The same error under the documented status: what the fills write.
    const restated =
      status === error.status ? error : new MockHttpError(status, error.code, error.message, error.headers);
    // Where it points stays with it (a 400 restated as the documented 422 still names the member).
    if (restated !== error && error.pointer !== undefined) restated.pointer = error.pointer;
    let shape = this.shapeFor(operation, status);
    if (shape.mediaType) {
      const text = asText(shape.mediaType, restated);
      return new MockHttpError(status, error.code, error.message, error.headers, text, shape.mediaType);
    }
    if (shape.verify && !fits(shape.verify, JSON.parse(restated.body()))) {
      shape = {
        ...templateShape(shape.verify, [], seedOf(`${operation.id}:${status}`), restated),
        jsonType: shape.jsonType,
      };
    }
    if (!shape.template && shape.jsonType === undefined) return restated;
    const body = shape.template ? this.bodyOf(shape, restated) : restated.body();
    return new MockHttpError(status, error.code, error.message, error.headers, body, shape.jsonType);
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
      const content = responseFor(operation, status)?.content ?? [];
      const media = content.find((m) => isJsonMediaType(m.mediaType));
      const other = media ? undefined : content[0];
      const jsonType = media && media.mediaType.toLowerCase() !== 'application/json' ? media.mediaType : undefined;
      shape = other
        ? { fills: [], mediaType: other.mediaType.includes('*') ? 'text/plain' : other.mediaType }
        : {
            ...shapeOf(media?.validator, media?.examples ?? [], seedOf(`${operation.id}:${status}`)),
            ...(jsonType ? { jsonType } : {}),
          };
      byStatus.set(status, shape);
    }
    return shape;
  }
}
