// The status the document's words give a body that is not JSON at all: a response described as
// "Malformed JSON, or an invalid query parameter", or an overview line "400 - the body is not
// well-formed JSON". Where the words name one such status the operation documents, a malformed body
// refused with another (a 422 meant for schema violations) is the wrong answer.
import type { Contract, Operation } from '../contract/types.js';

/** Words about a request body that does not parse. */
const MALFORMED =
  /\b(?:malformed|not\s+well-formed|ill-formed|unparsable|unparseable|syntactically\s+invalid)\s+(?:JSON|body|request\s+body)\b|\bnot\s+(?:valid|well-formed)\s+JSON\b|\bJSON\s+(?:syntax|parse|parsing)\s+error\b|\b(?:body|JSON)\s+(?:is|was)\s+not\s+well-formed\b|\bbody\s+(?:cannot|could\s+not)\s+be\s+parsed\b/i;

const known = new WeakMap<Operation, number | undefined>();

/** The one 4xx the words give a body that does not parse, where the operation documents it. */
export function malformedBodyStatus(contract: Contract, operation: Operation): number | undefined {
  if (known.has(operation)) return known.get(operation);
  const documented = new Set(operation.responses.map((response) => response.status));
  const own = operation.responses.filter(
    (response) => /^4\d\d$/.test(response.status) && MALFORMED.test(response.description),
  );
  let status: number | undefined;
  if (own.length === 1) status = Number(own[0]!.status);
  else if (own.length === 0) {
    // The overview's lines: "3. 400 - the body is not well-formed JSON, or a query parameter ...".
    const info = (contract.document.info ?? {}) as { description?: unknown };
    const lines = typeof info.description === 'string' ? info.description.split(/\n\s*(?=\d+\.|[*-]\s)/) : [];
    const said = new Set(
      lines
        .filter((line) => MALFORMED.test(line.replace(/\s+/g, ' ')))
        .flatMap((line) => line.match(/\b4\d\d\b/g) ?? []),
    );
    if (said.size === 1) status = Number([...said][0]);
  }
  const found = status !== undefined && documented.has(String(status)) ? status : undefined;
  known.set(operation, found);
  return found;
}

/** Words about a body its schema refuses: "breaks the schema", "a body breaking the schema",
 * "fails validation". */
const SCHEMA_BROKEN =
  /\b(?:break(?:s|ing)|violat(?:es|ing)|fail(?:s|ing)|(?:does|do)\s+not\s+(?:match|satisfy|conform\s+to)|not\s+(?:matching|satisfying|conforming\s+to))\s+(?:the\s+|its\s+)?(?:\w+\s+)?(?:schema|validation)\b|\bschema\s+(?:violation|validation)s?\b|\bvalidation\s+(?:error|fail\w*)s?\b/i;

const violations = new WeakMap<Operation, number | undefined>();

/** The 4xx the words give a well-formed body its schema refuses, where they give a body that does
 * not parse another one ("400: not well-formed JSON", "422: the body breaks the schema"). */
export function schemaViolationStatus(contract: Contract, operation: Operation): number | undefined {
  if (violations.has(operation)) return violations.get(operation);
  const malformed = malformedBodyStatus(contract, operation);
  const words = (status: number) => operation.responses.find((r) => r.status === String(status))?.description ?? '';
  const said = operation.responses.filter(
    (response) =>
      /^4\d\d$/.test(response.status) &&
      Number(response.status) !== malformed &&
      SCHEMA_BROKEN.test(response.description),
  );
  const found =
    malformed !== undefined && said.length === 1 && !SCHEMA_BROKEN.test(words(malformed))
      ? Number(said[0]!.status)
      : undefined;
  violations.set(operation, found);
  return found;
}
