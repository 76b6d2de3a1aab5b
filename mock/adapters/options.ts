// Command-line flags and environment variables of the mock, resolved into one options record.
import { parseArgs } from 'node:util';
import {
  DEFAULT_API_KEY,
  DEFAULT_BODY_LIMIT,
  DEFAULT_MAX_ITEMS,
  DEFAULT_PORT,
  DEFAULT_PROXY_JUDGE_LIMIT,
  DEFAULT_UNSPECIFIED_STATUS,
} from '../core/defaults.js';

export interface MockCliOptions {
  readonly port: number;
  readonly host: string;
  /** Keys, and whether they came from the user (then they are never printed). */
  readonly apiKeys: readonly string[];
  readonly keysFromUser: boolean;
  readonly spec?: string;
  readonly strictExamples: boolean;
  readonly seedFile?: string;
  readonly empty: boolean;
  readonly bodyLimitBytes: number;
  readonly maxItems: number;
  readonly corsOrigins: '*' | readonly string[] | false;
  readonly latencyMs: number;
  readonly unspecifiedStatus: number;
  readonly log: 'text' | 'json' | 'none';
  /** Validating proxy: the upstream's base URL. */
  readonly proxy?: string;
  readonly proxyStrict: boolean;
  /** Upstream answers larger than this pass through unjudged. */
  readonly proxyJudgeLimitBytes: number;
  /** Reload the document and the seed file when they change. */
  readonly watch: boolean;
  readonly journal: boolean;
  /** A model file correcting the inferred API model. */
  readonly model?: string;
  /** Print the API model and exit (as JSON with --json). */
  readonly explain: false | 'text' | 'json';
  readonly help: boolean;
}

export class UsageError extends Error {}

export const MOCK_HELP = `pet-catalog-mock: a stateful mock of the Pet Catalog Service, driven by its OpenAPI document.

Usage: npm start -- [flags]        (or: npx pet-catalog-mock [flags])

Flags (each overrides its environment variable):
  --port N               PORT                 port to listen on (default ${DEFAULT_PORT}; 0 picks a free one)
  --host H               HOST                 address to listen on (default 127.0.0.1)
  --api-key K            MOCK_API_KEYS        accepted bearer key; repeat the flag, or comma-separate
                                              the variable (default: ${DEFAULT_API_KEY})
  --spec FILE            MOCK_SPEC            OpenAPI document (default: spec/openapi.yaml): OpenAPI
                                              3.0 or 3.1, Swagger 2.0 (read as 3.0), 3.2 where 3.1
                                              can read it; files its $refs name are read too
  --strict-examples      MOCK_STRICT_EXAMPLES=1
                                              refuse a document whose examples break their
                                              schemas (default: one warning line each)
  --seed-file FILE       MOCK_SEED_FILE       seed data (default: mock/categories.json)
  --empty                MOCK_EMPTY=1         start with an empty store
  --body-limit BYTES     MOCK_BODY_LIMIT      largest request body (default ${DEFAULT_BODY_LIMIT})
  --max-categories N     MOCK_MAX_CATEGORIES  most items per collection (default ${DEFAULT_MAX_ITEMS});
                                              past it a create gets 400 store_full
  --cors-origin O        MOCK_CORS_ORIGINS    allowed origin; repeat or comma-separate
                                              (default: every origin reflected)
  --no-cors              MOCK_CORS=off        send no CORS headers
  --latency MS           MOCK_LATENCY_MS      delay every response by MS milliseconds
  --unspecified-status N MOCK_UNSPECIFIED_STATUS
                                              status for operations whose behaviour the document
                                              does not show (default ${DEFAULT_UNSPECIFIED_STATUS}; 404 for tools that fail
                                              on any 5xx)
  --log text|json        MOCK_LOG             one line per request (default text)
  --proxy URL            MOCK_PROXY           validating proxy: forward every request under the base
                                              path to this upstream base URL (its base path included),
                                              judge request and answer by the document, add
                                              X-Contract-Violations: N; violations are logged and kept
                                              in GET /__mock/violations
  --proxy-strict         MOCK_PROXY_STRICT=1  a violating answer becomes a 502 Error
                                              (contract_violation); an invalid request gets the mock's
                                              400 without reaching the upstream
  --proxy-judge-limit BYTES MOCK_PROXY_JUDGE_LIMIT
                                              larger upstream answers are streamed through
                                              unjudged, with an answer_not_judged violation
                                              (default ${DEFAULT_PROXY_JUDGE_LIMIT})
  --watch                MOCK_WATCH=1         reload the document (and files it references) and the
                                              seed file when they change; a broken edit keeps the
                                              previous contract
  --no-journal           MOCK_JOURNAL=off     keep no request journal (for load tests)
  --model FILE           MOCK_MODEL           corrections to the inferred API model: an OpenAPI
                                              Overlay 1.0 whose actions set x-model on path items,
                                              or {"resources": {"/path": {items, item, id, cursor,
                                              next, member, target, owned}}} (JSON or YAML)
  --explain [--json]                          print the API model (each resource, how its list,
                                              item, id, paging and idioms were read, with JSON
                                              pointers; what was not understood) and exit
  --quiet                                     no request log
  --help                                      this text

Requests:
  Authorization: Bearer <key>     the key, where the document's security schemes ask for one
                                  (any scheme: bearer, basic as the password, apiKey in its
                                  header, query or cookie, OAuth2/OpenID tokens)
  X-Mock-Session: <id>            a private copy of the seeded store for this id
  Prefer: code=401                force a status the document lists for the operation
  POST /__mock/reset              reset one session (X-Mock-Session or ?session=) or all; needs the key
  GET /__mock/requests            the request journal of a session (the last 1000); DELETE clears; needs the key
  GET /__mock/violations          what the validating proxy found; DELETE clears; needs the key
  GET /openapi.yaml, /openapi.json, /__mock/health

Exit codes: 0 stopped by SIGINT/SIGTERM; 2 bad flags, invalid document or seed, port in use.
`;

function integer(name: string, raw: string | undefined, fallback: number, min: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < min)
    throw new UsageError(`${name} must be a whole number of at least ${min}, not "${raw}"`);
  return value;
}

function port(raw: string | undefined): number {
  const value = integer('--port', raw, DEFAULT_PORT, 0);
  if (value > 65535) throw new UsageError(`--port must be at most 65535, not "${raw}"`);
  return value;
}

function errorStatus(raw: string | undefined): number {
  const value = integer('--unspecified-status', raw, DEFAULT_UNSPECIFIED_STATUS, 400);
  if (value > 599) throw new UsageError(`--unspecified-status must be a 4xx or 5xx status, not "${raw}"`);
  return value;
}

function list(raw: string | readonly string[] | undefined): string[] {
  const values = typeof raw === 'string' ? [raw] : (raw ?? []);
  return values
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter(Boolean);
}

const MOCK_FLAGS = {
  port: { type: 'string' },
  host: { type: 'string' },
  'api-key': { type: 'string', multiple: true },
  spec: { type: 'string' },
  'strict-examples': { type: 'boolean' },
  'seed-file': { type: 'string' },
  empty: { type: 'boolean' },
  'body-limit': { type: 'string' },
  'max-categories': { type: 'string' },
  'cors-origin': { type: 'string', multiple: true },
  'no-cors': { type: 'boolean' },
  latency: { type: 'string' },
  'unspecified-status': { type: 'string' },
  log: { type: 'string' },
  proxy: { type: 'string' },
  'proxy-strict': { type: 'boolean' },
  'proxy-judge-limit': { type: 'string' },
  watch: { type: 'boolean' },
  'no-journal': { type: 'boolean' },
  model: { type: 'string' },
  explain: { type: 'boolean' },
  json: { type: 'boolean' },
  quiet: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

export function parseMockOptions(argv: readonly string[], env: NodeJS.ProcessEnv): MockCliOptions {
  const parse = () => parseArgs({ args: [...argv], strict: true, allowPositionals: false, options: MOCK_FLAGS });
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse();
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const flags = parsed.values;
  const userKeys = list(flags['api-key']).length > 0 ? list(flags['api-key']) : list(env.MOCK_API_KEYS);
  const origins = list(flags['cors-origin']).length > 0 ? list(flags['cors-origin']) : list(env.MOCK_CORS_ORIGINS);
  const corsOff = flags['no-cors'] === true || env.MOCK_CORS === 'off';
  const log = flags.quiet ? 'none' : (flags.log ?? env.MOCK_LOG ?? 'text');
  if (log !== 'text' && log !== 'json' && log !== 'none')
    throw new UsageError(`--log must be text or json, not "${log}"`);
  const seedFile = flags['seed-file'] ?? env.MOCK_SEED_FILE;
  const spec = flags.spec ?? env.MOCK_SPEC;
  const empty = flags.empty === true || env.MOCK_EMPTY === '1' || env.MOCK_EMPTY === 'true';
  if (empty && seedFile) throw new UsageError('--empty and --seed-file exclude each other');
  const proxy = flags.proxy ?? env.MOCK_PROXY;
  if (proxy !== undefined && !/^https?:\/\/[^/]/.test(proxy)) {
    throw new UsageError(
      `--proxy must be the upstream's http(s) base URL, e.g. https://staging.example.com/v1, not "${proxy}"`,
    );
  }
  const model = flags.model ?? env.MOCK_MODEL;
  if (flags.json && !flags.explain) throw new UsageError('--json goes with --explain');
  const proxyStrict = flags['proxy-strict'] === true || env.MOCK_PROXY_STRICT === '1';
  if (proxyStrict && !proxy) throw new UsageError('--proxy-strict needs --proxy URL');
  return {
    port: port(flags.port ?? env.PORT),
    host: flags.host ?? env.HOST ?? '127.0.0.1',
    apiKeys: userKeys.length > 0 ? userKeys : [DEFAULT_API_KEY],
    keysFromUser: userKeys.length > 0,
    ...(spec ? { spec } : {}),
    strictExamples: flags['strict-examples'] === true || env.MOCK_STRICT_EXAMPLES === '1',
    ...(seedFile ? { seedFile } : {}),
    empty,
    bodyLimitBytes: integer('--body-limit', flags['body-limit'] ?? env.MOCK_BODY_LIMIT, DEFAULT_BODY_LIMIT, 1),
    maxItems: integer('--max-categories', flags['max-categories'] ?? env.MOCK_MAX_CATEGORIES, DEFAULT_MAX_ITEMS, 0),
    corsOrigins: corsOff ? false : origins.length > 0 ? origins : '*',
    latencyMs: integer('--latency', flags.latency ?? env.MOCK_LATENCY_MS, 0, 0),
    unspecifiedStatus: errorStatus(flags['unspecified-status'] ?? env.MOCK_UNSPECIFIED_STATUS),
    log,
    ...(proxy ? { proxy } : {}),
    proxyStrict,
    proxyJudgeLimitBytes: integer(
      '--proxy-judge-limit',
      flags['proxy-judge-limit'] ?? env.MOCK_PROXY_JUDGE_LIMIT,
      DEFAULT_PROXY_JUDGE_LIMIT,
      0,
    ),
    watch: flags.watch === true || env.MOCK_WATCH === '1',
    journal: !(flags['no-journal'] === true || env.MOCK_JOURNAL === 'off'),
    ...(model ? { model } : {}),
    explain: flags.explain ? (flags.json ? 'json' : 'text') : false,
    help: flags.help === true,
  };
}
