// Whether a PUT at a key no item has makes the item there. Documented by its 201, or by words
// ("creates the workspace if it does not exist", "an upsert"); denied by words ("PUT does not create
// flags: a flag that does not exist answers `404`"). A PUT with neither is not judged at a free key:
// a 404 there is as much within the document as a creation.
import type { Operation } from '../contract/types.js';

const DENIED =
  /\b(?:does not|doesn't|never|cannot|can ?not|will not|won't)\s+creates?\b|\bonly replaces\b|\bmust already exist\b|\b(?:does not|doesn't) exist\b[^.]*\b404\b|\b404\b[^.]*\b(?:does not|doesn't) exist\b|\bonly (?:be )?created (?:with|by|through|via)\b/i;
const SAID =
  /\bupserts?\b|\bcreates?\b|\bcreated\b|\bcreate or replace\b|\bif (?:it|none|one) does not (?:yet )?exist\b/i;

export function putCreates(operation: Operation): boolean {
  const words = `${operation.summary ?? ''}. ${operation.description ?? ''}`.replace(/`/g, '');
  if (DENIED.test(words)) return false;
  return operation.responses.some((response) => response.status === '201') || SAID.test(words);
}
