// From a file to one validated OpenAPI 3 object, whatever the team published: OpenAPI 3.0 and 3.1
// as written, Swagger 2.0 converted to 3.0, 3.2 read as 3.1 where 3.1 can read it. Files the
// document's $refs name are folded in (a bundle: $refs kept, pointing inside), and operations
// written as $refs to other files, as Redocly and swagger-cli split them, are put in their place.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type SwaggerParserClass from '@apidevtools/swagger-parser';
import { ContractError } from '../contract-error.js';
import { checkVersion, inlineOperationRefs, type ReadDocument, readAs } from './document-object.js';
import { checkMetaSchema, checksMetaSchema } from './meta-schema.js';

export type { Dialect, ReadDocument } from './document-object.js';

type Json = Record<string, unknown>;

const READ_AS_31 = '3.1.2';

// swagger-parser's semantic checks (path parameters declared, no duplicates, …), run after ours;
// required when first needed, as swagger-parser itself is.
const require = createRequire(import.meta.url);
const validateSpec = (api: unknown): void =>
  (require('@apidevtools/swagger-parser/lib/validators/spec.js') as (api: unknown) => void)(api);

/** The path a $ref's file URL names (file: URLs, or paths with percent-escapes). */
function filePath(url: string): string {
  const trimmed = url.replace(/[/\\]$/, '');
  if (/^file:/i.test(trimmed)) return fileURLToPath(trimmed);
  try {
    return decodeURI(trimmed);
  } catch {
    return trimmed;
  }
}

// The files a description's $refs name, read synchronously: the parser's own resolver opens,
// stats, reads and closes each through the event loop, a third of a cold start on DigitalOcean's
// 2,907 files. A failure is still the parser's ResolverError (it wraps what a resolver throws).
const FILES_AT_ONCE = {
  resolve: {
    file: {
      order: 100,
      canRead: (file: { url: string }) => !/^[a-z][a-z\d+.-]+:/i.test(file.url) || /^file:/i.test(file.url),
      read: (file: { url: string }) => readFileSync(filePath(file.url)),
    },
  },
};

export async function readDocument(file: string, path: string, source: string): Promise<ReadDocument> {
  // Imported here: a start-up that hits the cache never loads swagger-parser.
  const { default: SwaggerParser } = await import('@apidevtools/swagger-parser');
  const declared = declaredVersion(source);
  // swagger-parser calls an empty file "not a valid JSON Schema": say what is wrong.
  if (source.trim() === '')
    throw new ContractError(file, '', 'the file is empty; give the path of an OpenAPI document');
  try {
    const parser = new SwaggerParser();
    // 3.2 is given to the parser as 3.1, which refuses what only 3.2 has (named below).
    const document = (declared.startsWith('3.2')
      ? await asOpenApi31(source)
      : await parser.parse(path)) as unknown as Json;
    checkVersion(file, document);
    // (path, object, options): without the options argument the parser reads the path again.
    const bundled = (await parser.bundle(
      path,
      structuredClone(document) as never,
      FILES_AT_ONCE as never,
    )) as unknown as Json;
    const files = parser.$refs.paths().filter((p) => !/^https?:/i.test(p));
    inlineOperationRefs(bundled);
    // Validation dereferences a copy (recursive schemas allowed); the working form is the bundle.
    await validate(SwaggerParser, structuredClone(bundled));
    return readAs(document, bundled, declared, files);
  } catch (error) {
    throw toContractError(file, error, declared);
  }
}

type Parser = typeof SwaggerParserClass;

/**
 * swagger-parser's validation: dereference, the specification's schema, its own semantic checks.
 * For 3.0 the schema check is ours (meta-schema.ts: compiled once per installation, not once per
 * start); for 2.0 and 3.1 swagger-parser does it all.
 */
async function validate(SwaggerParser: Parser, copy: Json): Promise<void> {
  if (!checksMetaSchema(copy)) {
    await new SwaggerParser().validate(copy as never);
    return;
  }
  // Recursive schemas stay $refs here, as swagger-parser leaves them for its schema check; its
  // semantic checks then see such a $ref (only ever a schema) where it would see the schema.
  const dereferenced = await new SwaggerParser().dereference(
    copy as never,
    { dereference: { circular: 'ignore' } } as never,
  );
  checkMetaSchema(dereferenced);
  validateSpec(dereferenced);
}

export function declaredVersion(source: string): string {
  const match = /^\s*["']?(openapi|swagger)["']?\s*:\s*["']?([0-9][^"',\s]*)/m.exec(source);
  return match?.[2] ?? '';
}

async function asOpenApi31(source: string): Promise<Json> {
  const { parse } = await import('yaml');
  const document = parse(source) as Json;
  return { ...document, openapi: READ_AS_31 };
}

function toContractError(file: string, error: unknown, declared: string): ContractError {
  if (error instanceof ContractError) return error;
  const e = error as Error & { parentPath?: string; targetRef?: string; details?: Array<Json>; source?: string };
  if (e.name === 'MissingPointerError' || e.name === 'ResolverError') {
    const at = (e.parentPath ?? '').replace(/^#/, '');
    const where = e.source && !e.source.endsWith(file) ? ` (in ${e.source})` : '';
    return new ContractError(file, at, `$ref ${e.targetRef ?? ''} points at nothing${where}`);
  }
  if (Array.isArray(e.details) && e.details.length > 0) {
    type Detail = {
      instancePath?: string;
      message?: string;
      params?: { additionalProperty?: string; unevaluatedProperty?: string };
    };
    const details = e.details as Detail[];
    // An unknown property (usually a typo) is the most telling of the meta-schema's errors (3.1's
    // meta-schema says unevaluated where 3.0's says additional).
    const unknownOf = (d: Detail) => d.params?.additionalProperty ?? d.params?.unevaluatedProperty;
    const first = details.find((d) => unknownOf(d) !== undefined) ?? details[0]!;
    const unknown = unknownOf(first);
    if (declared.startsWith('3.2') && unknown !== undefined) {
      return new ContractError(
        file,
        first.instancePath ?? '',
        `'${unknown}' is OpenAPI 3.2, which this kit does not read yet (3.2 documents are read where OpenAPI 3.1 can read them)`,
      );
    }
    const problem = unknown !== undefined ? `unknown property '${unknown}'` : (first.message ?? e.message);
    return new ContractError(file, first.instancePath ?? '', `not a valid OpenAPI document: ${problem}`);
  }
  // Parser messages carry a code frame after the first line; the first line says it all.
  const firstLine = String(e.message ?? error)
    .split('\n')[0]!
    .replace(/^Error parsing [^:]+: /, '');
  const problem = e.name === 'ParserError' ? `not valid YAML or JSON: ${firstLine}` : firstLine;
  return new ContractError(file, '', problem);
}
