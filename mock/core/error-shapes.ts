// Error answers in the document's own shape. Where the document's error schema for a status takes
// {code, message, status} (the Pet Catalog's Error), that body is sent as it is; where it has
// another shape, a valid value of it is built once and the message, code and status are written
// into the properties that can hold them. The status itself is one the operation documents where
// the document gives a near equivalent (422 for 400, 403 for 401).

import { isJsonMediaType, type Operation, responseFor, type SchemaValidator } from '../../spec/core.js';
import { sampleValue, seedOf } from '../../spec/generate/index.js';
import { codeChooser } from './error-codes.js';
import { documentedStatus, refusesInvalidWith422 } from './error-statuses.js';
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

/** What a fill may read besides the member's name: its schema, and the words about the error. */
interface FillSource {
  readonly property?: unknown;
  /** Whether the schema requires the member (a fill with nothing to say leaves an optional one out). */
  readonly required?: boolean;
  readonly texts: readonly (string | undefined)[];
}

const CANDIDATE_FILLS: ReadonlyArray<{
  pattern: RegExp;
  type: string;
  fill: (name: string, from: FillSource) => Fill;
}> = [
  {
    pattern: /^(message|detail|details|description|error_description|title|reason|msg)$/i,
    type: 'string',
    fill: (name) => (b, e) => void (b[name] = e.message),
  },
  {
    // The code the document takes for the status (its enum, its words), else the mock's own.
    pattern: /^(code|error|type|errorcode|error_code)$/i,
    type: 'string',
    fill: (name, { property, texts }) => {
      const choose = codeChooser(property, texts);
      return choose ? (b, e) => void (b[name] = choose(e)) : (b, e) => void (b[name] = e.code);
    },
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
  {
    // A map of the members refused to what is wrong with each (`fields: {capacity: "..."}`): the
    // member the refusal points at, never the example's.
    pattern: /^(fields|errors|field_errors|invalid_fields|invalid_params)$/i,
    type: 'object',
    fill:
      (name, { required }) =>
      (b, e) => {
        const member = e.pointer?.split('/').filter(Boolean).join('.');
        if (member) b[name] = { [member]: e.message };
        else if (required) b[name] = {};
        else delete b[name];
      },
  },
];

function fits(validator: SchemaValidator, value: unknown): boolean {
  return validator.validate(value).length === 0;
}

function shapeOf(
  validator: SchemaValidator | undefined,
  examples: readonly unknown[],
  seed: number,
  texts: readonly (string | undefined)[],
): Shape {
  const probe = new MockHttpError(400, 'probe_code', 'A probe message, "quoted" & long enough.');
  probe.pointer = '/probe';
  if (!validator) return { fills: [] };
  if (fits(validator, JSON.parse(probe.body())))
    return narrows(validator.schema) ? { fills: [], verify: validator } : { fills: [] };
  return templateShape(validator, examples, seed, probe, texts);
}

type Schema = Record<string, unknown>;

/** An object schema, or its array's items (`errors: [{...}]`). */
function itemsOf(schema: unknown): Schema {
  const node = (schema ?? {}) as Schema;
  return node.type === 'array' || 'items' in node ? ((node.items ?? {}) as Schema) : node;
}

/** The properties of an object schema, or of its array's items. */
const propertiesIn = (schema: unknown): Record<string, unknown> =>
  (itemsOf(schema).properties ?? {}) as Record<string, unknown>;

const requiredIn = (schema: unknown): ReadonlySet<string> =>
  new Set(Array.isArray((schema as Schema | undefined)?.required) ? ((schema as Schema).required as string[]) : []);

function templateShape(
  validator: SchemaValidator,
  examples: readonly unknown[],
  seed: number,
  probe: MockHttpError,
  texts: readonly (string | undefined)[] = [],
): Shape {
  const sample = sampleValue(validator, examples, seed)?.value;
  if (typeof sample !== 'object' || sample === null || Array.isArray(sample))
    return { template: { value: sample }, fills: [] };
  // A copy: the sample may be the document's own example, shared and frozen.
  const template = structuredClone(sample) as Record<string, unknown>;
  const fills: Fill[] = [];
  const fitting = (fill: Fill): boolean => {
    const trial = structuredClone(template);
    fill(trial, probe);
    return fits(validator, trial);
  };
  const filled = new Set<string>();
  const holders = new Set<string>();
  const top = propertiesIn(validator.schema);
  const words = [(validator.schema as Schema).description as string | undefined, ...texts];
  for (const name of Object.keys({ ...template, ...top })) {
    const fill = CANDIDATE_FILLS.filter((c) => c.pattern.test(name))
      .map((c) => c.fill(name, { property: top[name], texts: words, required: requiredIn(validator.schema).has(name) }))
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
    const below = propertiesIn(top[member]);
    const innerWords = [(top[member] as Schema | undefined)?.description as string | undefined, ...words];
    for (const name of Object.keys(inner)) {
      const fill = CANDIDATE_FILLS.filter((c) => c.pattern.test(name))
        .map((c) =>
          nestedFill(member, Array.isArray(value), c.fill(name, { property: below[name], texts: innerWords })),
        )
        .find(fitting);
      if (fill) {
        fills.push(fill);
        innerFilled.add(name);
      }
    }
    if (innerFilled.size > 0) holders.add(member);
    // What the error cannot say (a generated `instance`, a source pointing nowhere) is left out where
    // the schema lets it be: an optional member is absent, never random.
    withoutUnfilled(inner as Record<string, unknown>, innerFilled, (trial) => {
      const whole = structuredClone(template);
      whole[member] = Array.isArray(value) ? [trial, ...value.slice(1)] : trial;
      return fits(validator, whole);
    });
    if (Array.isArray(value)) template[member] = [inner, ...value.slice(1)];
  }
  // An optional member no fill writes into (`fields` that only validation errors carry) is left out.
  withoutUnfilled(template, new Set([...filled, ...holders]), (trial) => fits(validator, trial));
  return { template, fills };
}

/** Drops each member no fill writes (into) where the body still fits without it. */
function withoutUnfilled(
  object: Record<string, unknown>,
  filled: ReadonlySet<string>,
  stillFits: (trial: Record<string, unknown>) => boolean,
): void {
  for (const name of Object.keys(object)) {
    if (filled.has(name)) continue;
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

  /** `overview`: the document's overview, where the error codes of each status may be listed. */
  constructor(private readonly overview = '') {}

  /** The error as the operation's document would have it: a documented status and its body's shape. */
  shape(operation: Operation | undefined, error: MockHttpError): MockHttpError {
    if (!operation) return error;
    // A body its schema refuses gets the 422 the operation gives such bodies (malformed JSON stays 400).
    const schemaRefusal = error.code === 'invalid_body' && error.status === 400 && refusesInvalidWith422(operation);
    const status = schemaRefusal ? 422 : documentedStatus(operation, error.status);
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
            ...shapeOf(media?.validator, media?.examples ?? [], seedOf(`${operation.id}:${status}`), [
              responseFor(operation, status)?.description,
              this.overview,
            ]),
            ...(jsonType ? { jsonType } : {}),
          };
      byStatus.set(status, shape);
    }
    return shape;
  }
}
