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

// Following $refs expands shared components again wherever they are used: a large document could
// expand without end, so the comparison gives up (and reads the oneOf as written) past this.
const MOST_NODES = 20_000;

/** The schema with annotations dropped and $refs followed (throws past the depth or node budget). */
function withoutAnnotations(
  schema: unknown,
  target: (ref: string) => unknown,
  budget: { nodes: number },
  depth = 0,
): unknown {
  if (depth > 12 || --budget.nodes < 0) throw new RangeError('too large to compare');
  if (!isNode(schema)) return schema;
  if (Array.isArray(schema)) return schema.map((item) => withoutAnnotations(item, target, budget, depth + 1));
  if (typeof schema.$ref === 'string') return withoutAnnotations(target(schema.$ref), target, budget, depth + 1);
  const kept: Node = {};
  for (const key of Object.keys(schema).sort()) {
    if (ANNOTATIONS.has(key) || key.startsWith('x-')) continue;
    kept[key] = withoutAnnotations(schema[key], target, budget, depth + 1);
  }
  return kept;
}

/** Whether two branches of the list accept the same values while being written differently. */
export function hasAnnotationTwins(branches: readonly unknown[], target: (ref: string) => unknown): boolean {
  if (branches.length < 2 || branches.length > 50) return false;
  try {
    const written = branches.map((branch) => JSON.stringify(branch));
    const budget = { nodes: MOST_NODES };
    const read = branches.map((branch) => JSON.stringify(withoutAnnotations(branch, target, budget)));
    return read.some((text, i) => read.some((other, j) => j > i && other === text && written[i] !== written[j]));
  } catch {
    // Recursive, very deep or very large branches are compared no further: read as written.
    return false;
  }
}
