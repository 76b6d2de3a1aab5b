// oneOf branches that differ only in annotations (a default, a description, a title) accept the
// same values, so no value matches exactly one of them: `oneOf: [ErrorA, ErrorB]` where ErrorA and
// ErrorB differ only in the default of `error` (readme.com's own document). Its author meant "one
// of these shapes"; read literally, no answer can ever be valid. Such a oneOf is read as anyOf.
// Branches identical as written (`oneOf: [true, true]`) are left as they are: that is a schema
// refusing everything on purpose.

type Node = Record<string, unknown>;

/** Keywords that never change which values a schema accepts. */
const ANNOTATIONS = new Set([
  'default',
  'description',
  'title',
  'example',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
  '$comment',
  'externalDocs',
  'xml',
]);

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null;

/** The schema with annotations dropped and $refs followed, as comparable text (undefined when too deep). */
function withoutAnnotations(schema: unknown, target: (ref: string) => unknown, depth = 0): unknown {
  if (depth > 12) throw new RangeError('too deep to compare');
  if (!isNode(schema)) return schema;
  if (Array.isArray(schema)) return schema.map((item) => withoutAnnotations(item, target, depth + 1));
  if (typeof schema.$ref === 'string') return withoutAnnotations(target(schema.$ref), target, depth + 1);
  const kept: Node = {};
  for (const key of Object.keys(schema).sort()) {
    if (ANNOTATIONS.has(key) || key.startsWith('x-')) continue;
    kept[key] = withoutAnnotations(schema[key], target, depth + 1);
  }
  return kept;
}

/** Whether two branches of the list accept the same values while being written differently. */
export function hasAnnotationTwins(branches: readonly unknown[], target: (ref: string) => unknown): boolean {
  if (branches.length < 2 || branches.length > 50) return false;
  try {
    const written = branches.map((branch) => JSON.stringify(branch));
    const read = branches.map((branch) => JSON.stringify(withoutAnnotations(branch, target)));
    return read.some((text, i) => read.some((other, j) => j > i && other === text && written[i] !== written[j]));
  } catch {
    // Recursive or very deep branches are compared no further: read as written.
    return false;
  }
}
