// Values from JSON Schemas, for the runner's cases and the mock's generated answers and tests.

export { assembledValue } from './assembled.js';
export { above, below } from './breakers.js';
export { impossibleCalendarValues } from './calendar.js';
export { type CheckDigitCode, checkDigitCodeOf, withCheckDigit } from './check-digits.js';
export { distinctEntriesOf, withDistinctEntries } from './distinct-entries.js';
export type { Mutation, Payload } from './mutations.js';
export { bodyMutations, defaultedRequired } from './mutations.js';
export { sampleValue, seedOf } from './sample.js';
export { withOrderedSpans } from './spans.js';
export { EDGE_STRINGS, plainString, wildString } from './strings.js';
export type { ValueStyle } from './values.js';
export { boundedFilter, typesOf, UNSATISFIABLE, valueArbitrary } from './values.js';
export { wordRuleBreaksOf, wordRuleCheckOf, wordRuleOf } from './word-rules.js';
