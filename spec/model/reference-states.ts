// Items a creation may name only in some of their states: "`409` when the event is not `published`",
// "the project must be `active`". Read per member that names another collection's item whose state
// member (status, state) is an enum: the states the words allow and the documented refusal. The
// runner names an item it moved into one of them (an order needs a published event), the mock
// refuses the others.
import type { Contract } from '../contract/types.js';
import { escapeRegExp } from '../json/text.js';
import { propertiesOf, variantPropertiesOf } from '../schema/all-of.js';
import type { CollectionSpec } from './collections.js';
import { referencedCollection, resourceWordPattern } from './references.js';
import { clausesOf, passagesNaming } from './sentences.js';
import { statusMember } from './state-member.js';

export interface ReferenceState {
  /** The creation's member that names the other item, and the collection it names. */
  readonly member: string;
  readonly collection: string;
  /** The other item's state member and the states the creation allows. */
  readonly stateMember: string;
  readonly allowed: readonly unknown[];
  readonly status: number;
  readonly words: string;
}

/** Words after the states that permit rather than require them ("... may be added to a draft"). */
const PERMITS =
  /\b(?:may|can)\s+(?:still\s+|also\s+)?be\s+(?:added|named|used|referenced|chosen|given|sent|booked|ordered)\b/i;

/** A clause speaking of the one before it ("it must exist"). */
const REFERS_BACK = /^\s*(?:it|they)\s+(?:must|has|have|is|are|should)\b/i;

/** A clause giving the refusal of the one before it. */
const OTHERWISE = /^\s*(?:otherwise|else|or else|if not|failing that)\b/i;

/** Refusal statuses a state rule may name. */
const STATE_STATUSES = /^4(?:09|22|23|00)$/;

/** The states a clause allows the named item, and where it says so: "the event is not
 * `published`" (when/if ... not), "the event must be `draft` or `published`", "only while the event
 * is `open`", "a live product ... that is `active`". */
function allowedIn(clause: string, word: string, values: readonly unknown[]): { allowed: unknown[]; at: number } {
  const named = `\\b${word}s?\\b[^.;,]{0,30}?`;
  const forms = [
    new RegExp(`\\b(?:when|if|where|unless)\\b[^.;]{0,60}?${named}\\b(?:is|are)\\s+not\\s+([^.;,(]+)`, 'i'),
    new RegExp(`${named}\\b(?:must|has to|needs to|should)\\s+be\\s+([^.;,(]+)`, 'i'),
    // "The invoice must exist (`422`) and be `sent` (`409`)".
    new RegExp(`${named}\\bmust\\s+exist\\b[^.;]{0,60}?\\band\\s+be\\s+([^.;,(]+)`, 'i'),
    // "can only be recorded against `sent` invoices": the states before the noun.
    new RegExp(
      `\\bonly\\b[^.;]{0,40}?\\b(?:against|for|on|to|with)\\s+((?:[\\w-]+(?:\\s*,\\s*|\\s+or\\s+))*[\\w-]+)\\s+${word}s?\\b`,
      'i',
    ),
    new RegExp(`\\bonly\\b[^.;]{0,40}?${named}\\b(?:is|are)\\s+([^.;,(]+)`, 'i'),
    // "an existing enrollment (`422` otherwise) whose status is `completed`".
    new RegExp(`\\b${word}s?\\b[^.;]{0,90}?\\b(?:that|which|whose\\s+[\\w\`]+)\\s+(?:is|are)\\s+([^.;,(]+)`, 'i'),
  ];
  for (const form of forms) {
    const match = form.exec(clause);
    if (!match) continue;
    // "A tool that is currently reserved ... may be added": states it is allowed in too, not only in.
    if (PERMITS.test(clause.slice(match.index, match.index + match[0].length + 40))) continue;
    // The states named right there ("`draft` or `published`"), not a later clause's, nor those a
    // parenthesis gives as what "not available" means ("(on loan or lost)").
    const said = match[1]!;
    const head = said.split(/\b(?:when|if|and its|while)\b/i)[0] ?? said;
    const allowed = values.filter((value) =>
      new RegExp(`(?:^|[^\\w-])${escapeRegExp(String(value))}(?![\\w-])`).test(head),
    );
    if (allowed.length > 0) return { allowed, at: match.index + match[0].length };
  }
  // "a part ... must not be retired": the state named is refused, every other allowed.
  const notBe = new RegExp(`\\b${word}s?\\b[^.;]{0,80}?\\bmust not be\\s+([\\w-]+)`, 'i').exec(clause);
  const barred = notBe ? values.filter((value) => saidIn(notBe[1]!, value)) : [];
  if (notBe && barred.length > 0 && barred.length < values.length)
    return { allowed: values.filter((value) => !barred.includes(value)), at: notBe.index + notBe[0].length };
  // "409 when the copy is on loan already": the states it names are refused, every other allowed.
  const refusing = new RegExp(
    `\\b(?:when|if|while)\\b[^.;]{0,60}?${named}\\b(?:is|are)\\s+(?:already\\s+)?(?!not\\b)([^.;,]+)`,
    'i',
  );
  // "422 when studentId names no student, or a suspended one": the state named beside the missing item.
  const besideMissing = new RegExp(
    `\\bnames?\\s+no\\s+${word}s?\\b[^.;]{0,20}?\\bor\\s+(?:an?\\s+)?([^.;,(]+?)\\s+(?:one|${word})s?\\b`,
    'i',
  );
  const match = refusing.exec(clause) ?? besideMissing.exec(clause);
  const head = match?.[1]?.split(/\b(?:when|if|and its|while|or when)\b/i)[0] ?? '';
  const refused = values.filter((value) => saidIn(head, value));
  const allowed = values.filter((value) => !refused.includes(value));
  return match && refused.length > 0 && allowed.length > 0
    ? { allowed, at: match.index + match[0].length }
    : { allowed: [], at: -1 };
}

/** Whether the text names the state, as written (`on_loan`) or as said ("on loan"). */
function saidIn(text: string, value: unknown): boolean {
  const said = escapeRegExp(String(value)).replace(/[_-]/g, '[ _-]');
  return new RegExp(`(?:^|[^\\w-])\`?${said}\`?(?![\\w-])`, 'i').test(text);
}

/** The documented status the clause names nearest to where it states the rule ("`409` when the
 * event is not ...", "... that is `active` (a discontinued product: `409`)"). */
function nearestStatus(clause: string, at: number, documented: readonly string[]): string | undefined {
  const statuses = [...clause.matchAll(/\b(4\d\d)\b/g)].filter((m) => documented.includes(m[1]!));
  statuses.sort((a, b) => Math.abs(a.index - at) - Math.abs(b.index - at));
  return statuses[0]?.[1];
}

/** The boolean members of the collection's items (`discontinued`, `retired`). */
function flagsOf(collection: CollectionSpec): string[] {
  const schema = collection.read?.item.schema ?? collection.create?.item.schema;
  return Object.entries(propertiesOf(schema as never)).flatMap(([name, property]) => {
    const type = (property as { type?: unknown }).type;
    return type === 'boolean' || (Array.isArray(type) && type.includes('boolean')) ? [name] : [];
  });
}

/** A flag the words refuse or ask of the named item: "the product must not be `discontinued`"
 * (allowed: false), "the product must be `verified`" (allowed: true). */
function flagRuleIn(
  clause: string,
  word: string,
  flags: readonly string[],
): { member: string; allowed: boolean[]; at: number } | undefined {
  for (const flag of flags) {
    const name = escapeRegExp(flag);
    const not = new RegExp(
      `\\b${word}s?\\b[^.;]{0,80}?\\b(?:must not|may not|cannot|can't|is not|isn't)\\s+be(?:\\s+)?\\s*${name}\\b|\\b(?:not|no)\\s+${name}\\s+${word}s?\\b`,
      'i',
    ).exec(clause);
    if (not) return { member: flag, allowed: [false], at: not.index + not[0].length };
    const must = new RegExp(`\\b${word}s?\\b[^.;]{0,80}?\\bmust\\s+be\\s+${name}\\b`, 'i').exec(clause);
    if (must) return { member: flag, allowed: [true], at: must.index + must[0].length };
    // "must name an existing category with `active: true`": the flag's value after the word.
    const valued = new RegExp(
      `\\b${word}s?\\b[^.;]{0,40}?\\b(?:with|whose|having)\\s+\`?${name}\\s*(?::|=|is|set to)\\s*(true|false)\\b`,
      'i',
    ).exec(clause);
    if (valued)
      return { member: flag, allowed: [valued[1]!.toLowerCase() === 'true'], at: valued.index + valued[0].length };
  }
  return undefined;
}

/** The members of a body schema, with list entries' members as `lines[].sku` (where the words may
 * give them rules: their references' states, their refusals). */
export function membersWithEntries(schema: unknown): string[] {
  // A union's variants' members too (a part line's `sku`).
  const members = { ...variantPropertiesOf(schema as never, false), ...propertiesOf(schema as never) };
  return Object.entries(members).flatMap(([member, property]) => {
    const items = (property as { items?: unknown }).items;
    const inner = items && typeof items === 'object' ? Object.keys(propertiesOf(items as never)) : [];
    return [member, ...inner.map((name) => `${member}[].${name}`)];
  });
}

/** The state rules on the items the collection's creation names. */
export function referenceStatesOf(
  collection: CollectionSpec,
  collections: readonly CollectionSpec[],
  contract: Contract,
): ReferenceState[] {
  const create = collection.create?.operation;
  if (!create) return [];
  const schema = create.requestBody?.content.find((media) => media.validator)?.validator?.schema;
  const documented = create.responses.map((response) => response.status).filter((s) => STATE_STATUSES.test(s));
  if (documented.length === 0) return [];
  const info = (contract.document.info ?? {}) as { description?: unknown };
  const texts = [
    create.summary,
    create.description,
    ...passagesNaming(typeof info.description === 'string' ? info.description : undefined, create.method, create.path),
  ];
  // A clause that speaks of the one before as "it" ("... a part ... in `partId`; it must exist and
  // must not be retired") is read with it.
  const clauses = texts
    .flatMap((text) => (text ? clausesOf(text) : []))
    .map((clause, index, all) =>
      index > 0 && REFERS_BACK.test(clause) ? `${all[index - 1]!.replace(/[.;]$/, '')} ${clause}` : clause,
    )
    // And one whose refusal follows after a ';' ("must exist and be `active`; otherwise ... `422`").
    .map((clause, index, all) => {
      const next = all[index + 1];
      return /;$/.test(clause) && next !== undefined && OTHERWISE.test(next) ? `${clause} ${next}` : clause;
    });
  const rules: ReferenceState[] = [];
  for (const member of membersWithEntries(schema)) {
    const other = referencedCollection(member.split('[].').at(-1)!, collections, collection);
    const state = other && statusMember(other);
    if (!other) continue;
    const word = resourceWordPattern(other);
    const flags = flagsOf(other);
    for (const clause of clauses) {
      const said = state ? allowedIn(clause, word, state.values) : { allowed: [], at: 0 };
      // Or a flag of the item the words refuse ("must not be `discontinued`": a boolean member).
      const flag = said.allowed.length > 0 ? undefined : flagRuleIn(clause, word, flags);
      const { allowed, at } = flag ?? said;
      const stateMember = flag?.member ?? state?.member;
      if (stateMember === undefined) continue;
      const values = flag ? [true, false] : state!.values;
      if (allowed.length === 0 || allowed.length === values.length) continue;
      const status =
        nearestStatus(clause, at, documented) ??
        (documented.includes('409') ? '409' : documented.length === 1 ? documented[0] : undefined);
      if (status === undefined) continue;
      rules.push({
        member,
        collection: other.path,
        stateMember,
        allowed,
        status: Number(status),
        words: clause,
      });
      break;
    }
  }
  return rules;
}
