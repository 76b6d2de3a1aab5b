// A curl command that replays one request, with the key as $CONFORMANCE_API_KEY.
import type { HttpRequest } from './http.js';
import type { AuthVariant } from './model.js';
import { shellQuote } from './shell.js';

export function curlCommand(request: HttpRequest, auth: AuthVariant, maxBody = 4096): string {
  const parts = ['curl -sS -i', '-X', request.method, shellQuote(request.url)];
  if (auth.shell !== undefined) parts.push('-H', `"Authorization: ${auth.shell.replace(/"/g, '\\"')}"`);
  for (const [name, value] of Object.entries(request.headers)) {
    if (name === 'authorization' || name === 'user-agent' || name === 'accept') continue;
    parts.push('-H', shellQuote(`${name}: ${value}`));
  }
  if (request.body !== undefined) {
    const body =
      request.body.length > maxBody
        ? `${request.body.slice(0, maxBody)}… (body of ${request.body.length} characters cut; the JSON report has it whole)`
        : request.body;
    parts.push('--data-binary', shellQuote(body));
  }
  return parts.join(' ');
}
