// The runner CLI's flags: parsing, checking, and turning them into run options. Every refusal is a
// UsageError with a one-line reason.
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Contract } from '../../spec/index.js';
import { authVariable } from '../auth/auth-variants.js';
import { unknownChecks } from '../run.js';
import { parseFilter, parseShard, type Selection, SelectionError } from '../select.js';
import type { TransportOptions } from '../send/agents.js';
import { proxySecrets } from '../send/proxy.js';
import { shellQuote } from '../send/shell.js';

export class UsageError extends Error {}

export function integer(name: string, raw: string | undefined, min: number): number | undefined {
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < min)
    throw new UsageError(`${name} must be a whole number of at least ${min}, not "${raw}"`);
  return value;
}

export function names(raw: string | undefined): string[] | undefined {
  if (raw === undefined) return undefined;
  const list = raw
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = unknownChecks(list);
  if (unknown.length > 0) throw new UsageError(`unknown check(s): ${unknown.join(', ')}; see --help for the list`);
  return list;
}

export function parse(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        'base-url': { type: 'string' },
        'api-key': { type: 'string' },
        'other-api-key': { type: 'string' },
        auth: { type: 'string', multiple: true },
        spec: { type: 'string' },
        model: { type: 'string' },
        explain: { type: 'boolean' },
        'strict-examples': { type: 'boolean' },
        seed: { type: 'string' },
        runs: { type: 'string' },
        'timeout-ms': { type: 'string' },
        'max-response-bytes': { type: 'string' },
        concurrency: { type: 'string' },
        'read-only': { type: 'boolean' },
        'max-writes': { type: 'string' },
        'min-reach': { type: 'string' },
        'name-prefix': { type: 'string' },
        checks: { type: 'string' },
        skip: { type: 'string' },
        junit: { type: 'string' },
        json: { type: 'string' },
        html: { type: 'string' },
        baseline: { type: 'string' },
        'write-baseline': { type: 'string' },
        include: { type: 'string', multiple: true },
        exclude: { type: 'string', multiple: true },
        shard: { type: 'string' },
        header: { type: 'string', multiple: true },
        'rate-limit': { type: 'string' },
        har: { type: 'string' },
        'ca-file': { type: 'string', multiple: true },
        insecure: { type: 'boolean' },
        'client-cert': { type: 'string' },
        'client-key': { type: 'string' },
        proxy: { type: 'string' },
        quiet: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }).values;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** The command that runs the runner where the user ran it: the installed bin where the runner lives
 * in a node_modules folder (a dependency, or npx's cache), else this repository's npm script. */
export function replayPrefix(runnerFile = fileURLToPath(import.meta.url)): string {
  return /[\\/]node_modules[\\/]/.test(runnerFile) ? 'npx pet-catalog-conformance' : 'npm run conformance --';
}

export function replayCommand(flags: ReturnType<typeof parse>, baseUrl: string | undefined, seed: number): string {
  const parts = [replayPrefix()];
  if (baseUrl) parts.push(`--base-url ${shellQuote(baseUrl)}`);
  if (flags.spec) parts.push(`--spec ${shellQuote(flags.spec)}`);
  if (flags.model) parts.push(`--model ${shellQuote(flags.model)}`);
  if (flags['other-api-key']) parts.push('--other-api-key "$CONFORMANCE_OTHER_API_KEY"');
  parts.push(`--seed ${seed}`);
  if (flags.runs) parts.push(`--runs ${flags.runs}`);
  if (flags['read-only']) parts.push('--read-only');
  if (flags['name-prefix'] !== undefined) parts.push(`--name-prefix ${shellQuote(flags['name-prefix'])}`);
  for (const expression of flags.include ?? []) parts.push(`--include ${shellQuote(expression)}`);
  for (const expression of flags.exclude ?? []) parts.push(`--exclude ${shellQuote(expression)}`);
  if (flags.shard) parts.push(`--shard ${flags.shard}`);
  return parts.join(' ');
}

/** --auth NAME=VALUE flags over CONFORMANCE_AUTH_<NAME> variables, for the document's schemes. */
export function credentialsByScheme(
  flags: readonly string[],
  contract: Contract,
  env: NodeJS.ProcessEnv,
): Record<string, string> {
  const auth: Record<string, string> = {};
  const schemes = new Set(contract.operations.flatMap((operation) => operation.security.flat().map((s) => s.name)));
  for (const name of schemes) {
    const value = env[authVariable(name)];
    if (value) auth[name] = value;
  }
  for (const flag of flags) {
    const at = flag.indexOf('=');
    if (at <= 0) throw new UsageError('--auth takes NAME=VALUE, NAME being a security scheme of the document');
    const name = flag.slice(0, at);
    if (!schemes.has(name)) {
      const known = [...schemes].join(', ') || 'none';
      throw new UsageError(`--auth names ${name}, which is no security scheme the operations use (they use: ${known})`);
    }
    auth[name] = flag.slice(at + 1);
  }
  return auth;
}

/** The key as given on the command line (--api-key K or --api-key=K), read without the parser so
 * that even a refused command line is redacted. */
export function secretsFromArguments(argv: readonly string[]): string[] {
  const secrets: string[] = [];
  argv.forEach((arg, index) => {
    const next = argv[index + 1];
    if ((arg === '--api-key' || arg === '--other-api-key') && next !== undefined) secrets.push(next);
    else if (arg.startsWith('--api-key=')) secrets.push(arg.slice('--api-key='.length));
    else if (arg.startsWith('--other-api-key=')) secrets.push(arg.slice('--other-api-key='.length));
    else if (arg === '--auth' && next !== undefined) secrets.push(next.slice(next.indexOf('=') + 1));
    else if (arg.startsWith('--auth=')) secrets.push(arg.slice(arg.indexOf('=', '--auth='.length) + 1));
    else if (arg === '--header' && next !== undefined) secrets.push(next.slice(next.indexOf(':') + 1).trim());
    else if (arg.startsWith('--header=')) secrets.push(arg.slice(arg.indexOf(':') + 1).trim());
    else if ((arg === '--proxy' && next !== undefined) || arg.startsWith('--proxy=')) {
      secrets.push(...proxySecrets(arg === '--proxy' ? next! : arg.slice('--proxy='.length)));
    }
  });
  return secrets;
}

type Flags = ReturnType<typeof parse>;

/** --header 'Name: value' flags as a header map (names in lower case). */
export function extraHeaders(flags: Flags): Record<string, string> | undefined {
  if (!flags.header?.length) return undefined;
  const headers: Record<string, string> = {};
  for (const header of flags.header) {
    const at = header.indexOf(':');
    const name = header.slice(0, at).trim();
    if (at <= 0 || !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) {
      throw new UsageError("--header takes 'Name: value' with a valid header name");
    }
    headers[name.toLowerCase()] = header.slice(at + 1).trim();
  }
  return headers;
}

export function selectionOf(flags: Flags): Selection | undefined {
  try {
    for (const expression of [...(flags.include ?? []), ...(flags.exclude ?? [])]) parseFilter(expression);
    const shard = flags.shard ? parseShard(flags.shard) : undefined;
    if (!flags.include?.length && !flags.exclude?.length && !shard) return undefined;
    return {
      ...(flags.include?.length ? { include: flags.include } : {}),
      ...(flags.exclude?.length ? { exclude: flags.exclude } : {}),
      ...(shard ? { shard } : {}),
    };
  } catch (error) {
    if (error instanceof SelectionError) throw new UsageError(error.message);
    throw error;
  }
}

export function transportOf(flags: Flags): TransportOptions | undefined {
  if (Boolean(flags['client-cert']) !== Boolean(flags['client-key'])) {
    throw new UsageError('--client-cert and --client-key go together (a certificate and its private key)');
  }
  if (flags.proxy !== undefined && !/^https?:\/\/[^/]/.test(flags.proxy)) {
    throw new UsageError('--proxy must be an http(s) URL, e.g. http://proxy.internal:3128');
  }
  const transport: TransportOptions = {
    ...(flags['ca-file']?.length ? { caFiles: flags['ca-file'] } : {}),
    ...(flags.insecure ? { insecure: true } : {}),
    ...(flags['client-cert'] ? { clientCert: flags['client-cert'], clientKey: flags['client-key']! } : {}),
    ...(flags.proxy ? { proxy: flags.proxy } : {}),
  };
  return Object.keys(transport).length > 0 ? transport : undefined;
}

export function rateLimitOf(flags: Flags): number | undefined {
  if (flags['rate-limit'] === undefined) return undefined;
  const value = Number(flags['rate-limit']);
  if (!Number.isFinite(value) || value <= 0) {
    throw new UsageError(`--rate-limit must be a positive number of requests per second, not "${flags['rate-limit']}"`);
  }
  return value;
}
