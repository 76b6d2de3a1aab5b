// What every planner may use: the seed, the valid credentials, the name prefix, and builders for
// plain bodies, path parameters and labelled cases. Planners only describe what to send.
import fc from 'fast-check';
import { seedOf, UNSATISFIABLE, valueArbitrary } from '../../spec/generate/index.js';
import {
  type CollectionSpec,
  codePointLength,
  IDEMPOTENCY_HEADER,
  isJsonMediaType,
  type JsonSchema,
  type Operation,
  propertiesOf,
} from '../../spec/index.js';
import { type SecretSource, validAuth } from '../auth/auth-variants.js';
import type { AuthVariant, Placed, TestCase } from '../model.js';
import { TimeAnchors } from './anchors.js';
import { authoredMaps, withAuthoredMaps } from './authored-maps.js';
import { followingWords, withWordRules } from './followed-words.js';
import { requestMediaTypeOf, sendableParameterSchema, unlikelyId, withNonEmptyArrays } from './request-shapes.js';
import { pathText, place, RESERVED_HEADERS } from './serialize.js';

/** The longest string a path, query, header or cookie parameter is given (code points; the schema's
 * minLength wins): percent-encoded, 256 of them stay well inside the 8 KiB request line that common
 * servers read (nginx, Node); longer wild strings only drew 414 and 431 answers, which test nothing. */
const URL_PART_LONGEST = 256;

export interface RequestSchema {
  readonly schema: JsonSchema;
  readonly isValid: (value: unknown) => boolean;
  /** The schema valid bodies are generated from: outside JSON, arrays hold at least one item, as
   * an empty list leaves no field in a form and reads as a missing one. */
  readonly generate: JsonSchema;
}

export type CaseFields = Omit<TestCase, 'operation' | 'label' | 'auth'> & { auth?: AuthVariant; what?: string };

/** A string property whose values are not narrowed to a format, pattern or fixed set. */
export function isFreeString(schema: Record<string, unknown> | undefined): schema is Record<string, unknown> {
  return schema?.type === 'string' && !schema.enum && !schema.pattern && !schema.format && !('const' in schema);
}

/** Valid input names one item once: a body member named like a path parameter (a PUT's `key` under
 * /warehouses/{key}) holds the path's value, where the body schema still takes it. */
function withPathInBody(testCase: TestCase, request: RequestSchema | undefined): TestCase {
  const payload = testCase.payload;
  const body = payload?.kind === 'json' ? payload.value : undefined;
  if (!request || typeof body !== 'object' || body === null || Array.isArray(body)) return testCase;
  const object = body as Record<string, unknown>;
  let value: Record<string, unknown> | undefined;
  for (const [name, text] of Object.entries(testCase.pathParams ?? {})) {
    if (!Object.hasOwn(object, name) || object[name] === text) continue;
    const same = typeof object[name] === 'number' && /^-?\d+$/.test(text) ? Number(text) : text;
    const candidate = { ...(value ?? object), [name]: same };
    if (request.isValid(candidate)) value = candidate;
  }
  return value ? { ...testCase, payload: { kind: 'json', value } } : testCase;
}

export class PlanContext {
  private readonly requestSchemas = new Map<Operation, RequestSchema | undefined>();
  /** What valid input the generators could not build, by operation: said as a note, never silent. */
  readonly shortfalls = new Map<Operation, Set<string>>();
  /** Ids (exact text) of items the run itself changes or deletes, by collection path: their
   * absence or change in a later list is the run's doing. */
  private readonly changedByRun = new Map<string, Set<string>>();
  private readonly baselines = new Map<Operation, readonly unknown[]>();

  constructor(
    readonly seed: number,
    readonly secrets: SecretSource,
    readonly prefix: string,
    readonly runs: number,
    private readonly progress: (message: string) => void,
    readonly collections: readonly CollectionSpec[] = [],
    /** Every operation of the document (a HEAD beside a read). */
    readonly operations: readonly Operation[] = [],
  ) {
    this.anchors = new TimeAnchors(collections);
    for (const collection of collections) {
      for (const change of [collection.replace, collection.update, collection.remove]) {
        if (change) this.changingItems.set(change.operation, change.parameter);
      }
    }
  }

  /** Times bound to a parent's (anchors.ts): valid cases follow them. */
  readonly anchors: TimeAnchors;

  /** PUT, PATCH and DELETE of a collection's item, by the parameter that names the item. */
  private readonly changingItems = new Map<Operation, string>();
  /** Path values naming an item the run made, per operation below it (parents.ts: madeItemParams). */
  private readonly madeItems = new Map<Operation, Readonly<Record<string, string>>>();

  /** From now on the operation's cases name this item the run made in their path (a broken path
   * parameter still breaks its own value). */
  useMadeItem(operation: Operation, params: Readonly<Record<string, string>>): void {
    this.madeItems.set(operation, params);
  }

  /** Whether the case's path names the item the run made for its operation. */
  private namesMadeItem(operation: Operation, pathParams: Readonly<Record<string, string>>): boolean {
    const made = this.madeItems.get(operation);
    return made !== undefined && Object.entries(made).every(([name, text]) => pathParams[name] === text);
  }
  /** Idempotency keys handed out: each case gets its own. */
  private keys = 0;

  /** The request body schema and its validity test, built once per operation. */
  requestSchema(operation: Operation): RequestSchema | undefined {
    if (!this.requestSchemas.has(operation)) {
      const mediaType = this.requestMediaType(operation);
      const media = operation.requestBody?.content.find((m) => m.mediaType === mediaType);
      const validator = media?.validator;
      // A body documented without a schema takes anything of its type: any value is valid.
      const form = mediaType !== undefined && !isJsonMediaType(mediaType);
      const request: RequestSchema | undefined = validator
        ? {
            schema: validator.schema,
            isValid: (value) => validator.validate(value).length === 0,
            generate: form ? withNonEmptyArrays(validator.schema) : validator.schema,
          }
        : media
          ? { schema: {}, isValid: () => true, generate: {} }
          : undefined;
      this.requestSchemas.set(operation, request);
    }
    return this.requestSchemas.get(operation);
  }

  /** The property that carries the recognisable prefix: the first required, unconstrained string. */
  nameProperty(schema: JsonSchema): string | undefined {
    if (this.prefix === '') return undefined;
    const properties = propertiesOf(schema) as Record<string, Record<string, unknown>>;
    const required = (schema.required ?? []) as string[];
    const free = (name: string) => {
      const property = properties[name];
      return (
        isFreeString(property) &&
        (typeof property.maxLength !== 'number' || property.maxLength >= this.prefix.length + 8)
      );
    };
    return ['name', 'title', ...required].find((name) => required.includes(name) && free(name));
  }

  withPrefix(schema: JsonSchema, value: unknown): unknown {
    const name = this.nameProperty(schema);
    if (!name || typeof value !== 'object' || value === null || Array.isArray(value)) return value;
    const object = value as Record<string, unknown>;
    if (typeof object[name] !== 'string') return value;
    const max = (propertiesOf(schema)[name] as Record<string, unknown>).maxLength as number | undefined;
    const prefixed = `${this.prefix}${object[name] as string}`;
    const fits = codePointLength(prefixed) <= (max ?? Infinity);
    return { ...object, [name]: fits ? prefixed : [...prefixed].slice(0, max).join('') };
  }

  /** Short alphanumeric bodies: every property, then the required ones only, alternately. */
  plainBodies(operation: Operation, count: number, purpose: string): unknown[] {
    const request = this.requestSchema(operation);
    if (!request) return [];
    const properties = Object.keys(propertiesOf(request.generate));
    const required = new Set((request.schema.required as string[]) ?? []);
    const everything = { ...request.generate, required: [...new Set([...required, ...properties])] };
    const samples = fc.sample(valueArbitrary(everything, { style: 'plain' }), {
      seed: seedOf(`${operation.id}:plain:${purpose}`, this.seed),
      numRuns: count,
    });
    // A form with no field is no body at all: outside JSON the required-only variant needs one.
    const mediaType = this.requestMediaType(operation);
    const canBeEmpty = required.size > 0 || mediaType === undefined || isJsonMediaType(mediaType);
    // A form has no null either: a nullable field left null is left out.
    const form = !canBeEmpty || (mediaType !== undefined && !isJsonMediaType(mediaType));
    const maps = authoredMaps(request.schema, operation);
    const bodies = samples.map((sample, index) => {
      const entries =
        typeof sample === 'object' && sample !== null && !Array.isArray(sample) ? Object.entries(sample) : undefined;
      const body = !entries
        ? sample
        : Object.fromEntries(
            entries.filter(
              ([name, value]) => !(form && value === null) && !(index % 2 === 1 && canBeEmpty && !required.has(name)),
            ),
          );
      const authored = withAuthoredMaps(body, maps, request.isValid);
      return withWordRules(this.withPrefix(request.schema, authored), request.schema, undefined, operation.description);
    });
    // A schema the generators cannot satisfy yields invalid bodies: they are never sent as valid.
    const valid = bodies.filter((body) => request.isValid(body));
    if (valid.length === 0 && count > 0) this.shortfall(operation, 'request body');
    if (valid.length < bodies.length) {
      this.progress(
        `${operation.id}: could not build every valid body the schema asks for; ${valid.length} of ${bodies.length} kept`,
      );
    }
    return valid;
  }

  /** The operation's plain valid bodies, built once: the first is the baseline that mutations and
   * edge values start from. [undefined] for an operation without a request body. */
  plainInputs(operation: Operation): readonly unknown[] {
    let inputs = this.baselines.get(operation);
    if (!inputs) {
      inputs = this.requestSchema(operation) ? this.plainBodies(operation, 4, 'cases') : [undefined];
      this.baselines.set(operation, inputs);
    }
    return inputs;
  }

  /** The request schema and the baseline body, where the body is a JSON object (the cases that
   * change one property at a time start from it). */
  objectBaseline(operation: Operation): { request: RequestSchema; body: Record<string, unknown> } | undefined {
    const request = this.requestSchema(operation);
    const body = this.plainInputs(operation)[0];
    if (!request || typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
    return { request, body: body as Record<string, unknown> };
  }

  /** The baseline body as a payload field, for cases that keep the body valid. */
  baselinePayload(operation: Operation): Pick<TestCase, 'payload'> {
    const body = this.plainInputs(operation)[0];
    return body !== undefined ? { payload: { kind: 'json', value: body } } : {};
  }

  pathParams(operation: Operation, style: 'plain' | 'wild', index: number): Record<string, string> {
    const params: Record<string, string> = {};
    for (const parameter of operation.parameters.filter((p) => p.in === 'path')) {
      const [value] = fc.sample(
        valueArbitrary(sendableParameterSchema(parameter), { style, longest: URL_PART_LONGEST }),
        {
          seed: seedOf(`${operation.id}:${parameter.name}:${index}`, this.seed),
          numRuns: 1,
        },
      );
      params[parameter.name] = pathText(parameter, followingWords(parameter, value));
    }
    Object.assign(params, this.madeItems.get(operation));
    // Items are changed and deleted only when the run made them (the change-and-delete sequence):
    // every other case names an item that cannot exist, so no one's data is touched.
    const item = this.changingItems.get(operation);
    const parameter = operation.parameters.find((p) => p.in === 'path' && p.name === item);
    if (parameter) {
      // Where the client chooses keys, a PUT there makes the item: it is the run's own, and at a key
      // of its own, never the one every other case names as missing.
      const keyed = this.collections.find((c) => c.clientKey && c.replace?.operation === operation);
      const unlikely = followingWords(parameter, unlikelyId(parameter, keyed ? 1 : 0));
      params[parameter.name] = pathText(parameter, unlikely ?? params[parameter.name]);
      // No unlikely key fits the key's pattern: the sampled one is the run's own just the same.
      const key = unlikely ?? params[parameter.name];
      if (keyed && key !== undefined)
        for (const text of new Set([JSON.stringify(key), String(key)])) this.markChangedByRun(keyed, text);
    }
    return params;
  }

  /** A fresh value of one path parameter (a key the client chooses for a PUT that makes an item),
   * the n-th of the run, following the parameter's words; undefined where none can be drawn. */
  freshPathValue(operation: Operation, name: string, index: number): string | undefined {
    const parameter = operation.parameters.find((p) => p.in === 'path' && p.name === name);
    if (!parameter) return undefined;
    const [value] = fc.sample(
      valueArbitrary(sendableParameterSchema(parameter), { style: 'plain', longest: URL_PART_LONGEST }),
      {
        seed: seedOf(`${operation.id}:${name}:fresh:${index}`, this.seed),
        numRuns: 1,
      },
    );
    return value === UNSATISFIABLE ? undefined : pathText(parameter, followingWords(parameter, value));
  }

  /** Values of unique members (keys the client chooses) the run's bodies carry, by collection and
   * member: the item maker and the operation cases draw from one pool, so no two creations meet. */
  private readonly claimed = new Map<string, Set<string>>();

  /** Takes a value of a unique member for one creation: false where another already took it. */
  claim(collection: CollectionSpec, member: string, value: unknown): boolean {
    const key = `${collection.path} ${member}`;
    let values = this.claimed.get(key);
    if (!values) this.claimed.set(key, (values = new Set()));
    const text = JSON.stringify(value);
    if (values.has(text)) return false;
    values.add(text);
    return true;
  }

  /** Notes an item (by idKey) that the run itself will change or delete. */
  markChangedByRun(collection: CollectionSpec, id: string): void {
    let ids = this.changedByRun.get(collection.path);
    if (!ids) this.changedByRun.set(collection.path, (ids = new Set()));
    ids.add(id);
  }

  /** Whether the run itself changes or deletes this item (by idKey). */
  changedByRunHas(collection: CollectionSpec, id: string): boolean {
    return this.changedByRun.get(collection.path)?.has(id) ?? false;
  }

  /** The path parameters a collection's own path holds (a nested collection's parent), sampled once. */
  parentParams(collection: CollectionSpec): Record<string, string> {
    const operation = collection.create?.operation ?? collection.list?.operation;
    if (!operation) return {};
    const names = [...collection.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
    const sampled = this.pathParams(operation, 'plain', 0);
    return Object.fromEntries(names.filter((name) => name in sampled).map((name) => [name, sampled[name]!]));
  }

  /** Query, header and cookie parameters: the required ones always, the optional ones when asked. */
  parameters(operation: Operation, style: 'plain' | 'wild', index: number, optional = false): Placed[] {
    const placed: Placed[] = [];
    for (const parameter of operation.parameters) {
      if (parameter.in === 'path' || (!parameter.required && !optional)) continue;
      if (parameter.in === 'header' && RESERVED_HEADERS.has(parameter.name.toLowerCase())) continue;
      // Headers and cookies carry no control characters: their values stay plain.
      const valueStyle = parameter.in === 'query' ? style : 'plain';
      // An idempotency key is fresh in every case: a key used again with another body is refused.
      const fresh = parameter.in === 'header' && IDEMPOTENCY_HEADER.test(parameter.name);
      const generated = { style: valueStyle, longest: URL_PART_LONGEST };
      const [value] = fc.sample(valueArbitrary(sendableParameterSchema(parameter), generated), {
        seed: seedOf(
          `${operation.id}:${parameter.in}:${parameter.name}:${index}`,
          this.seed + (fresh ? ++this.keys : 0),
        ),
        numRuns: 1,
      });
      const key = fresh ? `${this.prefix}${this.seed}-${this.keys}`.replace(/[^\w-]/g, '') : undefined;
      if (key && parameter.validator.validate(key).length === 0) {
        placed.push(...place(parameter, key));
        continue;
      }
      if (value !== UNSATISFIABLE) placed.push(...place(parameter, followingWords(parameter, value)));
      else this.shortfall(operation, `${parameter.in} parameter ${parameter.name}`);
    }
    return placed;
  }

  private shortfall(operation: Operation, what: string): void {
    let set = this.shortfalls.get(operation);
    if (!set) this.shortfalls.set(operation, (set = new Set()));
    set.add(what);
  }

  /** The media type request bodies are sent as (request-shapes.ts: plain JSON first). */
  requestMediaType(operation: Operation): string | undefined {
    return requestMediaTypeOf(operation);
  }

  /** A plain valid case that sends this JSON body. */
  plainBodyCase(operation: Operation, value: unknown, what: string): TestCase {
    return this.testCase(operation, { kind: 'positive', plain: true, payload: { kind: 'json', value }, what });
  }

  testCase(operation: Operation, fields: CaseFields): TestCase {
    const { what, ...given } = fields;
    // A valid request to an operation whose body is required carries one (an action that takes a
    // grade): a scenario that names none gets the plain valid body.
    const needsBody =
      given.kind === 'positive' && given.plain === true && !given.payload && operation.requestBody?.required === true;
    const rest = needsBody ? { ...given, ...this.baselinePayload(operation) } : given;
    const mediaType = this.requestMediaType(operation);
    const pathParams = rest.pathParams ?? this.pathParams(operation, 'plain', 0);
    const testCase: TestCase = {
      operation,
      auth: validAuth(operation, this.secrets),
      label: `${operation.method} ${operation.path}${what ? ` ${what}` : ''}`,
      pathParams,
      ...(this.namesMadeItem(operation, pathParams) ? { onMadeItem: true } : {}),
      parameters: this.parameters(operation, 'plain', 0),
      // Sent as the media type the document takes (application/merge-patch+json, not plain JSON).
      ...(rest.payload && mediaType && mediaType !== 'application/json' ? { mediaType } : {}),
      ...rest,
    };
    if (testCase.kind !== 'positive') return testCase;
    const request = this.requestSchema(operation);
    const payload = testCase.payload;
    const named = new Set(testCase.knownReferences ?? []);
    const checked =
      payload?.kind === 'json' && request
        ? {
            ...testCase,
            payload: {
              ...payload,
              value: this.anchors.apply(
                operation,
                pathParams,
                // A value naming a listed item is the service's own: a check digit is not forced on it.
                withWordRules(payload.value, request.schema, (member) => named.has(member), operation.description),
              ),
            },
          }
        : testCase;
    return withPathInBody(checked, request);
  }
}
