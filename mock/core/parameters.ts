// The request's parameters checked as declared: path, query, header and cookie values read by
// their style (simple, form, explode) into the values their schemas describe, then validated.
// A missing required parameter or an invalid value is a 400 naming the parameter.

import {
  coerceValues,
  describeIssues,
  exactIntegerProblem,
  type Operation,
  type ParameterSpec,
} from '../../spec/core.js';
import { MockHttpError } from './errors.js';
import type { MockRequest } from './exchange.js';

function cookies(header: string | undefined): Map<string, string> {
  const jar = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0) jar.set(part.slice(0, at).trim(), safeDecode(part.slice(at + 1).trim()));
  }
  return jar;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

const DELIMITERS: Readonly<Record<string, string>> = { spaceDelimited: ' ', pipeDelimited: '|' };

/** A label (.v) or matrix (;name=v) path value without its prefix; exploded labels use dots. */
function withoutStylePrefix(parameter: ParameterSpec, text: string): string {
  if (parameter.style === 'label') {
    const bare = text.startsWith('.') ? text.slice(1) : text;
    return parameter.explode ? bare.replaceAll('.', ',') : bare;
  }
  if (parameter.style === 'matrix') {
    const prefix = `;${parameter.name}=`;
    return text.startsWith(prefix) ? text.slice(prefix.length).replaceAll(prefix, ',') : text.replace(/^;/, '');
  }
  return text;
}

/** The raw texts of a parameter in the request; undefined when it is absent. */
function textsOf(
  parameter: ParameterSpec,
  req: MockRequest,
  query: URLSearchParams,
  pathParams: Readonly<Record<string, string>>,
): string[] | undefined {
  switch (parameter.in) {
    case 'path': {
      const text = pathParams[parameter.name];
      return text === undefined ? undefined : [withoutStylePrefix(parameter, text)];
    }
    case 'query':
      return query.has(parameter.name) ? query.getAll(parameter.name) : undefined;
    case 'header': {
      const value = req.headers[parameter.name.toLowerCase()];
      return value === undefined ? undefined : [Array.isArray(value) ? value.join(',') : value];
    }
    case 'cookie': {
      const value = cookies(req.headers.cookie).get(parameter.name);
      return value === undefined ? undefined : [value];
    }
  }
}

// Only read, never changed: one empty query serves every URL without one.
const NO_QUERY = new URLSearchParams();
const where = (parameter: ParameterSpec): string => `${parameter.in} parameter ${parameter.name}`;

/** Checks every parameter of the operation: a 400 naming the first one that is wrong, returned
 * rather than thrown (a throw costs V8 a walk of the stack), or undefined. */
export function parameterRefusal(
  operation: Operation,
  req: MockRequest,
  pathParams: Readonly<Record<string, string>>,
): MockHttpError | undefined {
  if (operation.parameters.length === 0) return undefined;
  const url = req.url ?? '/';
  const at = url.indexOf('?');
  const query = at === -1 ? NO_QUERY : new URLSearchParams(url.slice(at + 1));
  for (const parameter of operation.parameters) {
    // deepObject and content-described values are passed through: their encodings vary too much.
    if (parameter.style === 'deepObject') continue;
    const texts = textsOf(parameter, req, query, pathParams);
    if (texts === undefined) {
      if (parameter.required)
        return new MockHttpError(400, 'missing_parameter', `The ${where(parameter)} is required.`);
      continue;
    }
    // An integer past 2^53 is judged by its digits, not the double it reads as (2^63 is no int64).
    const schema = parameter.validator.schema as Record<string, unknown>;
    const exact = texts.length === 1 ? exactIntegerProblem(texts[0]!, schema) : undefined;
    if (exact) return new MockHttpError(400, 'invalid_parameter', `Invalid ${where(parameter)}: ${exact}.`);
    const value = coerceValues(texts, parameter.validator.schema, DELIMITERS[parameter.style] ?? ',');
    const issues = parameter.validator.validate(value);
    if (issues.length > 0) {
      return new MockHttpError(
        400,
        'invalid_parameter',
        `Invalid ${where(parameter)}: ${describeIssues(issues).replace(/^\(body\) /, '')}.`,
      );
    }
  }
  return undefined;
}
