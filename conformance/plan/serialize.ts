// Parameter values put on the wire as OpenAPI's styles say: form (query, cookie) and simple (path,
// header), exploded or not, space- and pipe-delimited, deepObject.
import type { ParameterSpec } from '../../spec/index.js';
import type { Placed } from '../model.js';

const text = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

/** A path parameter's text: simple (arrays and objects comma-separated), label (.v) or matrix (;name=v). */
export function pathText(parameter: ParameterSpec, value: unknown): string {
  const simple = simpleText(parameter, value);
  if (parameter.style === 'label') return `.${simple}`;
  if (parameter.style === 'matrix') return `;${parameter.name}=${simple}`;
  return simple;
}

function simpleText(parameter: ParameterSpec, value: unknown): string {
  if (Array.isArray(value)) return value.map(text).join(',');
  if (typeof value === 'object' && value !== null) {
    const pairs = Object.entries(value);
    return parameter.explode ? pairs.map(([k, v]) => `${k}=${text(v)}`).join(',') : pairs.flat().map(text).join(',');
  }
  return text(value);
}

/** A query, header or cookie parameter as placed fields (a repeated name for exploded arrays). */
export function place(parameter: ParameterSpec, value: unknown): Placed[] {
  const at = parameter.in === 'path' ? 'query' : parameter.in;
  const field = (name: string, v: string): Placed => ({ in: at, name, value: v });
  if (parameter.style === 'deepObject' && typeof value === 'object' && value !== null && !Array.isArray(value)) {
    return Object.entries(value).map(([k, v]) => field(`${parameter.name}[${k}]`, text(v)));
  }
  if (Array.isArray(value)) {
    if (parameter.in === 'query' && parameter.explode && parameter.style === 'form') {
      return value.map((item) => field(parameter.name, text(item)));
    }
    const delimiter = parameter.style === 'spaceDelimited' ? ' ' : parameter.style === 'pipeDelimited' ? '|' : ',';
    return [field(parameter.name, value.map(text).join(delimiter))];
  }
  if (typeof value === 'object' && value !== null) {
    if (parameter.in === 'query' && parameter.explode) return Object.entries(value).map(([k, v]) => field(k, text(v)));
    return [field(parameter.name, pathText(parameter, value))];
  }
  return [field(parameter.name, text(value))];
}

/** Header parameters OpenAPI says are ignored: the request's own framing and credentials. */
/** Whether a placed field carries this parameter (a deepObject spreads it over name[key] fields). */
export function carries(placed: Placed, parameter: { readonly in: string; readonly name: string }): boolean {
  return placed.in === parameter.in && (placed.name === parameter.name || placed.name.startsWith(`${parameter.name}[`));
}

export const RESERVED_HEADERS = new Set(['accept', 'content-type', 'authorization']);
