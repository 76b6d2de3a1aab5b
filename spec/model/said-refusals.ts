// The refusal the document's words give a rule on one member of a creation: "`projectId` must name
// a live project of this workspace [`422`, `unknown_project`]", "422 when memberId names no member".
// The runner expects that status where it breaks the rule on purpose (an unknown reference).
import type { Contract, Operation } from '../contract/types.js';
import { escapeRegExp } from '../json/text.js';
import { propertiesOf } from '../schema/all-of.js';
import type { JsonSchema } from '../schema/json-schema.js';
import { type CollectionSpec, putCreation } from './collections.js';
import { membersWithEntries } from './reference-states.js';
import { referencedCollection, referencedName, resourceWordPattern } from './references.js';

/** Words that speak of an item existing: a reference named by its resource ("the member does not
 * exist") is read only with them. */
const EXISTENCE =
  /\b(?:(?:does not|doesn't|do not|don't) exist|must exist|unknown|no such|not found|(?:names?|naming) no|must name|live)\b/i;

/** Words of a rule on the shape of input, not on what it names. */
const MALFORMED = /\bnot (?:valid )?JSON\b|\bdoes not match\b|\bmalformed\b|\bnot a valid\b|\bout of range\b/i;

const describe = (value: unknown): string | undefined => {
  const description = (value as { description?: unknown } | undefined)?.description;
  return typeof description === 'string' ? description : undefined;
};

/** Clauses of a text: sentences, list items and the parts of a sentence a ';' joins. */
const clausesOf = (text: string): string[] =>
  text
    .split(/(?<=[.;])\s+|\n\s*[*-]\s+/)
    // Markdown's marks, not the underscores inside a word (`duplicate_key`, `owner_id`).
    .map((clause) => clause.replace(/[`*]|(?<!\w)_+|_+(?!\w)/g, ''))
    .filter((clause) => clause.trim() !== '');

const STATUS = /\b4\d\d\b/;
const OTHERWISE = /^\s*(?:otherwise|else|or else|if not|failing that)\b/i;
/** A clause that speaks of what the one before it rules out ("`authorId` must name someone on the
 * roster; a request naming anybody else is refused with `422`"). */
const ANYTHING_ELSE = /\b(?:anybody|anyone|anything|someone|something|anywhere) else\b|\bany other (?:value|id|one)\b/i;
/** A clause that speaks of the one before it ("...in `partId`; it must exist, otherwise 422"). */
const REFERS_BACK = /^\s*(?:it|they|this|which)\s+(?:must|has|have|is|are|should|needs?)\b/i;

/** Of several statuses, the one right after the words on existence ("must name an existing
 * enrollment (`422` otherwise) whose status is `completed` (`409` otherwise)": 422). */
function existenceStatus(clause: string, documented: ReadonlySet<string>): string[] | undefined {
  const all = [...clause.matchAll(/\b(4\d\d)\b/g)].filter((match) => documented.has(match[1]!));
  const said = /\b(?:an? )?existing\b|\bmust exist\b/i.exec(clause);
  if (new Set(all.map((match) => match[1])).size < 2 || !said) return undefined;
  const after = all.find((match) => match.index > said.index && match.index - said.index < 40);
  return after ? [after[1]!] : undefined;
}

/** Of several statuses, the one of the part naming the member: "Returns `404` if the branch does
 * not exist and `422` if `isbn` does not name an existing title" (a status, then its condition), or
 * "the branch must exist (404) and `isbn` must name a title (422)" (the condition, then it). */
function statusOfPart(
  clause: string,
  names: (text: string) => boolean,
  documented: ReadonlySet<string>,
): string[] | undefined {
  const at = [...clause.matchAll(/\b(4\d\d)\b/g)].filter((match) => documented.has(match[1]!));
  const parts = (ends: 'before' | 'after') =>
    at.map((match, index) =>
      ends === 'before'
        ? { status: match[1]!, text: clause.slice(match.index, at[index + 1]?.index ?? clause.length) }
        : { status: match[1]!, text: clause.slice(index === 0 ? 0 : at[index - 1]!.index + 3, match.index + 3) },
    );
  // "`422` if ...": each status leads its condition; "... (422)": each ends it.
  const first = at[0];
  const leads =
    first !== undefined && /^\W*(?:if|when|where|unless|for|whenever)\b/i.test(clause.slice(first.index + 3));
  const naming = parts(leads ? 'before' : 'after').filter((part) => names(part.text));
  return naming.length === 1 ? [naming[0]!.status] : undefined;
}

/** An error code as a rule's words give it in place of a status ("any other value is refused with
 * `unknown_assignee`"). */
const CODE = /\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/g;

/** The statuses a clause gives by the error codes it names: each documented 4xx whose description
 * or examples name one of them (the 422 "fails validation (`validation_failed`, `unknown_assignee`)"). */
function statusesByCode(clause: string, operation: Operation, members: readonly string[]): string[] {
  // A member's own snake_case name (`owner_id`) is no code.
  const codes = [...new Set(clause.match(CODE) ?? [])].filter((code) => !members.includes(code));
  if (codes.length === 0) return [];
  return operation.responses
    .filter(({ status }) => /^4\d\d$/.test(status))
    .filter((response) => {
      const text = `${response.description} ${JSON.stringify(response.content.map((media) => media.examples))}`;
      return codes.some((code) => new RegExp(`(^|[^\\w])${code}($|[^\\w])`).test(text));
    })
    .map(({ status }) => status);
}

export interface SaidRefusal {
  readonly status: number;
  /** The clause it was read from. */
  readonly words: string;
}

/** Each creation member whose clause in the creation's words gives one 4xx status, with it. */
export function saidRefusalsOf(
  collection: CollectionSpec,
  contract: Contract,
  collections: readonly CollectionSpec[] = [],
): Record<string, SaidRefusal> {
  // Made by its creation, or by a PUT at a key the client chooses.
  const create = (collection.create ?? putCreation(collection))?.operation;
  if (!create) return {};
  const schema = create.requestBody?.content.find((m) => m.validator)?.validator?.schema;
  const documented = new Set(create.responses.map((response) => response.status));
  return {
    ...documentWide(schema, contract, collection, collections, documented),
    ...refusalsSaidIn(create, collection, contract, collections),
  };
}

/** Whether a rule's words speak of the item it names existing ("must exist", "no such"). */
export const saysExistence = (words: string): boolean => EXISTENCE.test(words);

/** Each body member of an operation (a creation, an action) whose clause in its words gives one 4xx
 * status, with it. */
export function refusalsSaidIn(
  operation: Operation,
  collection: CollectionSpec,
  contract: Contract,
  collections: readonly CollectionSpec[] = [],
): Record<string, SaidRefusal> {
  const paths = contract.document.paths as Record<string, Record<string, unknown>> | undefined;
  const text = describe(paths?.[operation.path]?.[operation.method.toLowerCase()]) ?? '';
  const schema = operation.requestBody?.content.find((m) => m.validator)?.validator?.schema;
  const documented = new Set(operation.responses.map((response) => response.status));
  const said: Record<string, SaidRefusal> = {};
  const word = (text: string) => new RegExp(`(^|[^\\w])${escapeRegExp(text)}($|[^\\w])`, 'i');
  const members = membersWithEntries(schema);
  const ownNames = members.map((member) => member.split('[].').at(-1)!);
  // A clause gives its refusal by a status, or by an error code a documented 4xx names.
  const byCode = (clause: string) => statusesByCode(clause, operation, ownNames);
  const refuses = (clause: string) => STATUS.test(clause) || byCode(clause).length > 0;
  for (const member of members) {
    // A list entry's member (`lines[].sku`) is named in words by its own name ("every line's sku").
    const own = member.split('[].').at(-1)!;
    // The resource it names: by its name (`vetId`), or the collection the model ties it to
    // (`warehouseCode` naming /warehouses/{code}), plural or not ("Unknown warehouses").
    const named = referencedName(own);
    const other = collections.length > 0 ? referencedCollection(own, collections, collection) : undefined;
    const resource =
      named !== undefined
        ? word(named)
        : other
          ? new RegExp(`(^|[^\\w])(?:${resourceWordPattern(other)})s?($|[^\\w])`, 'i')
          : undefined;
    // "`venueCode` must name a live venue": a member's word after a modal is a verb (`name`), not it.
    const asVerb = new RegExp(
      `\\b(?:must|may|can|cannot|should|shall|will|to|does|do)\\s+(?:not\\s+)?${escapeRegExp(own)}\\b`,
      'gi',
    );
    const names = (clause: string) =>
      word(own).test(clause.replace(asVerb, ' ')) || (resource?.test(clause) === true && EXISTENCE.test(clause));
    const clauses = clausesOf(text);
    for (const [index, single] of clauses.entries()) {
      // "Every productId must name an existing product; otherwise the answer is 422": the rule's
      // refusal in the clause that follows it.
      const next = clauses[index + 1];
      const followsOn =
        next !== undefined &&
        (OTHERWISE.test(next) || ((REFERS_BACK.test(next) || ANYTHING_ELSE.test(next)) && refuses(next)));
      const clause = !refuses(single) && followsOn ? `${single} ${next}` : single;
      const given = [...clause.matchAll(/\b(4\d\d)\b/g)].map((match) => match[1]!).filter((s) => documented.has(s));
      const all = given.length > 0 ? given : byCode(clause);
      const statuses =
        existenceStatus(clause, documented) ??
        (new Set(all).size > 1 ? statusOfPart(clause, names, documented) : undefined) ??
        all;
      if (!names(single) || new Set(statuses).size !== 1) continue;
      // A member naming another item: the clause on its existence ("Unknown warehouses ... 422")
      // over an earlier one on another rule of it ("must differ from `warehouseCode` (400)").
      const existence = EXISTENCE.test(clause);
      if (said[member] && !existence) continue;
      said[member] = { status: Number(statuses[0]), words: clause.replace(/\s+/g, ' ').trim() };
      if (resource === undefined || existence) break;
    }
  }
  return said;
}

/** The document's own words on every body member naming an item ("A body member naming a page or
 * team that does not exist is always 422"): for each member naming another collection's items, a
 * clause of them that names that resource and its existence, with one status the creation documents. */
function documentWide(
  schema: unknown,
  contract: Contract,
  collection: CollectionSpec,
  collections: readonly CollectionSpec[],
  documented: ReadonlySet<string>,
): Record<string, SaidRefusal> {
  const info = describe(contract.document.info);
  if (!info || collections.length === 0) return {};
  // Not the clause on malformed input ("does not match the operation's request schema (including
  // unknown members ...), a copy number that is not a positive integer ... 400"): it speaks of shapes.
  const clauses = clausesOf(info).filter(
    (clause) => EXISTENCE.test(clause) && /\b(?:body|member|field)s?\b/i.test(clause) && !MALFORMED.test(clause),
  );
  const said: Record<string, SaidRefusal> = {};
  for (const member of Object.keys(propertiesOf(schema as JsonSchema))) {
    const other = referencedCollection(member, collections, collection);
    if (!other) continue;
    const resource = new RegExp(`\\b${resourceWordPattern(other)}s?\\b`, 'i');
    for (const clause of clauses) {
      const statuses = [...clause.matchAll(/\b(4\d\d)\b/g)].map((match) => match[1]!).filter((s) => documented.has(s));
      if (!resource.test(clause) || new Set(statuses).size !== 1) continue;
      said[member] = { status: Number(statuses[0]), words: clause.replace(/\s+/g, ' ').trim() };
      break;
    }
  }
  return said;
}
