// What every planner may use: the seed, the valid credentials, the name prefix, and builders for
// plain bodies, path parameters and labelled cases. Planners only describe what to send.
import fc from 'fast-check';
import { seedOf, UNSATISFIABLE, valueArbitrary } from '../../spec/generate/index.js';
import {
  type CollectionSpec,
  IDEMPOTENCY_HEADER,
  isJsonMediaType,
  type JsonSchema,
  type Operation,
} from '../../spec/index.js';
import { type SecretSource, validAuth } from '../auth/auth-variants.js';
import type { AuthVariant, Placed, TestCase } from '../model.js';
import { TimeAnchors } from './anchors.js';
import { followingWords, withWordRules } from './followed-words.js';
import { plainBodiesOf, type RequestSchema } from './plain-bodies.js';
import { prefixedMember, withPathInBody, withPathInBrokenBody, withPrefixed } from './prefixed-names.js';
import {
  keyParameterSchema,
  requestMediaTypeOf,
  sendableParameterSchema,
  unlikelyId,
  withNonEmptyArrays,
} from './request-shapes.js';
import { RunLedger } from './run-ledger.js';
import { pathText, place, RESERVED_HEADERS } from './serialize.js';

export type { RequestSchema } from './plain-bodies.js';
export { isFreeString } from './prefixed-names.js';

/** The longest string a path, query, header or cookie parameter is given (code points; the schema's
 * minLength wins): percent-encoded, 256 of them stay well inside the 8 KiB request line that common
 * servers read (nginx, Node); longer wild strings only drew 414 and 431 answers, which test nothing. */
const URL_PART_LONGEST = 256;

export type CaseFields = Omit<TestCase, 'operation' | 'label' | 'auth'> & { auth?: AuthVariant; what?: string };

export class PlanContext extends RunLedger {
  private readonly requestSchemas = new Map<Operation, RequestSchema | undefined>();
  /** What valid input the generators could not build, by operation: said as a note, never silent. */
  readonly shortfalls = new Map<Operation, Set<string>>();
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
    /** The document's overview (info.description): rules said once for every operation. */
    readonly overview = '',
  ) {
    super();
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

  /** The property that carries the recognisable prefix (prefixed-names.ts). */
  nameProperty(schema: JsonSchema): string | undefined {
    return prefixedMember(schema, this.prefix);
  }

  withPrefix(schema: JsonSchema, value: unknown): unknown {
    return withPrefixed(schema, value, this.prefix);
  }

  /** Short alphanumeric bodies: every property, then the required ones only, alternately. */
  plainBodies(operation: Operation, count: number, purpose: string): unknown[] {
    const request = this.requestSchema(operation);
    if (!request) return [];
    const { valid, built } = plainBodiesOf(operation, request, count, {
      seed: seedOf(`${operation.id}:plain:${purpose}`, this.seed),
      mediaType: this.requestMediaType(operation),
      prefix: this.prefix,
    });
    if (valid.length === 0 && count > 0) this.shortfall(operation, 'request body');
    if (valid.length < built) {
      this.progress(
        `${operation.id}: could not build every valid body the schema asks for; ${valid.length} of ${built} kept`,
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
        valueArbitrary(keyParameterSchema(parameter, operation, this.collections), {
          style,
          longest: URL_PART_LONGEST,
        }),
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
      const unlikely = followingWords(
        parameter,
        unlikelyId(parameter, keyed ? 1 : 0, keyParameterSchema(parameter, operation, this.collections)),
      );
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
      valueArbitrary(keyParameterSchema(parameter, operation, this.collections), {
        style: 'plain',
        longest: URL_PART_LONGEST,
      }),
      {
        seed: seedOf(`${operation.id}:${name}:fresh:${index}`, this.seed),
        numRuns: 1,
      },
    );
    return value === UNSATISFIABLE ? undefined : pathText(parameter, followingWords(parameter, value));
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

  /** A plain valid case that sends this JSON body (at these path values, where given). */
  plainBodyCase(operation: Operation, value: unknown, what: string, pathParams?: Record<string, string>): TestCase {
    return this.testCase(operation, {
      kind: 'positive',
      plain: true,
      payload: { kind: 'json', value },
      what,
      ...(pathParams ? { pathParams } : {}),
    });
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
    if (testCase.kind === 'negative') return withPathInBrokenBody(testCase);
    if (testCase.kind !== 'positive') return testCase;
    const request = this.requestSchema(operation);
    const payload = testCase.payload;
    const taken = payload?.kind === 'json' ? this.takenMembers(operation.id, payload.value, pathParams) : [];
    const named = new Set([...(testCase.knownReferences ?? []), ...taken]);
    const checked =
      payload?.kind === 'json' && request
        ? {
            ...testCase,
            ...(named.size > 0 ? { knownReferences: [...named] } : {}),
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
