// A deletion the words refuse while the item has children: "409 (and nothing changes) when the book
// has at least one copy: delete its copies first", "Delete a book that has no copies". The runner
// then deletes a parent it gave a child: the documented refusal is expected, and the child stays.
import type { Operation } from '../contract/types.js';
import { escapeRegExp } from '../json/text.js';
import { propertiesOf } from '../schema/all-of.js';
import type { JsonSchema } from '../schema/json-schema.js';
import { singularOf } from './action-targets.js';
import type { CollectionSpec } from './collections.js';
import { parentItemsOf } from './parents.js';
import { pathMembersOf, referencedCollection } from './references.js';
import { clausesOf } from './sentences.js';

export interface KeptByChildren {
  /** The child collection's path (/books/{isbn}/copies), or of the items naming it (/loans). */
  readonly child: string;
  /** Where the child is an item naming this one (a loan's copyNumber), the member that names it. */
  readonly via?: string;
  /** Where the item is nested (a loan names a copy by its `branchCode` and `copyNumber`): the
   * child's member carrying each of the item's parents' path values, by parameter. */
  readonly shares?: Readonly<Record<string, string>>;
  /** The child's states the words say hold the item ("an active loan"); absent: any state. */
  readonly holding?: { readonly member: string; readonly values: readonly unknown[] };
  /** The documented refusal the words give. */
  readonly status: number;
  /** The clause it was read from. */
  readonly words: string;
}

/** Words of a deletion that takes children along: then it is no refusal. */
const CASCADES = /\bcascades?\b(?![^.]*\bno cascade)|\b(?:also|too) (?:deleted|removed)\b|\bwith (?:all )?its\b/i;

/** The child collection's nouns as words say them: /work-orders is "work orders" or "work order". */
function childNouns(plural: string): string {
  const said = (word: string) => escapeRegExp(word).replace(/[_-]/g, '[ _-]');
  return `(?:${said(plural)}|${said(singularOf(plural))})`;
}

/** The states of the child's status member that the clause names ("an active loan"). */
function holdingStates(child: CollectionSpec, clause: string) {
  const schema = child.read?.item.schema ?? child.create?.item.schema ?? child.list?.items.schema;
  for (const [member, property] of Object.entries(propertiesOf(schema))) {
    const values = (property as { enum?: unknown }).enum;
    if (!/^(status|state)$/i.test(member) || !Array.isArray(values)) continue;
    // `on_loan` is said "on loan" as often as it is written.
    const said = (value: unknown) => escapeRegExp(String(value)).replace(/[_-]/g, '[ _-]');
    // "pages that are not archived": every state but the ones the clause denies.
    const denied = values.filter((value) => new RegExp(`\\b(?:not|non-?)\\s*${said(value)}\\b`, 'i').test(clause));
    if (denied.length > 0) return { member, values: values.filter((value) => !denied.includes(value)) };
    const named = values.filter((value) => new RegExp(`\\b${said(value)}\\b`, 'i').test(clause));
    if (named.length > 0) return { member, values: named };
  }
  return undefined;
}

/** The deletion refusals of an item while it has children, per child collection. */
export function keptByChildrenOf(collection: CollectionSpec, collections: readonly CollectionSpec[]): KeptByChildren[] {
  const remove = collection.remove?.operation;
  if (!remove) return [];
  const documented = new Set(
    remove.responses
      .map((r) => r.status)
      .filter((status) => /^4\d\d$/.test(status) && !/^4(?:0[134]|10)$/.test(status)),
  );
  const clauses = clausesOf(`${remove.summary ?? ''}. ${remove.description ?? ''}`);
  const kept: KeptByChildren[] = [];
  const read = (child: CollectionSpec, via?: string, shares?: Record<string, string>) => {
    const plural = child.path.split('/').at(-1) ?? '';
    // The item holding children: "has at least one copy", "while the copy has an active loan".
    const nouns = childNouns(plural);
    // "has open work orders", "still has live (not trashed) pages".
    // Or named by them, where they are items naming it: "A room named by a `booked` reservation".
    // Or held by one: "A copy that is on loan cannot be removed".
    const namedBy = via
      ? `|\\b(?:named|referenced|referred to|used|pointed to|booked|held)\\s+by\\s+(?:[\\w()\x60-]+\\s+){0,4}?${nouns}\\b|\\b(?:is|are)\\s+(?:currently\\s+|still\\s+)?on\\s+(?:an?\\s+)?${nouns}\\b`
      : '';
    const noun = new RegExp(
      `\\b(?:has|have|having|with|contains?|holds?)\\s+(?:[\\w()-]+\\s+){0,4}?${nouns}\\b${namedBy}`,
      'i',
    );
    for (const clause of clauses) {
      const statuses = [...clause.matchAll(/\b(4\d\d)\b/g)].map((m) => m[1]!).filter((s) => documented.has(s));
      if (!noun.test(clause) || CASCADES.test(clause) || new Set(statuses).size !== 1) continue;
      const holding = holdingStates(child, clause);
      kept.push({
        child: child.path,
        ...(via ? { via } : {}),
        ...(shares && Object.keys(shares).length > 0 ? { shares } : {}),
        ...(holding ? { holding } : {}),
        status: Number(statuses[0]),
        words: clause,
      });
      return;
    }
  };
  const self = keptBySiblings(collection, clauses, documented);
  if (self) kept.push(self);
  for (const child of collections) {
    const parent = parentItemsOf(child.path, collections).at(-1);
    if (parent?.collection === collection && child.path.startsWith(`${collection.path}/{`)) read(child);
    // Items of another collection whose creation names this one (a loan naming a copy).
    const sent = child.create?.operation.requestBody?.content.find((m) => m.validator)?.validator?.schema;
    const via = Object.keys(propertiesOf(sent)).find(
      (member) => child !== collection && referencedCollection(member, collections, child) === collection,
    );
    // Nested ones too (a branch's copies naming their title by `isbn`), save its own children.
    if (via && !child.path.startsWith(`${collection.path}/{`))
      read(child, via, sharedMembers(collection, child, sent, collections));
  }
  return kept;
}

/** The members of a child's creation carrying the item's parents' path values (a loan's `branchCode`
 * for the `code` of /branches/{code}/copies/{number}), by parameter. */
function sharedMembers(
  collection: CollectionSpec,
  child: CollectionSpec,
  sent: JsonSchema | undefined,
  collections: readonly CollectionSpec[],
): Record<string, string> {
  const itemPath = collection.read?.operation.path;
  if (!itemPath) return {};
  const carried = pathMembersOf(itemPath, Object.keys(propertiesOf(sent)), collections, child) ?? {};
  const own = collection.read?.parameter;
  return Object.fromEntries(Object.entries(carried).filter(([name]) => name !== own));
}

/** Words that keep an item while another of its own collection names it by a member of its
 * creation ("A page that another page of the space names as its `parentNumber` cannot be deleted:
 * 409"): a reference within one collection, which no other collection's reading finds. */
function keptBySiblings(
  collection: CollectionSpec,
  clauses: readonly string[],
  documented: ReadonlySet<string>,
): KeptByChildren | undefined {
  const sent = collection.create?.operation.requestBody?.content.find((m) => m.validator)?.validator?.schema;
  const members = Object.keys(propertiesOf(sent)).filter((member) => member !== collection.idProperty);
  const nouns = childNouns(collection.path.split('/').at(-1) ?? '');
  const another = new RegExp(
    `\\b(?:another|other|any other)\\s+(?:[\\w-]+\\s+){0,2}?${nouns}\\b[^.;]*?\\b(?:names?|references?|refers? to|points? to|uses?)\\b`,
    'i',
  );
  for (const clause of clauses) {
    const statuses = [...clause.matchAll(/\b(4\d\d)\b/g)].map((m) => m[1]!).filter((s) => documented.has(s));
    const naming = another.exec(clause);
    if (!naming || CASCADES.test(clause) || new Set(statuses).size !== 1) continue;
    // The member named after the verb, asides left out ("(in any status) names as its `parentNumber`").
    const words = clause
      .slice(naming.index + naming[0].length)
      .replace(/\([^)]*\)/g, ' ')
      .split(/[^\w]+/);
    const via = members.find((member) => words.includes(member));
    if (via) return { child: collection.path, via, status: Number(statuses[0]), words: clause };
  }
  return undefined;
}

export interface NeedsChildren {
  /** The action (or other write) the words allow only once the item has children. */
  readonly operation: Operation;
  readonly child: string;
  readonly status: number;
  readonly words: string;
}

/** Writes on an item its words allow only once it has a child: "only when the timesheet holds at
 * least one entry (`409`, `timesheet_empty`)", "cannot be submitted without lines [409]". */
export function childrenNeededOf(
  collection: CollectionSpec,
  operations: readonly Operation[],
  collections: readonly CollectionSpec[],
): NeedsChildren[] {
  const children = collections.filter(
    (child) =>
      parentItemsOf(child.path, collections).at(-1)?.collection === collection &&
      child.path.startsWith(`${collection.path}/{`),
  );
  const needs: NeedsChildren[] = [];
  for (const operation of operations) {
    const documented = new Set(operation.responses.map((r) => r.status).filter((s) => /^4(?:09|22|00)$/.test(s)));
    const clauses = clausesOf(`${operation.summary ?? ''}. ${operation.description ?? ''}`);
    for (const child of children) {
      const plural = child.path.split('/').at(-1) ?? '';
      const nouns = childNouns(plural);
      const needed = new RegExp(
        `\\b(?:only (?:when|if|while|once)|must (?:have|hold|contain)|needs?)\\b[^.;]{0,60}?\\b(?:at least one|one or more|some|any)\\s+(?:[\\w-]+\\s+){0,2}?${nouns}\\b|\\bwithout (?:any )?${nouns}\\b|\\b(?:has|holds|contains) no\\s+${nouns}\\b|\\b${nouns}\\s+(?:list\\s+)?is empty\\b`,
        'i',
      );
      // The status in the clause, or in the one after it that says what happens otherwise ("only
      // when ... at least one lesson; otherwise `409`"), or speaks of the children again ("trying
      // to publish one whose ingredient list is empty is answered with `422`").
      const said = (at: number) => {
        const next = clauses[at + 1] ?? '';
        const own = [...clauses[at]!.matchAll(/\b(4\d\d)\b/g)];
        const followsOn =
          /^\W*otherwise\b/i.test(next) || (own.length === 0 && new RegExp(`\\b${nouns}\\b`, 'i').test(next));
        const text = followsOn ? `${clauses[at]} ${next}` : clauses[at]!;
        return [...text.matchAll(/\b(4\d\d)\b/g)].map((m) => m[1]!).filter((s) => documented.has(s));
      };
      const at = clauses.findIndex((text, index) => needed.test(text) && new Set(said(index)).size === 1);
      if (at < 0) continue;
      const clause = clauses[at]!;
      const status = said(at)[0]!;
      needs.push({ operation, child: child.path, status: Number(status), words: clause });
      break;
    }
  }
  return needs;
}
