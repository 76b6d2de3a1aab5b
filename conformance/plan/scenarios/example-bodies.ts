// The document's own creation bodies, the author's valid input (the maker tries them first): the
// request examples that validate, an example leaving out a required member with a default filled
// from a plain body (else its default), where that keeps it valid.
import { type CollectionSpec, putCreation } from '../../../spec/index.js';
import type { PlanContext } from '../context.js';
import { withRequiredDefaults } from './listed-values.js';

/** The creation's (or the PUT's) request examples, valid, as the maker sends them first. */
export function exampleBodies(collection: CollectionSpec, context: PlanContext): unknown[] {
  const create = (collection.create ?? putCreation(collection))!.operation;
  const request = context.requestSchema(create);
  const mediaType = context.requestMediaType(create);
  const media = create.requestBody?.content.find((m) => m.mediaType === mediaType);
  const [plain] = context.plainBodies(create, 1, 'example');
  return (media?.examples ?? [])
    .map((example) => {
      const filled = withRequiredDefaults(example, request?.schema, plain);
      return request?.isValid(filled) === false ? withRequiredDefaults(example, request?.schema) : filled;
    })
    .filter((example) => request?.isValid(example) !== false);
}
