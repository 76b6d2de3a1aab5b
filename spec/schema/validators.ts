// All ajv setup lives here. Validators are compiled once, when the contract loads.
import type { ErrorObject, ValidateFunction } from 'ajv';
import { _, Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { pointerToken } from '../contract-error.js';
import { partsOfParsed } from '../json/exact-json.js';
import { anyInside } from '../json/value-walk.js';
import { type JsonSchema, walkSchema } from './json-schema.js';
import { ajvRegExp } from './patterns.js';

// ajv-formats is CommonJS; under NodeNext its default export arrives wrapped.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

/** One schema problem: where (JSON pointer into the value), which keyword, and what. */
export interface SchemaIssue {
  readonly pointer: string;
  readonly keyword: string;
  readonly message: string;
}

export interface SchemaValidator {
  readonly schema: JsonSchema;
  /** Empty when the value is valid. */
  validate(value: unknown): SchemaIssue[];
}

const INT64_MIN = -(2n ** 63n);
// The largest int64, 9223372036854775807, parses as the double 2^63: a value judged as a number can
// only be held to the nearest double of the bound (exact digits are compared elsewhere).
const INT64_MAX_AS_DOUBLE = 2n ** 63n;

function isInt64(value: number): boolean {
  if (!Number.isInteger(value)) return false;
  const big = BigInt(value);
  return big >= INT64_MIN && big <= INT64_MAX_AS_DOUBLE;
}

function isInt32(value: number): boolean {
  return Number.isInteger(value) && value >= -(2 ** 31) && value <= 2 ** 31 - 1;
}

// ajv with allErrors joins each referenced schema's errors to the caller's by concatenation: a
// million failing items cost a million copies each. A value past this many parts is judged by a
// second ajv that stops at the first problem (lazily built, only when a large value comes).
const LARGE_VALUE_PARTS = 5000;

/** Whether a value has more than LARGE_VALUE_PARTS parts; stops counting there. */
function isLarge(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const counted = partsOfParsed(value);
  if (counted !== undefined) return counted > LARGE_VALUE_PARTS;
  let parts = 1;
  return anyInside(value, () => ++parts > LARGE_VALUE_PARTS);
}

// OpenAPI's numeric formats, read for what they bound (ajv-formats' own int32/int64 are looser).
const OPENAPI_FORMATS = {
  int64: { type: 'number', validate: isInt64 },
  int32: { type: 'number', validate: isInt32 },
  float: { type: 'number', validate: Number.isFinite },
  double: { type: 'number', validate: Number.isFinite },
} as const;

/** Every format the kit knows, as one object: what compiled code names as `require("#formats")`. */
export const KNOWN_FORMATS: Readonly<Record<string, unknown>> = { ...fullFormats, ...OPENAPI_FORMATS };

/** What generated code calls to reach the kit's formats and pattern engine (validator-cache.ts). */
export const FORMATS_MODULE = '#formats';

function createAjv(allErrors: boolean, keepSource = false): Ajv2020 {
  // An unknown keyword is an annotation, as JSON Schema reads it (registerOpenVocabulary fails a
  // typo of a known one before ajv sees it, and tells the others). strictTypes and
  // strictRequired are off: they reject valid documents written by others (union types,
  // `required` listed beside allOf), and the runner must accept any valid OpenAPI document.
  // JSON Schema 2020-12: OpenAPI 3.1's dialect, and what OpenAPI 3.0 schemas are converted to.
  const ajv = new Ajv2020({
    allErrors,
    strict: true,
    strictSchema: 'log',
    logger: { log: () => {}, warn: () => {}, error: (...args: unknown[]) => console.error(...args) },
    strictTypes: false,
    strictTuples: false,
    strictRequired: false,
    validateFormats: true,
    // A component referenced from many places is compiled once, not once per use.
    inlineRefs: false,
    // With keepSource, each validator keeps its code, so a compiled set can be saved as one module.
    code: { regExp: ajvRegExp, source: keepSource, formats: _`require(${FORMATS_MODULE})` },
  });
  addFormats(ajv);
  for (const [name, format] of Object.entries(OPENAPI_FORMATS)) ajv.addFormat(name, format);
  return ajv;
}

export interface CompilerOptions {
  /** Validators compiled by an earlier start, by their schema's JSON text (validator-cache.ts). */
  readonly precompiled?: ReadonlyMap<string, (value: unknown) => boolean>;
  /** Keep what is compiled here as code, for compiledSet(). */
  readonly keepSource?: boolean;
}

/** Validators compiled in one run, for saving as code (validator-cache.ts). */
export interface CompiledSet {
  readonly ajv: Ajv2020;
  /** ajv's key of each compiled schema, by the schema's JSON text. */
  readonly keys: ReadonlyMap<string, string>;
}

export class SchemaCompiler {
  private ajvInstance: Ajv2020 | undefined;
  /** Schemas added by id, replayed into each ajv when it is built. */
  private readonly added: [string, JsonSchema][] = [];
  private firstProblemAjv: Ajv2020 | undefined;
  /** Schemas compiled here with their source kept, by JSON text (keepSource only). */
  private readonly fresh = new Map<string, string>();
  private keeping: boolean;
  private misses = 0;
  /** Unknown keywords the schemas hold, read as annotations (JSON Schema's rule), not validated. */
  readonly ignored = new Set<string>();

  constructor(private readonly options: CompilerOptions = {}) {
    this.keeping = options.keepSource === true;
  }

  compile(schema: JsonSchema): SchemaValidator {
    return { schema, validate: this.compileFunction(schema) };
  }

  /** The validation function alone; `$ref`s may name schemas given to add(). */
  compileFunction(schema: JsonSchema): (value: unknown) => SchemaIssue[] {
    const validateFn = this.precompiled(schema) ?? this.compileNew(schema);
    let firstProblem: ValidateFunction | undefined;
    return (value) => {
      if (isLarge(value)) {
        firstProblem ??= this.firstProblemCompile(schema);
        return firstProblem(value) ? [] : (firstProblem.errors ?? []).map(toIssue);
      }
      return validateFn(value) ? [] : (validateFn.errors ?? []).map(toIssue);
    };
  }

  /**
   * What was compiled so far, for saving as code; undefined when nothing was (or sources were not
   * kept). Later compiles (lazy ones, on first use) are not kept.
   */
  compiledSet(): CompiledSet | undefined {
    this.keeping = false;
    return this.ajvInstance && this.fresh.size > 0 ? { ajv: this.ajvInstance, keys: this.fresh } : undefined;
  }

  /** Whether saved validators were given and some schema was not among them. */
  missedPrecompiled(): boolean {
    return this.misses > 0;
  }

  private precompiled(schema: JsonSchema): ValidateFunction | undefined {
    const known = this.options.precompiled;
    if (!known || known.size === 0) return undefined;
    const found = known.get(JSON.stringify(schema)) as ValidateFunction | undefined;
    if (!found) this.misses++;
    return found;
  }

  private compileNew(schema: JsonSchema): ValidateFunction {
    const ajv = this.ajv();
    registerOpenVocabulary(ajv, schema, this.ignored);
    if (!this.keeping) return ajv.compile(schema);
    const text = JSON.stringify(schema);
    const known = this.fresh.get(text);
    if (known) return ajv.getSchema(known) as ValidateFunction;
    const key = `compiled:${this.fresh.size}`;
    ajv.addSchema(schema, key);
    this.fresh.set(text, key);
    return ajv.getSchema(key) as ValidateFunction;
  }

  /** The main ajv, built on first need: a start whose validators were all precompiled builds none. */
  private ajv(): Ajv2020 {
    if (!this.ajvInstance) {
      // Built after the saved set was taken (a lazy compile), it keeps no source.
      this.ajvInstance = createAjv(true, this.keeping);
      for (const [id, added] of this.added) addById(this.ajvInstance, id, added);
    }
    return this.ajvInstance;
  }

  private firstProblemCompile(schema: JsonSchema): ValidateFunction {
    if (!this.firstProblemAjv) {
      this.firstProblemAjv = createAjv(false);
      for (const [id, added] of this.added) addById(this.firstProblemAjv, id, added);
    }
    registerOpenVocabulary(this.firstProblemAjv, schema);
    return this.firstProblemAjv.compile(schema);
  }

  /** A schema others reference by its id; compiled once, when first referenced. */
  add(id: string, schema: JsonSchema): void {
    this.added.push([id, schema]);
    if (this.ajvInstance) addById(this.ajvInstance, id, schema);
    if (this.firstProblemAjv) addById(this.firstProblemAjv, id, schema);
  }
}

function addById(ajv: Ajv2020, id: string, schema: JsonSchema): void {
  registerOpenVocabulary(ajv, schema);
  ajv.addSchema('$ref' in schema ? { $id: id, allOf: [schema] } : { ...schema, $id: id });
}

/**
 * OpenAPI allows vendor extensions (x-*) anywhere and formats that no registry knows
 * ("should fall back to the type"); JSON Schema reads a keyword it does not know as an annotation.
 * Those are registered as annotations, each unknown keyword told in `ignored`. A keyword a letter
 * or two from a known one (`requird`) is a typo: it still fails, rather than drop a constraint.
 */
function registerOpenVocabulary(ajv: Ajv2020, schema: JsonSchema, ignored?: Set<string>): void {
  walkSchema(schema, (node) => {
    for (const keyword of Object.keys(node)) {
      if (ajv.getKeyword(keyword) || keyword in rulesOf(ajv)) continue;
      if (keyword.startsWith('x-')) ajv.addKeyword({ keyword });
      // ajv itself only logs an unknown keyword (strictSchema: 'log'), whatever its name.
      else if (isTypo(ajv, keyword)) throw new Error(`strict mode: unknown keyword: ${JSON.stringify(keyword)}`);
      else ignored?.add(keyword);
    }
    const format = node.format;
    if (typeof format === 'string' && !ajv.formats[format]) ajv.addFormat(format, true);
  });
}

/** Every keyword the ajv knows, with or without a rule of its own (`examples`, a metadata one). */
const rulesOf = (ajv: Ajv2020) => (ajv as unknown as { RULES: { keywords: Record<string, unknown> } }).RULES.keywords;

/** Whether an unknown keyword is a known one misspelt: at most two edits away, case aside. */
function isTypo(ajv: Ajv2020, keyword: string): boolean {
  if (keyword.length < 4) return false;
  const known = Object.keys(rulesOf(ajv));
  const word = keyword.toLowerCase();
  return known.some((name) => name.length >= 4 && editDistance(word, name.toLowerCase()) <= 2);
}

/** Levenshtein distance, for words of a few letters. */
function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2) return 3;
  let row = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++)
      next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length]!;
}

/** Points at the property itself for `required` and `additionalProperties`, not at its parent. */
function toIssue(error: ErrorObject): SchemaIssue {
  const params = error.params as Record<string, unknown>;
  let pointer = error.instancePath;
  if (error.keyword === 'required') pointer += `/${pointerToken(String(params.missingProperty))}`;
  if (error.keyword === 'additionalProperties') pointer += `/${pointerToken(String(params.additionalProperty))}`;
  const message =
    error.keyword === 'additionalProperties'
      ? 'is not allowed (no additional properties)'
      : error.keyword === 'required'
        ? 'is required'
        : (error.message ?? 'is invalid');
  return { pointer, keyword: error.keyword, message };
}

/** "/name must be string" style, the form every report and Error message uses. */
export function describeIssues(issues: readonly SchemaIssue[]): string {
  return issues.map((issue) => `${issue.pointer || '(body)'} ${issue.message}`).join('; ');
}
