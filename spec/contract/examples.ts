// The author's examples, checked against their own schemas when the document loads. OpenAPI says
// examples SHOULD match: a mismatch is a warning (a refusal with --strict-examples), reported
// where the author wrote it. Examples of media types that are not JSON (XML, text) are not JSON
// values of the schema and are left alone.
import { ContractError, joinPointer } from '../contract-error.js';
import { deref } from '../json/refs.js';
import { type Direction, walkSchema } from '../schema/json-schema.js';
import { describeIssues, type SchemaIssue } from '../schema/validators.js';
import { isJsonMediaType } from './media-types.js';
import type { Build } from './operations.js';
import { HTTP_METHODS } from './types.js';

type Json = Record<string, unknown>;
type Side = 'request' | 'response' | 'either';

/** Every example that breaks its schema, as a ContractError (file, pointer, problem). */
export function exampleProblems(file: string, api: Json, build: Build): ContractError[] {
  const problems: ContractError[] = [];
  const mismatch = (pointer: string, issues: readonly SchemaIssue[]) =>
    new ContractError(file, pointer, `example does not match its schema: ${describeIssues(issues)}`);
  const seen = new Set<object>();
  // An example is judged by the view of the side it stands on: a request's without its readOnly
  // members (an `id` the document requires binds answers only), an answer's without its writeOnly
  // ones. A schema's own example may stand on either side, but only members it leaves out are
  // forgiven so (a readOnly `id` it holds is still judged). The whole schema passes it too.
  const check = (schema: unknown, example: unknown, pointer: string, side: Side = 'either'): void => {
    const issues = build(schema, 'document', pointer).validate(example);
    if (issues.length === 0) return;
    const onlyLeftOut = issues.every((issue) => issue.keyword === 'required');
    const views: Direction[] = side !== 'either' ? [side] : onlyLeftOut ? ['request', 'response'] : [];
    if (views.length === 0) return void problems.push(mismatch(pointer, issues));
    const sideIssues = views.map((view) => build(schema, view, pointer).validate(example));
    if (sideIssues.some((found) => found.length === 0)) return;
    problems.push(mismatch(pointer, sideIssues[0]!));
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
  const visitExamplesOf = (raw: unknown, pointer: string, side: Side): void => {
    const holder = deref<Json>(api, raw);
    if (holder?.schema === undefined) return;
    if ('example' in holder) check(holder.schema, holder.example, `${pointer}/example`, side);
    for (const [name, rawExample] of Object.entries((holder.examples ?? {}) as Record<string, unknown>)) {
      const example = deref<Json>(api, rawExample);
      if (example && 'value' in example) {
        check(holder.schema, example.value, joinPointer(pointer, 'examples', name, 'value'), side);
      }
    }
    visitSchemas(holder.schema, `${pointer}/schema`);
  };
  const visitContent = (content: unknown, pointer: string, side: Side): void => {
    for (const [mediaType, media] of Object.entries((content ?? {}) as Record<string, unknown>)) {
      if (isJsonMediaType(mediaType)) visitExamplesOf(media, joinPointer(pointer, 'content', mediaType), side);
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
        visitExamplesOf(parameter, `${pointer}/parameters/${index}`, 'request');
      });
      const body = op.requestBody === undefined ? undefined : deref<Json>(api, op.requestBody);
      visitContent(body?.content, `${pointer}/requestBody`, 'request');
      for (const [status, raw] of Object.entries((op.responses ?? {}) as Record<string, unknown>)) {
        visitContent(deref<Json>(api, raw).content, joinPointer(pointer, 'responses', status), 'response');
      }
    }
  }
  return problems;
}
