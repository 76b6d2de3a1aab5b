// The author's examples, checked against their own schemas when the document loads.
import { ContractError, joinPointer } from './contract-error.js';
import { walkSchema } from './json-schema.js';
import type { Build } from './operations.js';
import { HTTP_METHODS } from './types.js';
import { describeIssues } from './validators.js';

type Json = Record<string, unknown>;

/**
 * Refuses a document whose own examples break their schemas: a wrong example misleads every
 * reader and every tool that shows it. Components are walked first so that a shared schema is
 * reported where the author wrote it.
 */
export function checkExamples(file: string, api: Json, build: Build): void {
  const seen = new Set<object>();
  const check = (schema: unknown, example: unknown, pointer: string): void => {
    const issues = build(schema, 'document', pointer).validate(example);
    if (issues.length > 0)
      throw new ContractError(file, pointer, `example does not match its schema: ${describeIssues(issues)}`);
  };
  const visitSchemas = (schema: unknown, pointer: string): void =>
    walkSchema(schema, (node, at) => {
      if (seen.has(node)) return;
      seen.add(node);
      if ('example' in node) check(node, node.example, `${pointer}${at}/example`);
    });
  const visitExamplesOf = (holder: Json, pointer: string): void => {
    if (holder.schema === undefined) return;
    if ('example' in holder) check(holder.schema, holder.example, `${pointer}/example`);
    for (const [name, example] of Object.entries((holder.examples ?? {}) as Record<string, Json>)) {
      if (example && 'value' in example)
        check(holder.schema, example.value, joinPointer(pointer, 'examples', name, 'value'));
    }
    visitSchemas(holder.schema, `${pointer}/schema`);
  };
  const components = (api.components ?? {}) as Json;
  for (const [name, schema] of Object.entries((components.schemas ?? {}) as Json)) {
    visitSchemas(schema, joinPointer('', 'components', 'schemas', name));
  }
  for (const [path, pathItem] of Object.entries((api.paths ?? {}) as Record<string, Json>)) {
    for (const method of HTTP_METHODS) {
      const op = pathItem[method] as Json | undefined;
      if (!op) continue;
      const pointer = joinPointer('', 'paths', path, method);
      ((op.parameters as Json[]) ?? []).forEach((parameter, index) => {
        visitExamplesOf(parameter, `${pointer}/parameters/${index}`);
      });
      const body = op.requestBody as Json | undefined;
      for (const [mediaType, media] of Object.entries((body?.content ?? {}) as Record<string, Json>)) {
        visitExamplesOf(media, joinPointer(pointer, 'requestBody', 'content', mediaType));
      }
      for (const [status, response] of Object.entries((op.responses ?? {}) as Record<string, Json>)) {
        for (const [mediaType, media] of Object.entries((response.content ?? {}) as Record<string, Json>)) {
          visitExamplesOf(media, joinPointer(pointer, 'responses', status, 'content', mediaType));
        }
      }
    }
  }
}
