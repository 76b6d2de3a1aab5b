// The contract mock without a port: MSW request handlers over the transport-free core, for a page
// (MSW's service worker) and for unit tests (MSW's Node interceptors). Same behaviours as the HTTP
// mock: state per session, the keys, validation, the document's error shapes, Prefer: code=, the
// journal. MSW is the caller's (a peer dependency); nothing here imports a node: module.
import { HttpResponse, http, type RequestHandler } from 'msw';
import { type Contract, contractFromDocument, escapeRegExp } from '../spec/core.js';
import petCatalog from '../spec/openapi.generated.json' with { type: 'json' };
import { SESSION_HEADER } from './core/defaults.js';
import { exchange } from './core/plain-exchange.js';
import { templatePattern } from './core/router.js';
import type { JournalEntry } from './journal/journal.js';
import { type CoreOptions, createMockCore, type MockCore } from './pipeline/core.js';

export interface ContractHandlerOptions extends Omit<CoreOptions, 'contract'> {
  /** The OpenAPI document: a parsed object, or the URL of one (JSON or YAML) to fetch. Default:
   * the Pet Catalog document. One bundled document ($refs inside it only). */
  readonly document?: object | string;
  /** A contract already loaded (loadContract in Node): takes the place of `document`. */
  readonly contract?: Contract;
  /** Where the handlers answer. Default: the document's first server URL. */
  readonly baseUrl?: string;
  /** The mock session these handlers serve (as X-Mock-Session names one); default: the shared one. */
  readonly session?: string;
}

export type ContractHandlers = RequestHandler[] & {
  /** Where the handlers answer, e.g. https://production.invalid/v1. */
  readonly baseUrl: string;
  readonly contract: Contract;
  /** What the page sent and was answered, oldest first (credentials redacted). */
  requests(session?: string): JournalEntry[];
  /** Back to the seed: the data and the journal of one session, or of all. */
  reset(session?: string): void;
};

const WITHOUT_BODY = new Set(['GET', 'HEAD']);

export async function contractHandlers(options: ContractHandlerOptions = {}): Promise<ContractHandlers> {
  const contract = options.contract ?? (await contractOf(options.document ?? petCatalog));
  const core = createMockCore({ ...options, contract });
  const baseUrl = (options.baseUrl ?? contract.servers[0]?.url ?? contract.basePath).replace(/\/+$/, '');
  const base = new URL(baseUrl, 'http://relative.invalid');
  const relative = base.origin === 'http://relative.invalid';
  // A relative server URL answers on any origin (the page's own, in a browser).
  const origin = relative ? '[a-z][a-z0-9+.-]*://[^/]+' : escapeRegExp(base.origin);
  const basePath = base.pathname.replace(/\/+$/, '');
  const under = (path: string): RegExp => new RegExp(`^${origin}${escapeRegExp(basePath)}${path}$`, 'i');

  const answer = async ({ request }: { request: Request }): Promise<Response> => {
    const url = new URL(request.url);
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    if (options.session !== undefined && headers[SESSION_HEADER] === undefined) {
      headers[SESSION_HEADER] = options.session;
    }
    const method = request.method.toUpperCase();
    const body = WITHOUT_BODY.has(method) ? new Uint8Array(0) : new Uint8Array(await request.arrayBuffer());
    // The core routes by the document's own base path, wherever the handlers answer.
    const path = `${contract.basePath}${url.pathname.slice(basePath.length)}${url.search}`;
    const sent = await exchange(core.handle, { method, url: path, headers, body });
    const nullBody = sent.status === 204 || sent.status === 205 || sent.status === 304 || method === 'HEAD';
    return new HttpResponse(nullBody ? null : (sent.body as Uint8Array<ArrayBuffer>), {
      status: sent.status,
      headers: new Headers(sent.headers as Array<[string, string]>),
    });
  };

  const handlers: RequestHandler[] = [
    // One handler per operation, named by it in MSW's logs; then one for everything else under the
    // base (the mock's 404 and 405 answers), so a page meets the same errors as the service's.
    ...contract.operations.map((operation) =>
      http[operation.method.toLowerCase() as 'get'](under(templatePattern(operation.path).source), answer),
    ),
    http.all(under('(?:/.*)?'), answer),
  ];
  return Object.assign(handlers, {
    baseUrl,
    contract,
    requests: (session?: string) => core.requests(session ?? options.session),
    reset: (session?: string) => resetCore(core, session),
  });
}

function resetCore(core: MockCore, session?: string): void {
  core.store.reset(session);
  core.journal.clear(session);
}

async function contractOf(document: object | string): Promise<Contract> {
  if (typeof document !== 'string') return contractFromDocument(document);
  const response = await fetch(document);
  if (!response.ok) throw new Error(`${document}: the document could not be fetched (HTTP ${response.status})`);
  const text = await response.text();
  const { parse } = await import('yaml');
  // YAML reads JSON as well.
  return contractFromDocument(parse(text) as object, { name: document });
}
