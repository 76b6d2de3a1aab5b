// Compiling a document's validators is most of what loading costs after reading (ajv's code
// generation: ~30 ms for the Pet Catalog). The first start saves them as one module of ajv's
// standalone code beside the validated document (validated-cache.ts); later starts evaluate that
// module instead, and ajv builds nothing until a schema outside it is met.
import { createHash } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import standaloneModule from 'ajv/dist/standalone/index.js';
import { cacheFile, kitCodeHash, touchCacheFile, writeCacheFile } from '../document/validated-cache.js';
import { ajvRegExp, PATTERN_MODULE } from '../schema/patterns.js';
import { FORMATS_MODULE, KNOWN_FORMATS, type SchemaCompiler } from '../schema/validators.js';

// ajv's standalone module is CommonJS; under NodeNext its default export arrives wrapped.
const standaloneCode = standaloneModule as unknown as typeof standaloneModule.default;
const require = createRequire(import.meta.url);
const FORMAT = 'v2';

interface Saved {
  /** The JSON text of the schema each export (v0, v1, …) validates. */
  readonly schemas: string[];
  readonly code: string;
}

function fileOf(path: string, source: string): string | undefined {
  const ajvVersion = (require('ajv/package.json') as { version: string }).version;
  const key = createHash('sha256')
    .update(`${ajvVersion}\u0000${FORMAT}\u0000${kitCodeHash()}\u0000${path}\u0000${source}`)
    .digest('hex');
  return cacheFile(`${key}.validators.json`);
}

// What saved code may require besides ajv's own runtime modules.
const KIT_MODULES: Record<string, unknown> = { [FORMATS_MODULE]: KNOWN_FORMATS, [PATTERN_MODULE]: ajvRegExp };
const requireForCode = (name: string): unknown => (name in KIT_MODULES ? KIT_MODULES[name] : require(name));

/** The validators an earlier start saved for this document, by schema text; empty when none are. */
export function readValidators(path: string, source: string): Map<string, (value: unknown) => boolean> {
  const file = fileOf(path, source);
  if (!file) return new Map();
  try {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as Saved;
    const exports: Record<string, (value: unknown) => boolean> = {};
    new Function('require', 'exports', saved.code)(requireForCode, exports);
    touchCacheFile(file);
    return new Map(saved.schemas.map((schema, index) => [schema, exports[`v${index}`]!]));
  } catch {
    return new Map();
  }
}

/**
 * Saves what the compiler compiled at load as code. A compiler that used saved validators and
 * still had to compile (a referenced file changed) drops the saved set, to be rebuilt next start.
 */
export function writeValidators(path: string, source: string, compiler: SchemaCompiler): void {
  const file = fileOf(path, source);
  if (!file) return;
  if (compiler.missedPrecompiled()) {
    rmSync(file, { force: true });
    return;
  }
  const compiled = compiler.compiledSet();
  if (!compiled) return;
  const schemas = [...compiled.keys.keys()];
  const exports = Object.fromEntries(schemas.map((schema, index) => [`v${index}`, compiled.keys.get(schema)!]));
  try {
    writeCacheFile(file, JSON.stringify({ schemas, code: standaloneCode(compiled.ajv, exports) } satisfies Saved));
  } catch {
    // Code ajv cannot emit stand-alone is simply compiled at every start.
  }
}
