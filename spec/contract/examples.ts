// The author's examples, checked against their own schemas when the document loads. OpenAPI says
// examples SHOULD match: a mismatch is a warning (a refusal with --strict-examples), reported
// where the author wrote it. Examples of media types that are not JSON (XML, text) are not JSON
// values of the schema and are left alone.
import { ContractError, joinPointer } from '../contract-error.js';
import { deref } from '../json/refs.js';
import { walkSchema } from '../schema/json-schema.js';
import { describeIssues } from '../schema/validators.js';
import { isJsonMediaType } from './media-types.js';
import type { Build } from './operations.js';
import { HTTP_METHODS } from './types.js';

type Json = Record<string, unknown>;

/** Every example that breaks its schema, as a ContractError (file, pointer, problem). */
export function exampleProblems(file: string, api: Json, build: Build): ContractError[] {
  const problems: ContractError[] = [];
  const seen = new Set<object>();
  const check = (schema: unknown, example: unknown, pointer: string): void => {
    const issues = build(schema, 'document', pointer).validate(example);
    if (issues.length > 0) {
      problems.push(new ContractError(file, pointer, `example does not match its schema: ${describeIssues(issues)}`));
    }
  };
  const visitSchemas = (schema: unknown, pointer: string): void =>
    walkSchema(schema, (node, at) => {
      if (seen.has(node)) return;
      seen.add(node);
      if ('example' in node) check(node, node.example, `${pointer}${at}/example`);
      // JSON Schema's own `examples` (OpenAPI 3.1): a list of values.
      if (Array.isArray(node.examples)) {
        node.examples.forEach((value, index) => {
          check(node, value, `${pointer}${at}/examples/${index}`);
        });
      }
    });
  const visitExamplesOf = (raw: unknown, pointer: string): void => {
    const holder = deref<Json>(api, raw);
    if (holder?.schema === undefined) return;
    if ('example' in holder) check(holder.schema, holder.example, `${pointer}/example`);
    for (const [name, rawExample] of Object.entries((holder.examples ?? {}) as Record<string, unknown>)) {
      const example = deref<Json>(api, rawExample);
      if (example && 'value' in example) {
        check(holder.schema, example.value, joinPointer(pointer, 'examples', name, 'value'));
      }
    }
    visitSchemas(holder.schema, `${pointer}/schema`);
  };
  const visitContent = (content: unknown, pointer: string): void => {
    for (const [mediaType, media] of Object.entries((content ?? {}) as Record<string, unknown>)) {
      if (isJsonMediaType(mediaType)) visitExamplesOf(media, joinPointer(pointer, 'content', mediaType));
    }
  };
  const components = (api.components ?? {}) as Json;
  for (const [name, schema] of Object.entries((components.schemas ?? {}) as Json)) {
    visitSchemas(schema, joinPointer('', 'components', 'schemas', name));
  }
  for (const [path, rawItem] of Object.entries((api.paths ?? {}) as Record<string, unknown>)) {
    const pathItem = deref<Json>(api, rawItem);
    for (const method of HTTP_METHODS) {
      const op = pathItem[method] as Json | undefined;
      if (!op) continue;
      const pointer = joinPointer('', 'paths', path, method);
      ((op.parameters as unknown[]) ?? []).forEach((parameter, index) => {
        visitExamplesOf(parameter, `${pointer}/parameters/${index}`);
      });
      const body = op.requestBody === undefined ? undefined : deref<Json>(api, op.requestBody);
      visitContent(body?.content, `${pointer}/requestBody`);
      for (const [status, raw] of Object.entries((op.responses ?? {}) as Record<string, unknown>)) {
        visitContent(deref<Json>(api, raw).content, joinPointer(pointer, 'responses', status));
      }
    }
  }
  return problems;
}
