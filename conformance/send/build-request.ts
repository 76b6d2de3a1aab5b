// A case as it goes on the wire: its URL (path values and query fields encoded), headers, cookies
// and body, and beside them the shell words a reproduction prints (secrets as variables).
import type { TestCase } from '../model.js';
import { encodeBody } from './encode-body.js';
import type { HttpRequest } from './http.js';

/** Text inside a double-quoted shell word, where only $ ` " \\ are special. */
function doubleQuoted(text: string): string {
  return text.replace(/[$`"\\]/g, '\\$&');
}

export function buildRequest(
  baseUrl: string,
  testCase: TestCase,
  extraHeaders: Readonly<Record<string, string>> = {},
): HttpRequest {
  // Literal parts are encoded where a URL cannot carry them raw (#, ?, spaces); values always.
  const params = testCase.pathParams ?? {};
  const path = testCase.operation.path
    .split(/(\{[^}]+\})/)
    .map((part) => {
      const name = /^\{([^}]+)\}$/.exec(part)?.[1];
      if (name !== undefined) return encodeURIComponent(params[name] ?? part);
      return encodeURI(part).replace(/#/g, '%23').replace(/\?/g, '%3F');
    })
    .join('');
  const headers: Record<string, string> = {
    ...extraHeaders,
    accept: 'application/json',
    'user-agent': 'pet-catalog-conformance',
  };
  const shellHeaders: Record<string, string> = {};
  const query: string[] = [];
  const shellQuery: string[] = [];
  const cookies: string[] = [];
  const shellCookies: string[] = [];
  const placed = [
    ...(testCase.parameters ?? []).map((p) => ({ ...p, shell: undefined as string | undefined })),
    ...testCase.auth.credentials,
  ];
  for (const item of placed) {
    if (item.in === 'query') {
      const field = `${encodeURIComponent(item.name)}=${encodeURIComponent(item.value)}`;
      query.push(field);
      shellQuery.push(
        item.shell === undefined ? doubleQuoted(field) : `${encodeURIComponent(item.name)}=${item.shell}`,
      );
    } else if (item.in === 'cookie') {
      cookies.push(`${item.name}=${encodeURIComponent(item.value)}`);
      shellCookies.push(`${item.name}=${item.shell ?? doubleQuoted(encodeURIComponent(item.value))}`);
    } else {
      headers[item.name.toLowerCase()] = item.value;
      if (item.shell !== undefined) shellHeaders[item.name.toLowerCase()] = item.shell;
    }
  }
  if (cookies.length > 0) headers.cookie = cookies.join('; ');
  if (shellCookies.length > 0 && placed.some((p) => p.in === 'cookie' && p.shell !== undefined)) {
    shellHeaders.cookie = shellCookies.join('; ');
  }
  let body: string | undefined;
  if (testCase.payload) {
    const encoded = encodeBody(testCase.payload, testCase.mediaType ?? 'application/json');
    headers['content-type'] = encoded.contentType;
    body = encoded.body;
  }
  if (testCase.contentType === null) delete headers['content-type'];
  else if (testCase.contentType !== undefined) headers['content-type'] = testCase.contentType;
  if (testCase.accept !== undefined) headers.accept = testCase.accept;
  const url = `${baseUrl}${path}${query.length > 0 ? `?${query.join('&')}` : ''}`;
  const shellUrl = `"${doubleQuoted(`${baseUrl}${path}`)}${shellQuery.length > 0 ? `?${shellQuery.join('&')}` : ''}"`;
  return {
    method: testCase.operation.method,
    url,
    headers,
    ...(body !== undefined ? { body } : {}),
    shell: { url: shellUrl, headers: shellHeaders },
  };
}
