// A payload put on the wire in its media type: JSON text, a form (application/x-www-form-urlencoded),
// multipart/form-data, or text for anything else.

import type { Payload } from '../../spec/generate/index.js';
import { isJsonMediaType, stringifyExact } from '../../spec/index.js';

const text = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

function fields(value: unknown): Array<[string, string]> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [['value', text(value)]];
  return Object.entries(value).flatMap(([name, field]) =>
    Array.isArray(field)
      ? field.map((item): [string, string] => [name, text(item)])
      : [[name, text(field)] as [string, string]],
  );
}

// Fixed, so the same seed sends the same bytes.
const BOUNDARY = 'conformance-boundary-7d0a5f';

export function encodeBody(payload: Payload, mediaType: string): { body: string; contentType: string } {
  if (payload.kind === 'raw') return { body: payload.text, contentType: mediaType };
  const essence = mediaType.toLowerCase();
  if (isJsonMediaType(essence)) return { body: stringifyExact(payload.value), contentType: mediaType };
  if (essence === 'application/x-www-form-urlencoded') {
    return { body: new URLSearchParams(fields(payload.value)).toString(), contentType: mediaType };
  }
  if (essence.startsWith('multipart/')) {
    const parts = fields(payload.value).map(
      ([name, value]) =>
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name.replace(/"/g, '%22')}"\r\n\r\n${value}\r\n`,
    );
    return { body: `${parts.join('')}--${BOUNDARY}--\r\n`, contentType: `${mediaType}; boundary=${BOUNDARY}` };
  }
  return { body: text(payload.value), contentType: mediaType.includes('*') ? 'application/octet-stream' : mediaType };
}
