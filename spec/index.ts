export type { CollectionSpec, JsonSuccess } from './collections.js';
export { findCollections, isJsonMediaType, jsonSuccess, mediaTypeMatches, propertiesOf } from './collections.js';
export type {
  Contract,
  HttpMethod,
  MediaTypeSpec,
  Operation,
  ParameterSpec,
  RequestBodySpec,
  ResponseSpec,
  SecuritySchemeSpec,
  ServerSpec,
} from './contract.js';
export { defaultSpecPath, documentedStatuses, HTTP_METHODS, loadContract, responseFor } from './contract.js';
export { ContractError } from './contract-error.js';
export type { Change } from './diff.js';
export { diffContracts } from './diff.js';
export type { Direction, JsonSchema } from './json-schema.js';
export { toJsonSchema } from './json-schema.js';
export type { SchemaIssue, SchemaValidator } from './validators.js';
export { describeIssues, SchemaCompiler } from './validators.js';
