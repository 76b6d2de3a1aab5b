// The spec layer's browser-safe surface: everything but reading files (index.ts adds that).
export { mergeAllOf, propertiesOf } from './all-of.js';
export { coerceForm, coerceScalar, coerceValues, declaredTypes } from './coerce.js';
export type { DocumentOptions, LoadOptions } from './compile-contract.js';
export { contractFromDocument } from './compile-contract.js';
export { ContractError, pointerTokens } from './contract-error.js';
export type { Change } from './diff.js';
export { diffContracts } from './diff.js';
export { exactBoundIssues } from './exact-body.js';
export { doubleAtMost, exactBound, exactIntegerProblem } from './exact-bounds.js';
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
} from './exact-json.js';
export type { Direction, JsonSchema } from './json-schema.js';
export { toJsonSchema } from './json-schema.js';
export type { MediaType } from './media-types.js';
export { isJsonMediaType, mediaTypeMatches, parseMediaType } from './media-types.js';
export { setMember } from './members.js';
export * from './model/index.js';
export { documentedStatuses, responseFor } from './operations.js';
export { ecmaPattern, generationPattern } from './patterns.js';
export { documentedMediaType, judgingMediaType, statusFieldMismatch, statusPropertyOf } from './response-rules.js';
export { validatorOfView } from './schema-registry.js';
export { codePointLength, escapeRegExp, truncate } from './text.js';
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
} from './types.js';
export { HTTP_METHODS } from './types.js';
export type { SchemaIssue, SchemaValidator } from './validators.js';
export { describeIssues, SchemaCompiler } from './validators.js';
export { nestsDeeperThan } from './value-walk.js';
