export { loadContract, defaultSpecPath, responseFor, documentedStatuses, HTTP_METHODS } from './contract.js';
export type {
  Contract,
  Operation,
  ResponseSpec,
  MediaTypeSpec,
  ParameterSpec,
  RequestBodySpec,
  SecuritySchemeSpec,
  ServerSpec,
  HttpMethod,
} from './contract.js';
export { ContractError } from './contract-error.js';
export { toJsonSchema } from './json-schema.js';
export type { JsonSchema, Direction } from './json-schema.js';
export { describeIssues } from './validators.js';
export type { SchemaIssue, SchemaValidator } from './validators.js';
export { findCollections, isJsonMediaType, jsonSuccess, mediaTypeMatches, propertiesOf } from './collections.js';
export type { CollectionSpec, JsonSuccess } from './collections.js';
export { SchemaCompiler } from './validators.js';
export { diffContracts } from './diff.js';
export type { Change } from './diff.js';
