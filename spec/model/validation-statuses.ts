// The statuses a document's own words give every refusal of input that breaks its schema, where
// they name more than one ("refused with 400 or 422 (a server may use either)"): a service may
// answer any of them wherever an operation lists only one.
import type { Contract } from '../contract/types.js';
import { sentencesOf } from './sentences.js';

const ABOUT_SCHEMA =
  /\b(?:schema|invalid|validation|malformed|does\s+not\s+(?:match|conform)|wrong\s+type|(?:documented|its)\s+limits?)\b/i;
// Each status may stand in code quotes ("`400` or `422`"), with its reason phrase ("`400 Bad Request`
// or `422 Unprocessable Content`").
const REASON = String.raw`(?:\s+[A-Z][a-z]+(?:\s+[A-Z][a-z]+)*)?`;
const STATUSES = new RegExp(String.raw`\b(4\d\d)\b${REASON}\`?(?:\s*(?:,|or|and\/or)\s*\`?\b(4\d\d)\b${REASON}\`?)+`);

const known = new WeakMap<Contract, readonly number[]>();

export function validationStatusesOf(contract: Contract): readonly number[] {
  const found = known.get(contract);
  if (found) return found;
  const info = (contract.document.info ?? {}) as { description?: unknown };
  const words = typeof info.description === 'string' ? info.description : undefined;
  const statuses = new Set<number>();
  for (const sentence of sentencesOf([words])) {
    const said = STATUSES.exec(sentence);
    if (!said || !ABOUT_SCHEMA.test(sentence)) continue;
    for (const status of said[0].match(/\b4\d\d\b/g) ?? []) statuses.add(Number(status));
  }
  const read = statuses.size > 1 ? [...statuses] : [];
  known.set(contract, read);
  return read;
}
