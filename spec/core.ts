// The spec layer's browser-safe surface: everything but reading files (index.ts adds that).

export type { DocumentOptions, LoadOptions } from './contract/compile-contract.js';
export { contractFromDocument } from './contract/compile-contract.js';
export type { MediaType } from './contract/media-types.js';
export { isJsonMediaType, mediaTypeMatches, parseMediaType } from './contract/media-types.js';
export { documentedStatuses, responseFor } from './contract/operations.js';
export { readOnlyRequestMembers } from './contract/read-only-members.js';
export {
  documentedMediaType,
  judgingMediaType,
  statusFieldMismatch,
  statusPropertyOf,
} from './contract/response-rules.js';
export type {
  Contract,
  HeaderSpec,
  HttpMethod,
  MediaTypeSpec,
  Operation,
  ParameterSpec,
  RequestBodySpec,
  ResponseSpec,
  SecuritySchemeSpec,
  ServerSpec,
} from './contract/types.js';
export { HTTP_METHODS } from './contract/types.js';
export { ContractError, pointerTokens } from './contract-error.js';
export type { Change } from './diff.js';
export { diffContracts } from './diff.js';
export { doubleAtMost, exactBound, exactIntegerProblem } from './json/exact-bounds.js';
export {
  canonicalJson,
  carryDigits,
  fieldText,
  JsonDepthError,
  MAX_JSON_DEPTH,
  nestsTooDeep,
  parsedExactly,
  parseExact,
  parseWithinDepth,
  rememberDigits,
  stringifyExact,
} from './json/exact-json.js';
export { codePointLength, escapeRegExp, truncate } from './json/text.js';
export { nestsDeeperThan } from './json/value-walk.js';
export * from './model/index.js';
export { mergeAllOf, propertiesOf, propertiesOfAnyForm, variantPropertiesOf } from './schema/all-of.js';
export { coerceForm, coerceScalar, coerceValues, declaredTypes } from './schema/coerce.js';
export { exactBoundIssues } from './schema/exact-body.js';
export { formIndexOf, formsOf } from './schema/forms.js';
export type { Direction, JsonSchema } from './schema/json-schema.js';
export { toJsonSchema } from './schema/json-schema.js';
export { setMember } from './schema/members.js';
export { ecmaPattern, generationPattern } from './schema/patterns.js';
export { validatorOfView } from './schema/schema-registry.js';
export type { SchemaIssue, SchemaValidator } from './schema/validators.js';
export { describeIssues, SchemaCompiler } from './schema/validators.js';
