// What an item's action does to the items it names, directly or through its children, as the
// action's words say: "every tool on it becomes `reserved`" (confirm of a rental whose lines name
// tools), "When it was `confirmed`, every tool on it becomes `available` again" (cancel), and what
// the action asks of them: "Refused with `409` when the rental ... names a tool whose status is not
// `available`". The runner names a new item of its own, takes the action and reads it moved; then a
// second item naming it takes the action and must be refused where the words ask another state.
import type { Contract, Operation } from '../contract/types.js';
import { propertiesOf } from '../schema/all-of.js';
import type { CollectionSpec } from './collections.js';
import { parentItemsOf } from './parents.js';
import { referencedCollection, resourceWordPattern } from './references.js';
import { sentencesOf } from './sentences.js';
import { statusMember } from './state-member.js';

/** How the item names the other collection's items: by a member of its own creation, or by a member
 * of a child's creation (`/rentals/{rentalId}/lines`, `toolId`). */
export interface NamedLink {
  readonly collection: string;
  readonly via: string;
  readonly through?: string;
  readonly stateMember: string;
}

export interface NamedEffect extends NamedLink {
  readonly verb: string;
  readonly to: string;
  /** The item's own states the effect is said for ("When it was `confirmed`"), where the words limit it. */
  readonly when?: readonly string[];
  /** The creation's member that must equal the named item's for the effect ("`amount` may be less
   * than `balanceDue` or equal to it (the invoice becomes `paid`)"): the run sends that value. */
  readonly matching?: { readonly member: string; readonly to: string };
  /** A count of the named item's that the same action moves ("its `timesRented` grows by one"). */
  readonly grows?: { readonly member: string; readonly by: number };
  readonly words: string;
}

export interface NamedState extends NamedLink {
  readonly verb: string;
  /** The states the named items must be in for the action, and the refusal otherwise. */
  readonly allowed: readonly string[];
  readonly status: number;
  readonly words: string;
}

const BECOMES = String.raw`(?:becomes?|turns?|(?:is|are)\s+(?:set|moved|marked)\s+(?:to|as)|goes\s+(?:back\s+)?to|moves?\s+to|changes?\s+to)`;

const requestMembers = (collection: CollectionSpec): string[] =>
  Object.keys(
    propertiesOf(collection.create?.operation.requestBody?.content.find((media) => media.validator)?.validator?.schema),
  );

/** The links from the collection's items to each other collection with a state member. */
function linksOf(collection: CollectionSpec, collections: readonly CollectionSpec[]): NamedLink[] {
  const children = collections.filter(
    (child) => child.create && parentItemsOf(child.path, collections).at(-1)?.collection === collection,
  );
  const links: NamedLink[] = [];
  for (const holder of [collection, ...children]) {
    for (const via of requestMembers(holder)) {
      const other = referencedCollection(via, collections, holder);
      const state = other && other !== collection ? statusMember(other) : undefined;
      if (!other || !state || links.some((link) => link.collection === other.path)) continue;
      links.push({
        collection: other.path,
        via,
        stateMember: state.member,
        ...(holder === collection ? {} : { through: holder.path }),
      });
    }
  }
  return links;
}

const statesIn = (text: string, values: readonly string[]): string[] =>
  [...text.matchAll(/`([\w-]+)`/g)].map((match) => match[1]!).filter((value) => values.includes(value));

const NUMBER_WORDS: Readonly<Record<string, number>> = { one: 1, two: 2, three: 3 };

/** "its `timesRented` grows by one": a whole-number member of the named item's, moved by a step. */
function growthIn(sentence: string, members: Readonly<Record<string, unknown>>) {
  const grows =
    /`([\w-]+)`\s+(?:grows|increases|goes\s+up|rises|is\s+(?:incremented|increased))\s+by\s+(one|two|three|\d+)\b/i.exec(
      sentence,
    );
  const member = grows?.[1];
  const schema = member ? (members[member] as { type?: unknown } | undefined) : undefined;
  const types = [schema?.type].flat();
  if (!grows || !member || !(types.includes('integer') || types.includes('number'))) return {};
  const by = NUMBER_WORDS[grows[2]!.toLowerCase()] ?? Number(grows[2]);
  return { grows: { member, by } };
}

function effectsIn(
  sentence: string,
  noun: string,
  values: readonly string[],
  own: readonly string[],
  members: Readonly<Record<string, unknown>>,
  ownMembers: readonly string[],
) {
  // "every tool on it becomes `reserved`", or the one item it names: "the copy becomes `on_loan`".
  const moves = new RegExp(
    String.raw`\b(?:(?:every|each|all(?:\s+(?:of\s+)?(?:its|the))?)\s+${noun}s?|the\s+${noun})\b[^.;\`]{0,40}?\b${BECOMES}\s+\`([\w-]+)\``,
    'gi',
  );
  const when = /\bwhen\s+(?:it|the\s+[\w-]+)\s+(?:was|is|had\s+been)\s+((?:`[\w-]+`(?:\s*(?:,|or)\s*)?)+)/i.exec(
    sentence,
  );
  const said = when ? statesIn(when[1]!, own) : [];
  return [...sentence.matchAll(moves)].flatMap((match) => {
    if (!values.includes(match[1]!)) return [];
    const condition = conditionBefore(sentence.slice(0, match.index), ownMembers, members);
    if (condition === null) return [];
    return [
      {
        to: match[1]!,
        ...(said.length > 0 ? { when: said } : {}),
        ...(condition ? { matching: condition } : {}),
        ...growthIn(sentence, members),
      },
    ];
  });
}

/** An effect said in brackets after a condition ("or equal to it (the invoice becomes `paid`"):
 * the creation's member that must equal the named item's; null where the brackets follow a
 * condition the reading cannot turn into values (the effect is then left out, not assumed);
 * undefined where the effect is said outright. */
function conditionBefore(
  before: string,
  own: readonly string[],
  members: Readonly<Record<string, unknown>>,
): { member: string; to: string } | null | undefined {
  if (!/\(\s*$/.test(before)) return undefined;
  const clause = before.split(/[;.]/).at(-1)!;
  const equal = /\b(?:equal(?:s|\s+to)|matches|exactly)\s+(?:it|(?:the\s+)?`([\w-]+)`)[^()]*\(\s*$/i.exec(clause);
  if (!equal) return /\b(?:if|when|unless|once|equal|exactly|more|less)\b/i.test(clause) ? null : undefined;
  const named = [...clause.matchAll(/`([\w-]+)`/g)].map((one) => one[1]!);
  const to = equal[1] ?? named.filter((name) => name in members).at(-1);
  const member = named.find((name) => own.includes(name));
  return to && member && to in members ? { member, to } : null;
}

function allowedIn(sentence: string, noun: string, values: readonly string[]): string[] {
  const whose = new RegExp(
    String.raw`\bnames?\s+an?\s+${noun}\s+whose\s+(?:status|state)\s+is\s+not\s+((?:\`[\w-]+\`(?:\s*(?:,|or)\s*)?)+)`,
    'i',
  );
  const match = whose.exec(sentence);
  return match ? statesIn(match[1]!, values) : [];
}

const textsOf = (operation: Operation) =>
  sentencesOf([operation.summary, operation.description]).map((text) => text.replace(/\s+/g, ' ').trim());

type Actions = readonly { readonly verb: string; readonly operation: Operation }[];
type NamedReading = { effects: NamedEffect[]; states: NamedState[] };

// Two readers (effects, states) ask for one reading of the same actions: it is read once.
const readings = new WeakMap<
  Actions,
  { collection: CollectionSpec; collections: readonly CollectionSpec[]; read: NamedReading }
>();

export function namedEffectsOf(
  collection: CollectionSpec,
  actions: Actions,
  collections: readonly CollectionSpec[],
  _contract: Contract,
): NamedReading {
  const known = readings.get(actions);
  if (known && known.collection === collection && known.collections === collections) return known.read;
  const read = readNamed(collection, actions, collections);
  readings.set(actions, { collection, collections, read });
  return read;
}

/** The verb of the effects a creation has ("Lends the copy: the copy becomes `on_loan`"): no
 * action's, since an action's verb is its path's last segment. */
export const CREATION_VERB = 'creation';

function readNamed(collection: CollectionSpec, actions: Actions, collections: readonly CollectionSpec[]): NamedReading {
  const own = (statusMember(collection)?.values ?? []).map(String);
  const create = collection.create?.operation;
  const writes: Actions = create ? [...actions, { verb: CREATION_VERB, operation: create }] : actions;
  const effects: NamedEffect[] = [];
  const states: NamedState[] = [];
  for (const link of linksOf(collection, collections)) {
    const other = collections.find((one) => one.path === link.collection)!;
    const values = (statusMember(other)?.values ?? []).map(String);
    const members = propertiesOf(other.read?.item.schema);
    const noun = resourceWordPattern(other);
    const holder = link.through ? collections.find((one) => one.path === link.through) : collection;
    const holderMembers = holder ? requestMembers(holder) : [];
    for (const { verb, operation } of writes) {
      const refusal = operation.responses.find((response) => response.status === '409' || response.status === '422');
      for (const sentence of textsOf(operation)) {
        for (const effect of effectsIn(sentence, noun, values, own, members, holderMembers))
          if (!effects.some((one) => one.verb === verb && one.collection === link.collection && one.to === effect.to))
            effects.push({ ...link, verb, ...effect, words: sentence });
        // A creation's asks of what it names are its reference states (reference-states.ts).
        const allowed = verb === CREATION_VERB ? [] : allowedIn(sentence, noun, values);
        if (allowed.length > 0 && refusal)
          states.push({ ...link, verb, allowed, status: Number(refusal.status), words: sentence });
      }
    }
  }
  return { effects, states };
}
