// The rules of the Swagger 2.0 → OpenAPI 3.0 conversion that are tables or single steps: where a
// $ref's target moves, how a parameter's keywords become a schema, collectionFormat as a style,
// securityDefinitions as security schemes, and the way back from a converted pointer.

type Json = Record<string, unknown>;

/** Converted place → original place (JSON pointer prefixes), for problems found after conversion. */
export type PointerMap = ReadonlyArray<readonly [converted: string, original: string]>;

export const PARAMETER_SCHEMA_KEYWORDS = [
  'type',
  'format',
  'items',
  'default',
  'maximum',
  'exclusiveMaximum',
  'minimum',
  'exclusiveMinimum',
  'maxLength',
  'minLength',
  'pattern',
  'maxItems',
  'minItems',
  'uniqueItems',
  'enum',
  'multipleOf',
];
export const COLLECTION_STYLE: Record<string, { style: string; explode: boolean }> = {
  csv: { style: 'form', explode: false },
  ssv: { style: 'spaceDelimited', explode: false },
  pipes: { style: 'pipeDelimited', explode: false },
  tsv: { style: 'form', explode: false },
  multi: { style: 'form', explode: true },
};

/** Rewrites a $ref of the 2.0 layout to where its target lives in 3.0. */
export function movedRef(ref: string, bodyParameters: ReadonlySet<string>): string {
  return ref
    .replace(/^#\/definitions\//, '#/components/schemas/')
    .replace(/^#\/parameters\/([^/]+)/, (_, name: string) =>
      bodyParameters.has(name) ? `#/components/requestBodies/${name}` : `#/components/parameters/${name}`,
    )
    .replace(/^#\/responses\//, '#/components/responses/')
    .replace(/^(#\/paths\/[^/]+\/[a-z]+\/responses\/[^/]+)\/schema/, '$1/content/application~1json/schema');
}

const OAUTH_FLOWS: Record<string, string> = {
  implicit: 'implicit',
  password: 'password',
  application: 'clientCredentials',
  accessCode: 'authorizationCode',
};

export function securityScheme(scheme: Json): Json {
  const description = scheme.description !== undefined ? { description: scheme.description } : {};
  if (scheme.type === 'basic') return { type: 'http', scheme: 'basic', ...description };
  if (scheme.type === 'apiKey') return { type: 'apiKey', name: scheme.name, in: scheme.in, ...description };
  const flow: Json = { scopes: scheme.scopes ?? {} };
  if (scheme.authorizationUrl !== undefined) flow.authorizationUrl = scheme.authorizationUrl;
  if (scheme.tokenUrl !== undefined) flow.tokenUrl = scheme.tokenUrl;
  return { type: 'oauth2', flows: { [OAUTH_FLOWS[String(scheme.flow)] ?? 'implicit']: flow }, ...description };
}

/** The place in the original document a converted pointer came from (itself when unknown). */
export function originalPointer(origins: PointerMap, pointer: string): string {
  const found = origins.find(([converted]) => pointer === converted || pointer.startsWith(`${converted}/`));
  return found ? found[1] + pointer.slice(found[0].length) : pointer;
}
