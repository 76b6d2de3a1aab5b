// A page size past its maximum, answered clamped: harmless unless the document's words refuse it.
import { listedItems } from '../../spec/model/index.js';
import type { Check } from '../model.js';

/** Words that refuse a page size past its maximum ("a larger value is refused with 400", "A value
 * outside 1..50 is refused": a range's dots are no stop), and words
 * that leave clamping open ("either refused (400) or treated as 100"). */
const REFUSED_ABOVE =
  /\b(?:larger|greater|higher|bigger|above|over|more than|exceed\w*|outside)\b(?:[^.;]|\.(?=[\d.])){0,40}\b(?:refused|rejected|answered `?4\d\d|gives? `?4\d\d|is an error)\b/i;
// Any white space between the words: a YAML block keeps the author's line breaks.
const CLAMP_OPEN = /\bor\s+(?:treated|clamped|capped|reduced|limited|cut)\b|\b(?:clamped|capped|reduced)\s+to\b/i;
/** The document's error list giving invalid query parameters a status ("`400` invalid query
 * parameter", "an out-of-range query parameter is 400"): a page size past its maximum is one. */
const INVALID_QUERY =
  /\b4\d\d\b[^.;]{0,30}\binvalid (?:query )?parameters?\b|\binvalid (?:query )?parameters?\b[^.;]{0,40}\b4\d\d\b|\bout[- ]of[- ]range\b[^.;]{0,40}\b4\d\d\b/i;
/** A sentence giving invalid values a 4xx ("`400` is used for ... and for invalid query parameters",
 * "a query parameter ... is missing or invalid", "Invalid `offset`/`limit` values are `400`", "query
 * parameters that do not match their schema are refused `400`"): of
 * query parameters, or of the parameter it names. */
const INVALID =
  /\b(?:invalid|malformed|out[- ]of[- ]range)\b|\b(?:do(?:es)? not|don't|doesn't|fail to) (?:match|conform to|satisfy) (?:their|its|the) schemas?\b/i;
const givesInvalid = (sentence: string, name: string): boolean =>
  /\b4\d\d\b/.test(sentence) &&
  INVALID.test(sentence) &&
  (/\bquery param/i.test(sentence) || new RegExp(`\\b${name}\\b`).test(sentence.replace(/`/g, '')));

/** Whether the words refuse the parameter past its maximum: its own, the list's, or a sentence of
 * the document's that names it. */
function refusedAbove(context: Parameters<Check>[0], name: string): boolean {
  const { operation } = context.testCase;
  const own = operation.parameters.find((parameter) => parameter.name === name)?.description;
  const info = (context.contract.document.info as { description?: unknown } | undefined)?.description;
  const split = (text: string | undefined) => (text ?? '').split(/(?<=[.!?])\s+/);
  // Every sentence of the parameter's own words speaks of it; elsewhere, those that name it.
  const others = [operation.description, typeof info === 'string' ? info : undefined].flatMap(split);
  const naming = [...split(own), ...others.filter((sentence) => sentence.includes(name))];
  const refused =
    naming.some((sentence) => REFUSED_ABOVE.test(sentence)) ||
    others.some((sentence) => INVALID_QUERY.test(sentence) || givesInvalid(sentence, name));
  return refused && !naming.some((s) => CLAMP_OPEN.test(s));
}

/** A list's page size past its maximum answered with no more items than the maximum: the service
 * clamped it (a common, harmless reading), where the document does not forbid it in words. */
export function clampedPageSize(context: Parameters<Check>[0]): { parameter: string; maximum: number } | undefined {
  const past = context.testCase.pastMaximum;
  const list = context.collection?.list;
  if (!past || !list || list.operation !== context.testCase.operation || list.paging.limit?.name !== past.parameter)
    return undefined;
  if (refusedAbove(context, past.parameter)) return undefined;
  const body = context.body;
  const items = body.kind === 'json' ? listedItems(context.collection, body.value) : undefined;
  return items !== undefined && items.length <= past.maximum ? past : undefined;
}
