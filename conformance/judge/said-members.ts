// Members the document's words say an answer of a status carries ("A `422` caused by an invalid
// request carries `errors`"), where the schema leaves them optional: absent, they are named
// (response_schema_conformance). The words are read once per document.
import { saidErrorMembers } from '../../spec/index.js';
import type { Check, Finding } from '../model.js';
import { finding } from './findings.js';

const saidMembers = new WeakMap<object, ReadonlyMap<number, readonly string[]>>();

/** Members the document's words say an answer of this status carries ("A `422` … carries
 * `errors`"), absent from the body. */
export function saidMembersMissing(context: Parameters<Check>[0], status: number): Finding[] {
  const said = saidMembers.get(context.contract) ?? saidErrorMembers(context.contract);
  saidMembers.set(context.contract, said);
  const body = context.body.kind === 'json' ? context.body.value : undefined;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return [];
  return (said.get(status) ?? [])
    .filter((member) => !Object.hasOwn(body, member))
    .map((member) => finding('said_member_missing', { member, status }, { pointer: `/${member}` }));
}
