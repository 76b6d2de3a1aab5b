// Every schema of one document, converted per direction and compiled once. A $ref becomes a
// reference to a schema registered under its own id, so a component used in a hundred places is
// compiled once, and a recursive one (a tree, a JSON value) simply refers to itself.
// Consumers that walk schemas (generators, collection shapes) get a view in which references are
// replaced by the shared view of their target: a graph that is cyclic where the schema recurses.
import { ContractError } from '../contract-error.js';
import { resolvePointer } from '../json/refs.js';
import { type Direction, type JsonSchema, type RefResolver, type SchemaDialect, toJsonSchema } from './json-schema.js';
import type { SchemaCompiler, SchemaIssue, SchemaValidator } from './validators.js';

type Node = Record<string, unknown>;

/** For a node of a view: how to validate against it (generators filter with sub-schemas). */
const subschemaValidators = new WeakMap<object, () => (value: unknown) => SchemaIssue[]>();

/** A validation function for any node of a contract's schema view; undefined for a foreign schema. */
export function validatorOfView(node: object): ((value: unknown) => SchemaIssue[]) | undefined {
  return subschemaValidators.get(node)?.();
}

export class SchemaRegistry {
  private readonly ids = new Map<string, string>();
  private readonly converted = new Map<string, JsonSchema>();
  private readonly views = new Map<string, Node>();
  private readonly resolver: RefResolver;

  constructor(
    private readonly document: unknown,
    private readonly compiler: SchemaCompiler,
    private readonly file: string,
    private readonly dialect: SchemaDialect = '3.0',
  ) {
    this.resolver = {
      target: (ref) => resolvePointer(this.document, ref, this.file),
      reference: (ref, direction) => ({ $ref: this.define(ref, direction) }),
    };
  }

  /**
   * Converts and compiles a schema of the document; throws a ContractError naming the pointer.
   * Lazily (large documents), ajv compiles it on its first use instead: a 700-operation document
   * starts in seconds, and a schema's problem is told, as the same ContractError, when first used.
   */
  compile(schema: unknown, direction: Direction, pointer: string, lazily = false): SchemaValidator {
    const named = <T>(work: () => T): T => {
      try {
        return work();
      } catch (error) {
        if (error instanceof ContractError) throw error;
        throw new ContractError(this.file, pointer, `invalid schema: ${(error as Error).message}`);
      }
    };
    const converted = named(() => toJsonSchema(schema, direction, this.resolver, this.dialect));
    const view = this.view(converted) as JsonSchema;
    if (!lazily) return { schema: view, validate: named(() => this.compiler.compileFunction(converted)) };
    let compiled: ((value: unknown) => SchemaIssue[]) | undefined;
    return {
      schema: view,
      validate: (value) => {
        compiled ??= named(() => this.compiler.compileFunction(converted));
        return compiled(value);
      },
    };
  }

  private define(ref: string, direction: Direction): string {
    const key = `${direction} ${ref}`;
    const known = this.ids.get(key);
    if (known) return known;
    const id = `urn:openapi:${direction}:${this.ids.size}`;
    // Registered before converting, so a schema that refers to itself finds its own id.
    this.ids.set(key, id);
    const converted = toJsonSchema(
      resolvePointer(this.document, ref, this.file),
      direction,
      this.resolver,
      this.dialect,
    );
    this.converted.set(id, converted);
    this.compiler.add(id, converted);
    return id;
  }

  /** A copy of a converted schema in which every reference is the shared view of its target. */
  private view(node: unknown): unknown {
    if (Array.isArray(node)) return node.map((item) => this.view(item));
    if (typeof node !== 'object' || node === null) return node;
    const ref = (node as Node).$ref;
    if (typeof ref === 'string' && this.converted.has(ref)) return this.definitionView(ref);
    const copy: Node = {};
    for (const [key, value] of Object.entries(node)) copy[key] = this.view(value);
    this.remember(copy, node as JsonSchema);
    return copy;
  }

  private definitionView(id: string): Node {
    const known = this.views.get(id);
    if (known) return known;
    const view: Node = {};
    // Stored before it is filled: a recursive schema's view points back at itself.
    this.views.set(id, view);
    const converted = this.converted.get(id)!;
    const filled = this.view(converted);
    Object.assign(view, filled);
    this.remember(view, { $ref: id });
    return view;
  }

  private remember(view: object, converted: JsonSchema): void {
    let compiled: ((value: unknown) => SchemaIssue[]) | undefined;
    subschemaValidators.set(view, () => {
      compiled ??= this.compiler.compileFunction(converted);
      return compiled;
    });
  }
}
