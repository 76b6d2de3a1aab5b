// A curl command that replays one request, with every secret as its shell variable
// ($CONFORMANCE_API_KEY, $CONFORMANCE_AUTH_<NAME>).
import type { HttpRequest } from './http.js';
import { shellQuote } from './shell.js';

// Left out where curl's own would do: our user agent, and the Accept every case sends by default.
const leftOut = (name: string, value: string) =>
  name === 'user-agent' || (name === 'accept' && value === 'application/json');

export function curlCommand(request: HttpRequest, maxBody = 4096): string {
  const parts = ['curl -sS -i', '-X', request.method, request.shell?.url ?? shellQuote(request.url)];
  const shellHeaders = request.shell?.headers ?? {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (leftOut(name, value)) continue;
    const shell = shellHeaders[name];
    // Shell forms are ours (variables, $(...) expressions), written for a double-quoted word as they are.
    if (shell !== undefined) parts.push('-H', `"${displayName(name)}: ${shell}"`);
    else parts.push('-H', shellQuote(`${name}: ${value}`));
  }
  if (request.body !== undefined) {
    const body =
      request.body.length > maxBody
        ? `${squeezed(request.body.slice(0, maxBody))}… (body of ${request.body.length} characters cut; the JSON report has it whole)`
        : request.body;
    parts.push('--data-binary', shellQuote(body));
  }
  return parts.join(' ');
}

function displayName(name: string): string {
  return name === 'authorization' ? 'Authorization' : name === 'cookie' ? 'Cookie' : name;
}

/** A cut body's shown part with long runs of white space told, not printed: a 2 MiB body padded
 * with spaces would otherwise fill 2,000 columns before saying it was cut. */
function squeezed(text: string): string {
  return text.replace(/\s{16,}/g, (run) => ` ⟨${run.length} white-space characters⟩ `);
}
