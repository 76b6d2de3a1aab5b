// The contract's records: what spec/ yields and every other layer reads.
import { HTTP_METHODS } from '../document/http-methods.js';
import type { SchemaValidator } from '../schema/validators.js';

export { HTTP_METHODS };
export type HttpMethod = Uppercase<(typeof HTTP_METHODS)[number]>;

export interface MediaTypeSpec {
  readonly mediaType: string;
  /** Absent where the document gives no schema: any body of that type is allowed. */
  readonly validator?: SchemaValidator;
  /** The author's example values (`example`, then each of `examples`), in document order. */
  readonly examples: readonly unknown[];
  /** Of a request body: the members its schema declares readOnly (left out of the compiled
   * schema; a service may ignore them or refuse them). */
  readonly readOnlyMembers?: readonly string[];
}

export interface HeaderSpec {
  readonly name: string;
  readonly required: boolean;
  readonly validator?: SchemaValidator;
}

export interface ResponseSpec {
  /** '200', '4XX' or 'default', as the document writes it. */
  readonly status: string;
  readonly description: string;
  readonly content: readonly MediaTypeSpec[];
  readonly headers: readonly HeaderSpec[];
  /** The body property that must repeat the HTTP status (from `x-repeats-http-status`). */
  readonly statusProperty?: string;
}

export interface ParameterSpec {
  readonly name: string;
  readonly in: 'path' | 'query' | 'header' | 'cookie';
  readonly required: boolean;
  readonly validator: SchemaValidator;
  /** Serialisation (OpenAPI defaults filled in): simple for path and header, form for query and cookie. */
  readonly style: string;
  readonly explode: boolean;
  readonly examples: readonly unknown[];
  /** The author's words about it, where written (what a filter of several values matches). */
  readonly description?: string;
}

export interface SecuritySchemeSpec {
  readonly name: string;
  readonly type: string;
  /** For type http: 'bearer', 'basic', … (lower case). */
  readonly scheme?: string;
  /** For type apiKey: where and under which name the key goes. */
  readonly in?: string;
  readonly parameterName?: string;
  /** For oauth2 and openIdConnect: tokens are sent as bearer credentials. */
  readonly bearerFormat?: string;
}

export interface RequestBodySpec {
  readonly required: boolean;
  readonly content: readonly MediaTypeSpec[];
}

export interface Operation {
  /** operationId where the document has one, else "GET /path". */
  readonly id: string;
  readonly operationId?: string;
  readonly method: HttpMethod;
  readonly path: string;
  readonly summary?: string;
  /** The operation's own words (description), for rules the model reads from them. */
  readonly description?: string;
  readonly tags: readonly string[];
  readonly deprecated: boolean;
  /** Marked `x-unspecified`: named by the document, behaviour not shown. */
  readonly unspecified: boolean;
  readonly parameters: readonly ParameterSpec[];
  readonly requestBody?: RequestBodySpec;
  readonly responses: readonly ResponseSpec[];
  /** Alternatives; each alternative is a list of schemes that must all be satisfied. An empty
   * list of alternatives means no authentication; an empty alternative means it is optional. */
  readonly security: readonly (readonly SecuritySchemeSpec[])[];
  /** Response properties the service assigns (from `x-assigned-by-service`), by status. */
  readonly assignedProperties: readonly string[];
  /** The operation this one narrows (one action of a transitions endpoint, its body holding that
   * action's name: named-actions.ts): reported as that operation. */
  readonly variantOf?: Operation;
}

export interface ServerSpec {
  readonly url: string;
  readonly description?: string;
}

export interface Contract {
  readonly file: string;
  /** The document's text as written, for serving it unchanged. */
  readonly source: string;
  /** The document as parsed, with its $refs in place. */
  readonly document: Readonly<Record<string, unknown>>;
  /** The version the document declares: `2.0` (read as 3.0), `3.0.3`, `3.1.0`, `3.2.0` (read as 3.1). */
  readonly declaredVersion: string;
  /** How its schemas are read: OpenAPI 3.0's dialect, or JSON Schema 2020-12 (3.1 and later). */
  readonly dialect: '3.0' | '3.1';
  /** The document and every file its $refs name. */
  readonly files: readonly string[];
  readonly title: string;
  readonly version: string;
  readonly servers: readonly ServerSpec[];
  /** Path prefix of the first server ('/v1'), '' when none. */
  readonly basePath: string;
  readonly operations: readonly Operation[];
  /** Webhooks the document declares: requests the service sends, which neither tool tests. */
  readonly webhooks: readonly string[];
  /** Problems that do not stop the document from being used (an example that breaks its schema),
   * one line each: `FILE: POINTER: PROBLEM`. */
  readonly warnings: readonly string[];
}
