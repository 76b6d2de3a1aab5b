// Operations the document allows to be slow: a parameter that asks for a delay (httpbin's
// /delay/{delay}), or words that say the answer may take long. A deadline missed there is the
// run's deadline being too short, not the service failing.
import type { Operation } from '../contract/types.js';

const DELAY_PARAMETER = /^(delay|sleep|wait|latency|duration|delay_?(ms|seconds|secs))$/i;
const SLOW_WORDS =
  /\b(delay(ed|s)?|long[- ]running|slow(ly)?|may take (up to|several|a few|minutes|seconds|a while|some time))\b/i;

/** Why the document allows the operation to be slow, in words for a person; undefined where it
 * gives no reason. */
export function allowedDelay(operation: Operation): string | undefined {
  const parameter = operation.parameters.find(
    (candidate) => (candidate.in === 'path' || candidate.in === 'query') && DELAY_PARAMETER.test(candidate.name),
  );
  if (parameter) return `its ${parameter.in} parameter ${parameter.name} asks for a delay`;
  const words = [operation.summary, ...operation.responses.map((response) => response.description)].find(
    (text) => text !== undefined && SLOW_WORDS.test(text),
  );
  return words === undefined ? undefined : `the document says "${words.trim().slice(0, 80)}"`;
}
