// runConformance: generates cases from the document, sends them to a target, applies every check
// and returns a result. Knows nothing of the mock: a target is a base URL or a request listener.
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { bodyMutations, EDGE_STRINGS, type Mutation, type Payload, valueArbitrary } from '../spec/generate/index.js';
import {
  type CollectionSpec,
  type Contract,
  findCollections,
  type JsonSchema,
  loadContract,
  type Operation,
  responseFor,
} from '../spec/index.js';
import { createRedactor, invalidAuthVariants, validAuth } from './auth-variants.js';
import { CHECK_NAMES, CHECKS } from './checks.js';
import { curlCommand } from './curl.js';
import { type Exchange, HttpClient, type HttpRequest } from './http.js';
import { idKey, parseJson } from './json-body.js';
import {
  type AuthVariant,
  type CheckContext,
  excerpt,
  type Finding,
  type NamedCheck,
  type ParsedBody,
  type SequenceEvidence,
  type TestCase,
  type Violation,
} from './model.js';

export type Target = { readonly baseUrl: string } | { readonly app: RequestListener };

export interface RunOptions {
  readonly target: Target;
  readonly contract?: Contract;
  /** Path of the document, when no contract is given. */
  readonly spec?: string;
  readonly apiKey?: string;
  readonly seed?: number;
  /** Generated cases per operation and property. */
  readonly runs?: number;
  readonly timeoutMs?: number;
  readonly maxResponseBytes?: number;
  readonly concurrency?: number;
  readonly readOnly?: boolean;
  readonly maxWrites?: number;
  readonly namePrefix?: string;
  /** Only these checks (names); default all. */
  readonly checks?: readonly string[];
  readonly skip?: readonly string[];
  readonly onProgress?: (message: string) => void;
  /** Called once for each new distinct failure, as soon as it is found. */
  readonly onFailure?: (violation: Violation) => void;
}

export type CheckOutcome = 'passed' | 'failed' | 'skipped';

export interface OperationResult {
  readonly id: string;
  readonly method: string;
  readonly path: string;
  readonly skipped?: string;
  readonly checks: Record<string, { outcome: CheckOutcome; applied: number; failures: number; notes: number }>;
  readonly documentedStatuses: readonly string[];
  readonly observedStatuses: number[];
  requests: number;
}

export interface RunResult {
  readonly seed: number;
  readonly baseUrl: string;
  readonly startedAt: string;
  readonly durationMs: number;
  readonly requests: number;
  readonly writes: number;
  readonly operations: readonly OperationResult[];
  readonly violations: readonly Violation[];
  readonly notes: readonly Violation[];
  readonly checks: readonly string[];
  /** 0 conformant, 1 violations, 2 could not run. */
  readonly exitCode: 0 | 1 | 2;
  readonly error?: string;
  /** Why the run stopped early, if it did (e.g. the target stopped answering). */
  readonly aborted?: string;
}

export class RunError extends Error {}

export const DEFAULTS = {
  runs: 25,
  timeoutMs: 5_000,
  maxResponseBytes: 10 * 1024 * 1024,
  concurrency: 8,
  maxWrites: 500,
  namePrefix: 'conformance-',
} as const;

/** Transport faults after which the target is deemed down and the run stops sending. */
const FAULTS_BEFORE_ABORT = 3;
const MAX_SHRINKS = 40;
/** Rounds of a property: each round looks for a problem the earlier rounds have not found. */
const PROPERTY_ROUNDS = 4;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const RATE_LIMIT_RETRIES = 3;

function hashSeed(seed: number, label: string): number {
  let hash = seed | 0;
  for (let i = 0; i < label.length; i++) hash = Math.imul(hash ^ label.charCodeAt(i), 16777619);
  return hash | 0;
}

function parseBody(exchange: Exchange): ParsedBody {
  if (!exchange.ok) return { kind: 'empty' };
  const { response } = exchange;
  if (response.bytes === 0) return { kind: 'empty' };
  const header = response.headers['content-type'];
  const type = (Array.isArray(header) ? header[0] : header)?.split(';')[0]?.trim().toLowerCase() ?? '';
  const looksJson = type === '' || type === 'application/json' || type.endsWith('+json');
  try {
    return { kind: 'json', value: parseJson(response.text) };
  } catch (error) {
    return looksJson ? { kind: 'unparseable', error: (error as Error).message } : { kind: 'not-json' };
  }
}

/** A string property whose values are not narrowed to a format, pattern or fixed set. */
function isFreeString(schema: Record<string, unknown> | undefined): schema is Record<string, unknown> {
  return schema?.type === 'string' && !schema.enum && !schema.pattern && !schema.format && !('const' in schema);
}

/** A small limiter: at most `size` tasks at once, in order of arrival. */
function limiter(size: number): <T>(task: () => Promise<T>) => Promise<T> {
  let active = 0;
  const waiting: Array<() => void> = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active >= size) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
    try {
      return await task();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}

interface RequestSchema {
  readonly schema: JsonSchema;
  readonly isValid: (value: unknown) => boolean;
}

interface Executed {
  readonly testCase: TestCase;
  readonly exchange: Exchange;
  readonly body: ParsedBody;
  readonly findings: ReadonlyArray<{ check: NamedCheck; finding: Finding }>;
  readonly applied: readonly NamedCheck[];
}

async function startTarget(target: Target): Promise<{ baseUrl: string; server?: Server }> {
  if ('baseUrl' in target) return { baseUrl: target.baseUrl.replace(/\/+$/, '') };
  const server = createServer(target.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

export async function runConformance(options: RunOptions): Promise<RunResult> {
  const started = performance.now();
  const startedAt = new Date().toISOString();
  const seed = options.seed ?? (Math.random() * 2 ** 31) | 0;
  const enabled = selectChecks(options);
  const contract = options.contract ?? (await loadContract(options.spec));
  const { baseUrl: targetUrl, server } = await startTarget(options.target);
  // A base URL is the service's base address, taken as given; an in-process app gets the document's base path.
  const baseUrl = 'app' in options.target ? `${targetUrl}${contract.basePath}` : targetUrl;
  const run = new Run(contract, options, seed, baseUrl, enabled);
  try {
    await run.execute();
  } finally {
    run.close();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server?.closeAllConnections();
  }
  return run.result(startedAt, performance.now() - started);
}

function selectChecks(options: RunOptions): NamedCheck[] {
  const unknown = [...(options.checks ?? []), ...(options.skip ?? [])].filter((name) => !CHECK_NAMES.includes(name));
  if (unknown.length > 0)
    throw new RunError(`unknown check(s): ${unknown.join(', ')}; known: ${CHECK_NAMES.join(', ')}`);
  return CHECKS.filter(
    (check) => (!options.checks || options.checks.includes(check.name)) && !options.skip?.includes(check.name),
  );
}

class Run {
  private readonly client: HttpClient;
  private readonly limit: <T>(task: () => Promise<T>) => Promise<T>;
  private readonly redact: (text: string) => string;
  private readonly collections: CollectionSpec[];
  private readonly results = new Map<Operation, OperationResult>();
  private readonly problems = new Map<string, Violation>();
  private readonly runs: number;
  private readonly maxWrites: number;
  private readonly prefix: string;
  private requests = 0;
  private writes = 0;
  private faults = 0;
  private aborted: string | undefined;
  private unreachable: string | undefined;
  private firstExchange: Promise<void> | undefined;

  constructor(
    private readonly contract: Contract,
    private readonly options: RunOptions,
    private readonly seed: number,
    private readonly baseUrl: string,
    private readonly enabled: readonly NamedCheck[],
  ) {
    this.client = new HttpClient({
      timeoutMs: options.timeoutMs ?? DEFAULTS.timeoutMs,
      maxResponseBytes: options.maxResponseBytes ?? DEFAULTS.maxResponseBytes,
      concurrency: options.concurrency ?? DEFAULTS.concurrency,
    });
    this.limit = limiter(options.concurrency ?? DEFAULTS.concurrency);
    this.redact = createRedactor(options.apiKey);
    this.collections = findCollections(contract);
    this.runs = options.runs ?? DEFAULTS.runs;
    this.maxWrites = options.maxWrites ?? DEFAULTS.maxWrites;
    this.prefix = options.namePrefix ?? DEFAULTS.namePrefix;
    for (const operation of contract.operations) {
      this.results.set(operation, {
        id: operation.id,
        method: operation.method,
        path: operation.path,
        ...(this.skipReason(operation) ? { skipped: this.skipReason(operation)! } : {}),
        checks: Object.fromEntries(
          enabled.map((check) => [
            check.name,
            { outcome: 'skipped' as CheckOutcome, applied: 0, failures: 0, notes: 0 },
          ]),
        ),
        documentedStatuses: operation.responses.map((r) => r.status),
        observedStatuses: [],
        requests: 0,
      });
    }
  }

  private skipReason(operation: Operation): string | undefined {
    if (operation.unspecified) return 'x-unspecified: the document names it but does not show its behaviour';
    if (this.options.readOnly && !SAFE_METHODS.has(operation.method)) return '--read-only: no writes are sent';
    if (operation.security.length > 0 && !operation.security.some((alt) => alt.length === 0) && !this.options.apiKey) {
      return 'no API key given (CONFORMANCE_API_KEY or --api-key)';
    }
    return undefined;
  }

  private progress(message: string): void {
    this.options.onProgress?.(this.redact(message));
  }

  async execute(): Promise<void> {
    const testable = this.contract.operations.filter((operation) => !this.results.get(operation)!.skipped);
    if (testable.length === 0) {
      const reasons = [...new Set([...this.results.values()].map((r) => r.skipped))].join('; ');
      throw new RunError(`nothing to test: ${reasons}`);
    }
    await Promise.all([
      ...testable.map(async (operation) => {
        await this.testOperation(operation);
        const result = this.results.get(operation)!;
        const failed = Object.values(result.checks).filter((c) => c.outcome === 'failed').length;
        this.progress(`${operation.id}: done, ${result.requests} requests, ${failed} failing check(s)`);
      }),
      ...this.collections
        .filter((c) => c.list && c.create && !this.options.readOnly && testable.includes(c.create.operation))
        .map(async (c) => {
          await this.testSequences(c);
          this.progress(`${c.path}: create, list and read-back sequences done`);
        }),
    ]);
  }

  // --- cases -------------------------------------------------------------------------------

  private readonly requestSchemas = new Map<Operation, RequestSchema | undefined>();

  /** The request body schema and its validity test, built once per operation. */
  private requestSchema(operation: Operation): RequestSchema | undefined {
    if (!this.requestSchemas.has(operation)) {
      const validator = operation.requestBody?.content.find((m) => m.validator)?.validator;
      this.requestSchemas.set(
        operation,
        validator && { schema: validator.schema, isValid: (value) => validator.validate(value).length === 0 },
      );
    }
    return this.requestSchemas.get(operation);
  }

  /** The property that carries the recognisable prefix: the first required, unconstrained string. */
  private nameProperty(schema: JsonSchema): string | undefined {
    if (this.prefix === '') return undefined;
    const properties = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
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

  private withPrefix(schema: JsonSchema, value: unknown): unknown {
    const name = this.nameProperty(schema);
    if (!name || typeof value !== 'object' || value === null || Array.isArray(value)) return value;
    const object = value as Record<string, unknown>;
    if (typeof object[name] !== 'string') return value;
    const max =
      ((schema.properties as Record<string, Record<string, unknown>>)[name]!.maxLength as number | undefined) ??
      Infinity;
    const prefixed = `${this.prefix}${object[name] as string}`;
    return { ...object, [name]: [...prefixed].length <= max ? prefixed : [...prefixed].slice(0, max).join('') };
  }

  private plainBodies(operation: Operation, count: number, purpose: string): unknown[] {
    const request = this.requestSchema(operation);
    if (!request) return [];
    const properties = Object.keys((request.schema.properties ?? {}) as object);
    const everything = {
      ...request.schema,
      required: [...new Set([...((request.schema.required as string[]) ?? []), ...properties])],
    };
    const samples = fc.sample(valueArbitrary(everything, { style: 'plain' }), {
      seed: hashSeed(this.seed, `${operation.id}:plain:${purpose}`),
      numRuns: count,
    });
    const required = new Set((request.schema.required as string[]) ?? []);
    const bodies = samples.map((sample, index) => {
      // Alternate: every property present, then the required ones only.
      const body =
        index % 2 === 1 && typeof sample === 'object' && sample !== null
          ? Object.fromEntries(Object.entries(sample).filter(([name]) => required.has(name)))
          : sample;
      return this.withPrefix(request.schema, body);
    });
    // A schema the generators cannot satisfy yields invalid bodies: they are never sent as valid.
    const valid = bodies.filter((body) => request.isValid(body));
    if (valid.length < bodies.length)
      this.progress(
        `${operation.id}: could not build every valid body the schema asks for; ${valid.length} of ${bodies.length} kept`,
      );
    return valid;
  }

  private pathParams(operation: Operation, style: 'plain' | 'wild', index: number): Record<string, string> {
    const params: Record<string, string> = {};
    for (const parameter of operation.parameters.filter((p) => p.in === 'path')) {
      const [value] = fc.sample(valueArbitrary(parameter.validator.schema, { style }), {
        seed: hashSeed(this.seed, `${operation.id}:${parameter.name}:${index}`),
        numRuns: 1,
      });
      params[parameter.name] = typeof value === 'string' ? value : JSON.stringify(value);
    }
    return params;
  }

  private testCase(
    operation: Operation,
    fields: Omit<TestCase, 'operation' | 'label' | 'auth'> & { auth?: AuthVariant; what?: string },
  ): TestCase {
    const { what, ...rest } = fields;
    return {
      operation,
      auth: validAuth(this.options.apiKey),
      label: `${operation.method} ${operation.path}${what ? ` ${what}` : ''}`,
      ...rest,
    };
  }

  private async testOperation(operation: Operation): Promise<void> {
    const collection = this.collections.find(
      (c) => c.list?.operation === operation || c.create?.operation === operation || c.read?.operation === operation,
    );
    const request = this.requestSchema(operation);
    const plain = request ? this.plainBodies(operation, 4, 'cases') : [undefined];
    const plainCase = (body: unknown, index: number, extra: Partial<TestCase> = {}): TestCase =>
      this.testCase(operation, {
        kind: 'positive',
        plain: true,
        pathParams: this.pathParams(operation, 'plain', index),
        ...(body !== undefined ? { payload: { kind: 'json', value: body } as Payload } : {}),
        what: body !== undefined ? 'with a plain valid body' : 'with valid input',
        ...extra,
      });

    // 1. Plain valid input first: it also tells whether the target answers at all.
    await this.executeAll(
      plain.slice(0, 1).map((body) => plainCase(body, 0)),
      collection,
    );
    if (this.unreachable || this.aborted) return;
    this.progress(`${operation.id}: valid, invalid and credential cases`);

    // 2. Missing and wrong credentials, with a valid body and (auth comes first) an invalid one.
    const scheme = operation.security.find((alt) => alt.length > 0)?.[0];
    const authCases: TestCase[] = [];
    if (scheme) {
      for (const variant of invalidAuthVariants(this.options.apiKey, scheme)) {
        authCases.push(
          this.testCase(operation, {
            kind: 'auth',
            auth: variant,
            what: `with ${variant.label}`,
            pathParams: this.pathParams(operation, 'plain', 0),
            ...(plain[0] !== undefined ? { payload: { kind: 'json', value: plain[0] } as Payload } : {}),
          }),
        );
        if (request) {
          authCases.push(
            this.testCase(operation, {
              kind: 'auth',
              auth: variant,
              what: `with ${variant.label} and an invalid body`,
              pathParams: this.pathParams(operation, 'plain', 0),
              payload: { kind: 'raw', text: '{"invalid": ' },
            }),
          );
        }
      }
    }

    // 3. Each named mutation applied to a plain valid body, and each path parameter broken once.
    const mutations = request ? bodyMutations(request.schema, request.isValid, plain[0]) : [];
    const negativeCases = [
      ...mutations.map((mutation) => this.mutationCase(operation, mutation, plain[0])),
      ...this.pathParameterCases(operation, plain[0]),
    ];

    await Promise.all([
      this.executeAll(
        [
          ...plain.slice(1).map((body, index) => plainCase(body, index + 1)),
          ...authCases,
          ...negativeCases,
          ...this.edgeCases(operation, plain[0]),
        ],
        collection,
      ),
      // 4. Generated valid input over the whole input space, shrunk on failure.
      this.property(
        `${operation.id}:valid`,
        request
          ? fc
              .tuple(valueArbitrary(request.schema, { style: 'wild' }), fc.nat())
              .map(([body, index]) => ({ body: this.withPrefix(request.schema, body), index }))
              .map(({ body, index }) =>
                request.isValid(body)
                  ? this.testCase(operation, {
                      kind: 'positive',
                      payload: { kind: 'json', value: body },
                      pathParams: this.pathParams(operation, 'wild', index % 8),
                      what: 'with a generated valid body',
                    })
                  : undefined,
              )
          : fc.nat({ max: 7 }).map((index) => plainCase(undefined, index)),
        request ? this.runs : Math.min(this.runs, 3),
        collection,
      ),
      // 5. Generated valid bodies, each with one generated mutation.
      mutations.length > 0 && request
        ? this.property(
            `${operation.id}:invalid`,
            fc
              .tuple(valueArbitrary(request.schema, { style: 'wild' }), fc.constantFrom(...mutations))
              .map(([body, mutation]) => ({ body: this.withPrefix(request.schema, body), mutation }))
              .map(({ body, mutation }) => {
                // Only a valid body with one mutation that makes it invalid on the wire is a negative case.
                const payload = mutation.apply(body);
                const stillValid = payload.kind === 'json' && request.isValid(payload.value);
                return request.isValid(body) && !stillValid ? this.mutationCase(operation, mutation, body) : undefined;
              }),
            this.runs,
            collection,
          )
        : Promise.resolve(),
    ]);
  }

  /**
   * Every edge string (and very long strings) in each free string property of a plain body, one
   * property at a time: faults in escaping, trimming, coercion or storage show up whatever the seed.
   */
  private edgeCases(operation: Operation, body: unknown): TestCase[] {
    const request = this.requestSchema(operation);
    if (!request || typeof body !== 'object' || body === null || Array.isArray(body)) return [];
    const properties = (request.schema.properties ?? {}) as Record<string, Record<string, unknown>>;
    const cases: TestCase[] = [];
    for (const [name, schema] of Object.entries(properties)) {
      if (!isFreeString(schema)) continue;
      const values = [...EDGE_STRINGS, 'é'.repeat(10_000), '😀'.repeat(50_000)];
      for (const value of values) {
        const edged = this.withPrefix(request.schema, { ...(body as Record<string, unknown>), [name]: value });
        if (!request.isValid(edged)) continue;
        cases.push(
          this.testCase(operation, {
            kind: 'positive',
            payload: { kind: 'json', value: edged },
            what: `with ${name} ${JSON.stringify(value.length > 40 ? `${value.slice(0, 12)}… (${value.length} characters)` : value)}`,
          }),
        );
      }
    }
    return cases;
  }

  /** Path parameter values that break the parameter's schema, as they would arrive in a URL. */
  private pathParameterCases(operation: Operation, body: unknown): TestCase[] {
    const cases: TestCase[] = [];
    for (const parameter of operation.parameters.filter((p) => p.in === 'path')) {
      const schema = parameter.validator.schema as Record<string, unknown>;
      const broken: Array<[string, string]> = [];
      if (schema.type === 'integer' || schema.type === 'number') broken.push(['not-a-number', 'is not a number']);
      if (schema.type === 'integer') broken.push(['1.5', 'is not a whole number']);
      if (typeof schema.minimum === 'number')
        broken.push([String(schema.minimum - 1), `is below the minimum ${schema.minimum}`]);
      if (typeof schema.maximum === 'number')
        broken.push([String(schema.maximum + 1), `is above the maximum ${schema.maximum}`]);
      if (Array.isArray(schema.enum)) broken.push(['not-in-enum', `is not one of ${JSON.stringify(schema.enum)}`]);
      if (typeof schema.maxLength === 'number')
        broken.push(['x'.repeat(schema.maxLength + 1), `is longer than ${schema.maxLength} characters`]);
      for (const [value, label] of broken) {
        const pathParams = { ...this.pathParams(operation, 'plain', 0), [parameter.name]: value };
        const mutation = `path parameter ${parameter.name} ${label}`;
        cases.push(
          this.testCase(operation, {
            kind: 'negative',
            mutation,
            pathParams,
            what: mutation,
            ...(body !== undefined ? { payload: { kind: 'json', value: body } as Payload } : {}),
          }),
        );
      }
    }
    return cases;
  }

  private mutationCase(operation: Operation, mutation: Mutation, body: unknown): TestCase {
    return this.testCase(operation, {
      kind: 'negative',
      mutation: mutation.label,
      payload: mutation.apply(body),
      pathParams: this.pathParams(operation, 'plain', 0),
      what: `body: ${mutation.label}`,
    });
  }

  /** Create then list; many creations in a row and at once; a client-sent id that collides. */
  private async testSequences(collection: CollectionSpec): Promise<void> {
    const list = collection.list!.operation;
    const create = collection.create!.operation;
    const listCase = this.testCase(list, { kind: 'positive', plain: true, what: 'after creations' });
    const before = await this.listItems(listCase, collection);
    if (!before.items || this.aborted) return;
    const bodies = this.plainBodies(create, 10, 'sequence');
    const creations: Array<{ sent: Record<string, unknown>; exchange: Exchange; body: ParsedBody }> = [];
    const createOne = async (body: unknown) => {
      const executed = await this.executeOne(
        this.testCase(create, {
          kind: 'positive',
          plain: true,
          payload: { kind: 'json', value: body },
          what: 'in a sequence of creations',
        }),
        collection,
      );
      if (executed)
        creations.push({ sent: body as Record<string, unknown>, exchange: executed.exchange, body: executed.body });
    };
    for (const body of bodies.slice(0, 5)) await createOne(body);
    await Promise.all(bodies.slice(5).map(createOne));
    const evidence: Omit<SequenceEvidence, 'after'> = { creations, before: before.items };
    await this.listItems(listCase, collection, evidence);
    await this.readBack(collection, creations.slice(0, 5));

    // A client-sent id that collides with an existing item must not take it over.
    const existing = before.items[0];
    if (!existing || this.aborted) return;
    const [body] = this.plainBodies(create, 1, 'client-id');
    const sent = { ...(body as Record<string, unknown>), [collection.idProperty]: existing[collection.idProperty] };
    const collidingId = idKey(existing, collection.idProperty);
    const idCase = this.testCase(create, {
      kind: 'positive',
      payload: { kind: 'json', value: sent },
      what: `with a client-sent ${collection.idProperty} that collides with an existing item`,
    });
    const sentWithId = await this.executeOne(idCase, collection);
    if (!sentWithId) return;
    await this.listItems(listCase, collection, {
      creations: [{ sent, exchange: sentWithId.exchange, body: sentWithId.body }],
      before: before.items,
      collidingId,
    });
  }

  /** Reads created items back through the collection's read operation, where the document has one. */
  private async readBack(
    collection: CollectionSpec,
    creations: ReadonlyArray<{ sent: Record<string, unknown>; body: ParsedBody }>,
  ): Promise<void> {
    const read = collection.read;
    if (!read) return;
    await Promise.all(
      creations.map(async ({ sent, body }) => {
        const item = body.kind === 'json' ? (body.value as Record<string, unknown> | null) : null;
        if (!item || typeof item !== 'object' || item[collection.idProperty] === undefined) return;
        const id = idKey(item, collection.idProperty);
        const testCase = this.testCase(read.operation, {
          kind: 'positive',
          plain: true,
          pathParams: { [read.parameter]: id.replace(/^"|"$/g, '') },
          what: 'for an item just created',
        });
        const exchange = await this.send(testCase);
        if (exchange)
          this.record(this.check(testCase, exchange, parseBody(exchange), collection, { readBack: { id, sent } }));
      }),
    );
  }

  /**
   * Lists the collection and checks it against the sequence's evidence. A list that lacks a
   * created item is read again after 250 ms and 1 s before the check runs: the seed does not say
   * how soon a creation shows, so a service that indexes asynchronously is given a moment.
   */
  private async listItems(
    testCase: TestCase,
    collection: CollectionSpec,
    evidence?: Omit<SequenceEvidence, 'after'>,
  ): Promise<{ items?: Record<string, unknown>[] }> {
    let read = await this.readList(testCase);
    for (const delay of [250, 1_000]) {
      if (!read || !evidence || !read.items || this.allListed(collection, evidence, read.items)) break;
      await new Promise((resolve) => setTimeout(resolve, delay));
      read = (await this.readList(testCase)) ?? read;
    }
    if (!read) return {};
    const sequence = evidence && read.items ? { ...evidence, after: read.items } : undefined;
    this.record(this.check(testCase, read.exchange, read.body, collection, sequence));
    return read.items ? { items: read.items } : {};
  }

  private async readList(
    testCase: TestCase,
  ): Promise<{ exchange: Exchange; body: ParsedBody; items?: Record<string, unknown>[] } | undefined> {
    const exchange = await this.send(testCase);
    if (!exchange) return undefined;
    const body = parseBody(exchange);
    const items =
      body.kind === 'json' && Array.isArray(body.value) ? (body.value as Record<string, unknown>[]) : undefined;
    return { exchange, body, ...(items ? { items } : {}) };
  }

  private allListed(
    collection: CollectionSpec,
    evidence: Omit<SequenceEvidence, 'after'>,
    items: readonly Record<string, unknown>[],
  ): boolean {
    const listed = new Set(
      items.filter((item) => item && typeof item === 'object').map((item) => idKey(item, collection.idProperty)),
    );
    return (evidence.creations ?? []).every(({ body }) => {
      const item = body.kind === 'json' ? (body.value as Record<string, unknown> | null) : null;
      return (
        !item ||
        typeof item !== 'object' ||
        item[collection.idProperty] === undefined ||
        listed.has(idKey(item, collection.idProperty))
      );
    });
  }

  // --- execution ---------------------------------------------------------------------------

  private async executeAll(cases: readonly TestCase[], collection: CollectionSpec | undefined): Promise<void> {
    await Promise.all(cases.map((testCase) => this.executeOne(testCase, collection)));
  }

  private async executeOne(testCase: TestCase, collection: CollectionSpec | undefined): Promise<Executed | undefined> {
    const exchange = await this.send(testCase);
    if (!exchange) return undefined;
    const executed = await this.confirmRefusal(
      this.check(testCase, exchange, parseBody(exchange), collection),
      collection,
    );
    this.record(executed);
    return executed;
  }

  /**
   * A fast-check property over generated cases. On a failure fast-check shrinks the case; the
   * last failing case it tries is the minimal one and is the one reported. Later rounds replay the
   * same seed while ignoring the problems already found, so one problem cannot hide another.
   */
  /** undefined cases (inputs the generators could not make right) are skipped, never sent. */
  private async property(
    name: string,
    cases: fc.Arbitrary<TestCase | undefined>,
    runs: number,
    collection: CollectionSpec | undefined,
  ): Promise<void> {
    const known = new Set<string>();
    for (let round = 0; round < PROPERTY_ROUNDS && !this.aborted; round++) {
      let minimal: Executed | undefined;
      let shrinking = false;
      const result = await fc.check(
        fc.asyncProperty(fc.limitShrink(cases, MAX_SHRINKS), async (testCase) => {
          if (this.aborted || this.unreachable) return true;
          fc.pre(testCase !== undefined);
          if (!testCase) return true;
          const exchange = await this.send(testCase);
          if (!exchange) return true;
          const executed = this.check(testCase, exchange, parseBody(exchange), collection);
          const fresh = executed.findings.filter(
            ({ check, finding }) =>
              finding.severity !== 'note' && !known.has(this.problemKey(check, testCase.operation, finding)),
          );
          if (fresh.length === 0) {
            if (!shrinking) this.record(executed);
            return true;
          }
          shrinking = true;
          minimal = executed;
          return false;
        }),
        { seed: hashSeed(this.seed, name), numRuns: runs, endOnFailure: false },
      );
      if (!result.failed || !minimal) return;
      const found: Executed = minimal;
      this.record(found);
      for (const { check, finding } of found.findings)
        known.add(this.problemKey(check, found.testCase.operation, finding));
    }
  }

  private buildRequest(testCase: TestCase): HttpRequest {
    let path = testCase.operation.path;
    for (const [name, value] of Object.entries(testCase.pathParams ?? {}))
      path = path.replace(`{${name}}`, encodeURIComponent(value));
    const headers: Record<string, string> = { accept: 'application/json', 'user-agent': 'pet-catalog-conformance' };
    if (testCase.auth.header !== undefined) headers.authorization = testCase.auth.header;
    let body: string | undefined;
    if (testCase.payload) {
      headers['content-type'] = 'application/json';
      body = testCase.payload.kind === 'json' ? JSON.stringify(testCase.payload.value) : testCase.payload.text;
    }
    return {
      method: testCase.operation.method,
      url: `${this.baseUrl}${path}`,
      headers,
      ...(body !== undefined ? { body } : {}),
    };
  }

  /** Sends one case, within the write budget; undefined when it was not sent. */
  private async send(testCase: TestCase): Promise<Exchange | undefined> {
    if (this.aborted || this.unreachable) return undefined;
    const isWrite = !SAFE_METHODS.has(testCase.operation.method);
    if (isWrite) {
      if (this.writes >= this.maxWrites) return undefined;
      this.writes++;
    }
    // The very first request runs alone: if the target is unreachable, nothing else is sent.
    const first = this.firstExchange;
    let release: (() => void) | undefined;
    if (!first) this.firstExchange = new Promise<void>((resolve) => (release = resolve));
    else await first;
    if (this.unreachable) return undefined;
    // Checked again once a slot is free: the target may have been given up on while this waited.
    const exchange = await this.limit(() => this.sendWithRateLimitRetries(this.buildRequest(testCase)));
    if (!exchange) {
      release?.();
      return undefined;
    }
    this.requests++;
    const result = this.results.get(testCase.operation)!;
    result.requests++;
    if (exchange.ok) {
      if (!result.observedStatuses.includes(exchange.response.status))
        result.observedStatuses.push(exchange.response.status);
    } else if (release && (exchange.fault.kind === 'refused' || exchange.fault.kind === 'not-found')) {
      this.unreachable = `target unreachable: ${exchange.fault.message} at ${this.baseUrl}`;
    } else if (++this.faults >= FAULTS_BEFORE_ABORT && !this.aborted) {
      this.aborted = `stopped after ${this.faults} transport failures (last: ${exchange.fault.message})`;
      this.progress(this.aborted);
    }
    release?.();
    return exchange;
  }

  /** Rate limits are not specified, so a 429 is waited out (Retry-After, at most 2 s) a few times. */
  private async sendWithRateLimitRetries(request: HttpRequest): Promise<Exchange | undefined> {
    for (let attempt = 0; ; attempt++) {
      if (this.aborted) return undefined;
      const exchange = await this.client.send(request);
      if (!exchange.ok || exchange.response.status !== 429 || attempt >= RATE_LIMIT_RETRIES) return exchange;
      const retryAfter = Number(exchange.response.headers['retry-after']);
      await new Promise((resolve) =>
        setTimeout(resolve, Number.isFinite(retryAfter) ? Math.min(retryAfter * 1000, 2_000) : 500),
      );
    }
  }

  /**
   * A 400 for plain valid input fails the run, unless the service refused a name it already holds:
   * uniqueness is not specified (a replay with the same seed sends the same names). One list read
   * tells which.
   */
  private async confirmRefusal(executed: Executed, collection: CollectionSpec | undefined): Promise<Executed> {
    const refused = executed.findings.some(({ check }) => check.name === 'positive_data_acceptance');
    const payload = executed.testCase.payload;
    if (
      !refused ||
      !executed.exchange.ok ||
      executed.exchange.response.status !== 400 ||
      !collection?.list ||
      payload?.kind !== 'json'
    )
      return executed;
    const name = collection.create && this.nameProperty(this.requestSchema(collection.create.operation)?.schema ?? {});
    const sent = (payload.value as Record<string, unknown>)[name ?? ''];
    if (name === undefined || sent === undefined) return executed;
    const listing = await this.send(
      this.testCase(collection.list.operation, { kind: 'positive', what: 'to confirm a refusal' }),
    );
    const body = listing ? parseBody(listing) : undefined;
    const exists =
      body?.kind === 'json' &&
      Array.isArray(body.value) &&
      body.value.some((item) => (item as Record<string, unknown>)?.[name] === sent);
    if (!exists) return executed;
    return {
      ...executed,
      findings: executed.findings.map((entry) =>
        entry.check.name === 'positive_data_acceptance'
          ? {
              check: entry.check,
              finding: {
                severity: 'note',
                title: 'Valid input refused: name already taken',
                message: `Received: 400 for a ${name} the list already holds / Expected: 2xx; uniqueness is not specified, so this is not a failure`,
              },
            }
          : entry,
      ),
    };
  }

  private check(
    testCase: TestCase,
    exchange: Exchange,
    body: ParsedBody,
    collection?: CollectionSpec,
    sequence?: SequenceEvidence,
  ): Executed {
    const context: CheckContext = {
      contract: this.contract,
      testCase,
      exchange,
      body,
      ...(exchange.ok ? { response: responseFor(testCase.operation, exchange.response.status) } : {}),
      ...(collection ? { collection } : {}),
      ...(sequence ? { sequence } : {}),
    } as CheckContext;
    const findings: Array<{ check: NamedCheck; finding: Finding }> = [];
    const applied: NamedCheck[] = [];
    for (const check of this.enabled) {
      const outcome = check.run(context);
      if (outcome === undefined) continue;
      applied.push(check);
      for (const finding of outcome) findings.push({ check, finding });
    }
    return { testCase, exchange, body, findings, applied };
  }

  private problemKey(check: NamedCheck, operation: Operation, finding: Finding): string {
    // Array indices are left out: the same problem in items 0, 1 and 2 of a list is one problem.
    const pointer = (finding.pointer ?? '').replace(/\/\d+(?=\/|$)/g, '/*');
    return [
      check.name,
      operation.id,
      finding.severity ?? 'failure',
      finding.title,
      pointer,
      finding.keyword ?? '',
    ].join('\u0000');
  }

  private record(executed: Executed): void {
    const result = this.results.get(executed.testCase.operation)!;
    for (const check of executed.applied) {
      const stats = result.checks[check.name]!;
      stats.applied++;
      if (stats.outcome === 'skipped') stats.outcome = 'passed';
    }
    for (const { check, finding } of executed.findings) {
      const stats = result.checks[check.name]!;
      const severity = finding.severity ?? 'failure';
      if (severity === 'failure') {
        stats.failures++;
        stats.outcome = 'failed';
      } else {
        stats.notes++;
      }
      const key = this.problemKey(check, executed.testCase.operation, finding);
      const known = this.problems.get(key);
      if (known) {
        known.occurrences++;
        continue;
      }
      const violation = this.violation(check, executed, finding, severity);
      this.problems.set(key, violation);
      if (severity === 'failure') {
        this.progress(`FAIL ${violation.check} · ${violation.operation} · ${violation.title}`);
        this.options.onFailure?.(violation);
      }
    }
  }

  private violation(check: NamedCheck, executed: Executed, finding: Finding, severity: 'failure' | 'note'): Violation {
    const { testCase, exchange } = executed;
    const request = exchange.request;
    const redact = this.redact;
    const contentType = exchange.ok ? exchange.response.headers['content-type'] : undefined;
    return {
      check: check.name,
      operation: testCase.operation.id,
      severity,
      title: redact(finding.title),
      message: redact(finding.message),
      ...(finding.pointer !== undefined ? { pointer: finding.pointer } : {}),
      ...(finding.keyword !== undefined ? { keyword: finding.keyword } : {}),
      caseLabel: redact(testCase.label),
      ...(testCase.mutation ? { mutation: testCase.mutation } : {}),
      request: {
        method: request.method,
        url: redact(request.url),
        ...(request.body !== undefined ? { bodyExcerpt: redact(excerpt(request.body)) } : {}),
      },
      ...(exchange.ok
        ? {
            response: {
              status: exchange.response.status,
              ...(contentType ? { contentType: redact(String(contentType)) } : {}),
              bodyExcerpt: redact(excerpt(exchange.response.text)),
            },
          }
        : { transport: redact(exchange.fault.message) }),
      curl: redact(curlCommand(request, testCase.auth)),
      occurrences: 1,
    };
  }

  close(): void {
    this.client.close();
  }

  result(startedAt: string, durationMs: number): RunResult {
    const all = [...this.problems.values()];
    const violations = all.filter((v) => v.severity === 'failure');
    const tested = [...this.results.values()].some((r) => r.requests > 0);
    const exitCode = this.unreachable || !tested ? 2 : violations.length > 0 ? 1 : 0;
    return {
      seed: this.seed,
      baseUrl: this.redact(this.baseUrl),
      startedAt,
      durationMs,
      requests: this.requests,
      writes: this.writes,
      operations: [...this.results.values()],
      violations,
      notes: all.filter((v) => v.severity === 'note'),
      checks: this.enabled.map((check) => check.name),
      exitCode,
      ...(this.unreachable ? { error: this.unreachable } : !tested ? { error: 'nothing was tested' } : {}),
      ...(this.aborted ? { aborted: this.aborted } : {}),
    };
  }
}
