// The methods a path item may hold, as OpenAPI names its fields: read by the document's readers
// and by the contract's records alike.
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
