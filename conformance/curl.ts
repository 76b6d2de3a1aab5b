// A curl command that replays one request, with the key as $CONFORMANCE_API_KEY.
import type { HttpRequest } from './http.js';
import type { AuthVariant } from './model.js';

function singleQuoted(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

export function curlCommand(request: HttpRequest, auth: AuthVariant, maxBody = 4096): string {
  const parts = ['curl -sS -i', '-X', request.method, singleQuoted(request.url)];
  if (auth.shell !== undefined) parts.push('-H', `"Authorization: ${auth.shell.replace(/"/g, '\\"')}"`);
  for (const [name, value] of Object.entries(request.headers)) {
    if (name === 'authorization' || name === 'user-agent' || name === 'accept') continue;
    parts.push('-H', singleQuoted(`${name}: ${value}`));
  }
  if (request.body !== undefined) {
    const body =
      request.body.length > maxBody
        ? `${request.body.slice(0, maxBody)}… (body of ${request.body.length} characters cut; the JSON report has it whole)`
        : request.body;
    parts.push('--data-binary', singleQuoted(body));
  }
  return parts.join(' ');
}
