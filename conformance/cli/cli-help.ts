// The runner's --help text: every flag, environment variable, check and exit code.
import { KEY_VARIABLE } from '../auth/auth-variants.js';
import { CHECKS } from '../judge/checks.js';
import { DEFAULTS } from '../run.js';

export const CONFORMANCE_HELP = `pet-catalog-conformance: tests a deployment of the API against its OpenAPI document.

Usage: npm run conformance -- [--base-url URL] [flags]   (or: npx pet-catalog-conformance ...)

Without --base-url the mock is started in-process and tested, to show the suite at work.

Flags:
  --base-url URL          the service's base address, e.g. https://staging.example.com/v1
                          (env CONFORMANCE_BASE_URL)
  --api-key KEY           the key, for every security scheme without --auth (bearer, API key in a
                          header, query or cookie, basic as the password, OAuth2/OpenID tokens)
                          (env ${KEY_VARIABLE}, preferred: flags show in process lists)
  --other-api-key KEY     a second user's key (or CONFORMANCE_OTHER_API_KEY; never printed): where
                          the API model marks a resource as owned, an item the first key made must
                          be out of this key's reach (OWASP API1). The in-process mock gets one
  --auth NAME=VALUE       the credential of one security scheme, by its name in the document;
                          repeatable (env CONFORMANCE_AUTH_<NAME>: upper case, other characters _);
                          basic takes user:password
  --spec FILE             OpenAPI document (default spec/openapi.yaml): OpenAPI 3.0 or 3.1,
                          Swagger 2.0 (read as 3.0), 3.2 where 3.1 can read it; files its
                          $refs name are read too
  --model FILE            corrections to the inferred API model (an OpenAPI Overlay 1.0 setting
                          x-model on path items, or {"resources": {"/path": {...}}}); the mock
                          started in-process reads it too
  --explain               print the API model (resources, how each idiom was read, with JSON
                          pointers, what was not understood) and exit 0; with --json FILE (- for
                          standard output) as JSON
  --strict-examples       refuse a document whose examples break their schemas (default: a warning)
  --seed N                seed of the generators; the same seed sends the same requests
  --runs N                generated cases per operation and property (default ${DEFAULTS.runs})
  --timeout-ms N          deadline for each whole request (default ${DEFAULTS.timeoutMs})
  --max-response-bytes N  largest response body read (default ${DEFAULTS.maxResponseBytes})
  --concurrency N         requests in flight at once (default ${DEFAULTS.concurrency})
  --read-only             send only GET/HEAD/OPTIONS: no writes at all
  --max-writes N          most write requests sent (default ${DEFAULTS.maxWrites}, or enough for
                          every write operation of a larger document)
  --min-reach PERCENT     fail (exit 1) when the run reached less than this share of the API:
                          operations whose documented success was seen and state checks that
                          ran, together (the summary's Reach line); env CONFORMANCE_MIN_REACH
  --name-prefix P         prefix of every created name (default "${DEFAULTS.namePrefix}")
  --checks a,b            run only these checks
  --skip a,b              skip these checks
  --junit FILE            write a JUnit XML report
  --json FILE             write a JSON report
  --html FILE             write one self-contained HTML page: the verdict, the operation × check
                          matrix, every violation with its exchange and reproduction, coverage
  --baseline FILE         fail only on violations the baseline does not list; known ones are
                          reported, and listed ones no longer seen are reported as fixed
  --write-baseline FILE   record this run's violations as the baseline (stable keys, no values)
  --har FILE              write every exchange as HAR 1.2 (secrets redacted)
  --include EXPR          test only matching operations; repeatable; EXPR is operationId:NAME,
                          tag:NAME, method:GET or path:GLOB (e.g. path:/categories*)
  --exclude EXPR          leave matching operations out (listed as skipped); repeatable
  --shard I/N             test shard I of N (a deterministic split; sequences go with their
                          collection's create operation); merge with npm run conformance:merge
  --header 'Name: value'  send this header on every request; repeatable; values never printed
  --rate-limit N          at most N requests per second over the whole run
  --ca-file FILE          trust the authorities in this PEM bundle too; repeatable
                          (NODE_EXTRA_CA_CERTS works as well)
  --insecure              no certificate verification (the report says so)
  --client-cert FILE      client certificate for mutual TLS (PEM), with --client-key FILE
  --client-key FILE       its private key (PEM)
  --proxy URL             send through this proxy (overrides HTTPS_PROXY/HTTP_PROXY; NO_PROXY holds)
  --quiet                 no progress (otherwise one live line in a terminal, plain lines in CI
                          and pipes)
  --help                  this text

Environment: CONFORMANCE_API_KEY, CONFORMANCE_AUTH_<NAME>, CONFORMANCE_BASE_URL, CONFORMANCE_MIN_REACH; GITHUB_STEP_SUMMARY (when set, a markdown
summary is appended to that file); HTTPS_PROXY, HTTP_PROXY (upper case ignored under CGI, where
REQUEST_METHOD is set), ALL_PROXY, NO_PROXY, each also in lower case; NODE_EXTRA_CA_CERTS.

Checks:
${CHECKS.map((check) => `  ${check.name.padEnd(34)} ${check.rule}`).join('\n')}

Exit codes: 0 conformant (with --baseline: no new violation); 1 at least one (new) violation;
2 could not run (bad arguments, invalid document or baseline, target unreachable, nothing tested).
`;
