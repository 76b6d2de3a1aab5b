// Asynchronous jobs read from the document: a POST that answers 202 with a body and a Location,
// where a GET on a path of its own (`/jobs/{jobId}`) answers the same schema. The mock runs such
// jobs; the runner follows the Location until the job ends.
import { isJsonMediaType } from '../contract/media-types.js';
import type { Operation } from '../contract/types.js';

export interface JobOperations {
  /** The POST that starts a job (answering 202 with a Location). */
  readonly start: Operation;
  /** The GET that reads a job, and its one path parameter. */
  readonly read: Operation;
  readonly parameter: string;
}

/** The JSON schema of the operation's first response of the statuses wanted, as text. */
function schemaText(operation: Operation, wanted: (status: number) => boolean): string | undefined {
  const response = operation.responses.find((r) => wanted(Number(r.status)));
  const media = response?.content.find((m) => isJsonMediaType(m.mediaType) && m.validator);
  return media?.validator ? JSON.stringify(media.validator.schema) : undefined;
}

export function asynchronousJobs(operations: readonly Operation[]): JobOperations[] {
  const starts = operations.filter(
    (start) =>
      start.method === 'POST' &&
      !start.unspecified &&
      start.responses.some((r) => r.status === '202' && r.headers.some((h) => h.name.toLowerCase() === 'location')),
  );
  if (starts.length === 0) return [];
  // Each job read's schema written out once: a large document has hundreds of GETs.
  const reads = new Map<string, Operation>();
  for (const op of operations) {
    if (op.method !== 'GET' || !/^[^{}]*\/\{[^}]+\}$/.test(op.path)) continue;
    const text = schemaText(op, (status) => status === 200);
    if (text !== undefined && !reads.has(text)) reads.set(text, op);
  }
  return starts.flatMap((start) => {
    const text = schemaText(start, (status) => status === 202);
    const read = text === undefined ? undefined : reads.get(text);
    return read ? [{ start, read, parameter: /\{([^}]+)\}$/.exec(read.path)![1]! }] : [];
  });
}
