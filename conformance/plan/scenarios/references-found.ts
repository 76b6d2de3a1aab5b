// What a creation's members name, found or made for the maker (maker.ts): ids other collections list
// (or an item made where none is), an item moved into the state the creation's words ask of it (an
// order's published event), the items below it its list entries name (its ticket types), the
// parent's own entries (a receipt names lines of its order), and items several members name
// together (a loan's book and copy).
import {
  type CollectionSpec,
  collectionResource,
  type Idioms,
  type Operation,
  pairedMembersOf,
  parentOfPath,
  pathNamesParents,
  propertiesOf,
  putCreation,
  type ReferenceState,
  referencedName,
} from '../../../spec/index.js';
import { idPathText } from '../../judge/json-body.js';
import type { PlanContext } from '../context.js';
import { nestedReferences, referencedCollections } from '../references.js';
import { CompoundFinder, namesCompound } from './compound-found.js';
import type { MakeRequest, Making } from './making.js';
import {
  carriedId,
  childrenThrough,
  defaultedMembers,
  parentEntries,
  sharingBody,
  unheldFirst,
} from './reference-values.js';
import { roomyMembers } from './roomy-values.js';
import { heldReferenceValues, saidToName } from './said-references.js';
import type { SequenceRunner } from './sequence-runner.js';
import { makeInState } from './stated-items.js';

type Item = Record<string, unknown>;

export interface FinderParts {
  readonly context: PlanContext;
  readonly runner: Pick<SequenceRunner, 'send' | 'stopped'>;
  readonly idiomsOf: (collection: CollectionSpec) => Idioms | undefined;
  readonly make: (collection: CollectionSpec, request: MakeRequest) => Promise<Making>;
  readonly listedItems: (collection: CollectionSpec, parent?: Readonly<Record<string, string>>) => Promise<Item[]>;
  readonly parentItem: (
    collection: CollectionSpec,
    values: Readonly<Record<string, string>>,
  ) => Promise<Item | undefined>;
}

export class ReferenceFinder {
  /** Items made for references so far: each gets a purpose (and fresh values) of its own. */
  private madeForReferences = 0;
  /** Items moved into the states a creation's words ask of what it names, by collection and states:
   * one shared until a creation naming it is refused for a conflict (sold out, a slot taken). */
  private readonly stated = new Map<string, Promise<unknown>>();
  /** The values naming one nested item together (a branch's code and a copy's number), made once per
   * collection for the cases that name references: a pair from two items names nothing. */
  private readonly compounds = new Map<string, Promise<Record<string, unknown>>>();
  private readonly context: PlanContext;
  private readonly runner: FinderParts['runner'];
  private readonly idiomsOf: FinderParts['idiomsOf'];

  private readonly compound: CompoundFinder;

  constructor(private readonly parts: FinderParts) {
    this.context = parts.context;
    this.runner = parts.runner;
    this.idiomsOf = parts.idiomsOf;
    this.compound = new CompoundFinder({
      context: parts.context,
      make: (collection, request) => this.make(collection, request),
      listedItems: (collection) => this.listedItems(collection),
      namesBack: (other, collection) => this.namesBack(other, collection),
      purpose: () => `compound ${++this.madeForReferences}`,
    });
  }

  /** Made for a reference: in its usual state, each member with a default at it, and room in its
   * capacity-like members (a venue's `maxCapacity` bounds the events naming it). */
  private make(collection: CollectionSpec, request: MakeRequest): Promise<Making> {
    const create = (collection.create ?? putCreation(collection))?.operation;
    const schema = create ? this.context.requestSchema(create)?.schema : undefined;
    const members = { ...defaultedMembers(schema), ...request.members };
    const roomy = roomyMembers(schema);
    const preferred = request.preferred ?? (Object.keys(roomy).length > 0 ? roomy : undefined);
    return this.parts.make(collection, {
      ...request,
      ...(Object.keys(members).length > 0 ? { members } : {}),
      ...(preferred ? { preferred } : {}),
    });
  }

  private listedItems(collection: CollectionSpec, parent: Readonly<Record<string, string>> = {}): Promise<Item[]> {
    return this.parts.listedItems(collection, parent);
  }

  private async listedIds(collection: CollectionSpec, parent: Readonly<Record<string, string>> = {}) {
    return (await this.listedItems(collection, parent)).map((item) => item[collection.idProperty]);
  }

  private parentItemOf(collection: CollectionSpec, values: Readonly<Record<string, string>>) {
    if (Object.keys(values).length === 0) return Promise.resolve(undefined);
    return this.parts.parentItem(collection, values);
  }

  /** Members that together name an item of a nested collection (compound-found.ts). */
  compoundReference(collection: CollectionSpec): Promise<Record<string, unknown>> {
    return this.compound.reference(collection);
  }

  /** Whether `members` already name every nested item the creation's members name together. */
  namesCompound(collection: CollectionSpec, members: Readonly<Record<string, unknown>> | undefined): boolean {
    return namesCompound(collection, members, this.context);
  }

  /** Members of the creation that name another collection's items, with the ids it lists. A
   * collection nested under the same parent (an entry's project in the entry's workspace) is listed
   * under the creation's own parent values; where a list holds none, an item is made for it. */
  /** Whether making an item of `other` would make one of `collection` (its creation names it, or is
   * the same): then it is not made for a reference of `collection`. */
  private namesBack(other: CollectionSpec, collection: CollectionSpec): boolean {
    if (other === collection) return true;
    const create = other.create?.operation;
    return create !== undefined && [...this.referencedOrMade(create).values()].includes(collection);
  }

  /** The collections the creation's members name: listed ones (referencedCollections), and ones
   * that list nothing but are made by the client (a loan's `memberId` where /members has only a
   * POST and a read): an item is made there for the member. */
  private referencedOrMade(create: Operation): Map<string, CollectionSpec> {
    const found = referencedCollections(create, this.context.collections);
    const schema = this.context.requestSchema(create)?.schema;
    for (const member of Object.keys(propertiesOf(schema))) {
      const name = referencedName(member);
      if (found.has(member) || name === undefined) continue;
      const other = this.context.collections.find(
        (c) =>
          !c.list &&
          c.create &&
          !c.path.includes('{') &&
          c.create.operation !== create &&
          collectionResource(c) === name,
      );
      if (other) found.set(member, other);
    }
    return found;
  }

  /** A new item for a member of the creation to name, where its collection makes them and none of
   * its listed ones will do (every listed member at its limit of loans): its id, else undefined. */
  async freshReference(collection: CollectionSpec, member: string): Promise<unknown> {
    const create = collection.create?.operation ?? putCreation(collection)?.operation;
    const other = create ? this.referencedOrMade(create).get(member) : undefined;
    const makeable = other && (other.create !== undefined || putCreation(other) !== undefined);
    if (!other || !makeable || this.namesBack(other, collection)) return undefined;
    // Nested (a book under a branch, named by id alone): made under a parent made or listed for it.
    if (other.path.includes('{'))
      return other.read && !pathNamesParents(other, other.read)
        ? (await this.madeUnderAnyParent(other, member, []))[0]
        : undefined;
    const purpose = `reference ${++this.madeForReferences}`;
    const making = await this.make(other, {
      what: `for ${member} to name, the listed ones refused`,
      purpose,
      parent: {},
    });
    return 'made' in making ? making.made.item[other.idProperty] : undefined;
  }

  /** Members of the collection's creation that name other items, with ids that exist: listed under
   * the creation's parent, or made where none is listed. */
  async references(
    collection: CollectionSpec,
    parent: Readonly<Record<string, string>> = {},
    fixed: ReadonlyMap<string, unknown[]> = new Map(),
  ): Promise<Map<string, unknown[]>> {
    // Members given (an item in a state the words refuse): the rest found around them.
    const found = new Map<string, unknown[]>(fixed);
    // A collection a PUT makes (at a key the client chooses) names others in the PUT's body.
    const create = collection.create?.operation ?? putCreation(collection)?.operation;
    if (!create) return found;
    const rules = this.idiomsOf(collection)?.referenceStates ?? [];
    const request = this.context.requestSchema(create)?.schema;
    // Members naming one nested item together are filled together, from one item.
    const paired = pairedMembersOf(Object.keys(propertiesOf(request)), this.context.collections, collection);
    if (paired.size > 0 && ![...paired].some((member) => fixed.has(member))) {
      const compound = this.compounds.get(collection.path) ?? this.compoundReference(collection);
      this.compounds.set(collection.path, compound);
      for (const [member, value] of Object.entries(await compound)) found.set(member, [value]);
    }
    for (const [member, other] of this.referencedOrMade(create)) {
      if (fixed.has(member) || (paired.has(member) && found.has(member))) continue;
      const names = [...other.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
      const rule = rules.find((r) => r.member === member && r.collection === other.path);
      const stated = rule && names.length === 0 ? await this.inState(other, rule) : undefined;
      if (stated !== undefined) {
        found.set(member, [stated]);
        continue;
      }
      // Nested elsewhere (a parameter the creation's parent does not give): the children of what
      // the parent item names there (a quiz submission's lesson, of its enrollment's course).
      if (names.some((name) => parent[name] === undefined)) {
        const item = await this.parentItemOf(collection, parent);
        const through = await childrenThrough(
          item,
          { collection, other, member, create },
          this.context.collections,
          (c, under) => this.listedItems(c, under),
        );
        const anywhere = through.length > 0 ? through : await this.underAnyParent(other, member, collection);
        if (anywhere.length > 0) found.set(member, anywhere);
        continue;
      }
      const under = Object.fromEntries(names.map((name) => [name, parent[name]!]));
      let ids = await this.listedIds(other, under);
      // Never one whose own creation names this collection: the two would make each other forever.
      const makeable = other.create !== undefined || putCreation(other) !== undefined;
      if (ids.length === 0 && makeable && !this.namesBack(other, collection) && !this.runner.stopped()) {
        // Each its own purpose: fresh values of its own (an email no earlier member holds).
        const purpose = `reference ${++this.madeForReferences}`;
        const making = await this.make(other, { what: `for ${member} to name`, purpose, parent: under });
        if ('made' in making) ids = [making.made.item[other.idProperty]];
      }
      // Those no listed item under the parent names yet first (a student not in the section).
      const siblings = collection.list && ids.length > 1 ? await this.listedItems(collection, parent) : [];
      if (ids.length > 0) found.set(member, unheldFirst(ids, siblings, member));
    }
    await this.nestedReferences(create, found, parentEntries(await this.parentItemOf(collection, parent)));
    // Members the words say name items of a kind with no list or creation: what the service holds.
    const named = saidToName(this.idiomsOf(collection), Object.keys(propertiesOf(request)), new Set(found.keys()));
    for (const member of named) {
      const values = await heldReferenceValues(
        collection,
        member,
        request,
        parent,
        this.context.collections,
        (c, under) => this.listedItems(c, under),
      );
      if (values.length > 0) found.set(member, values);
    }
    return found;
  }

  /** Ids of a nested collection the creation names by id alone (a loan's `bookId`, books listed per
   * branch and read at `/books/{bookId}`): listed under the first listed parents that hold some, else
   * one made under a parent made (or listed) for it. */
  private async underAnyParent(other: CollectionSpec, member: string, collection: CollectionSpec): Promise<unknown[]> {
    const parent = parentOfPath(other.path, this.context.collections);
    // Only items read by id alone: one a path names with its parent (a copy of a book) is named by
    // members together (compoundReference).
    const byIdAlone = other.read !== undefined && !pathNamesParents(other, other.read);
    // Or by an opaque `id` its items carry beside the number their path names (a payment's
    // `invoiceId` for /customers/{customerId}/invoices/{number}, whose invoices hold an `id`).
    const named = byIdAlone ? other.idProperty : carriedId(other, member);
    if (!parent || named === undefined || parent.collection.path.includes('{') || this.namesBack(other, collection))
      return [];
    const holders = parent.collection.list ? (await this.listedItems(parent.collection)).slice(0, 3) : [];
    for (const holder of holders) {
      const under = { [parent.parameter]: idPathText(holder, parent.collection.idProperty) };
      const ids = (await this.listedItems(other, under)).map((item) => item[named]).filter((id) => id !== undefined);
      if (ids.length > 0) return ids;
    }
    return this.madeUnderAnyParent(other, member, holders, named);
  }

  /** A new item of a nested collection, under a parent made for it (else the first listed one). */
  private async madeUnderAnyParent(
    other: CollectionSpec,
    member: string,
    listed: readonly Item[],
    named = other.idProperty,
  ): Promise<unknown[]> {
    const parent = parentOfPath(other.path, this.context.collections);
    if (!parent || parent.collection.path.includes('{') || this.runner.stopped()) return [];
    const purpose = `reference ${++this.madeForReferences}`;
    const makeable = parent.collection.create !== undefined || putCreation(parent.collection) !== undefined;
    const above: Making = makeable
      ? await this.make(parent.collection, { what: `to hold a ${other.path} item`, purpose, parent: {} })
      : { refused: 'listed only' };
    const holder = 'made' in above ? above.made.item : (listed[0] ?? (await this.listedItems(parent.collection))[0]);
    if (!holder) return [];
    const making = await this.make(other, {
      what: `for ${member} to name`,
      purpose,
      parent: { [parent.parameter]: idPathText(holder, parent.collection.idProperty) },
    });
    return 'made' in making && making.made.item[named] !== undefined ? [making.made.item[named]] : [];
  }

  /** Members of a list's entries that name items below one the body names (an order's
   * `lines[].ticketTypeCode` names ticket types of its `eventId`'s event): listed under that item,
   * or one made there; the body then names that one item. Keyed `lines[].ticketTypeCode`. */
  private async nestedReferences(
    create: Operation,
    found: Map<string, unknown[]>,
    parentEntries: ReadonlyMap<string, unknown[]>,
  ): Promise<void> {
    const own = this.context.collections.find((c) => c.create?.operation === create);
    const rules = (own && this.idiomsOf(own)?.referenceStates) ?? [];
    for (const { array, member, collection: other } of nestedReferences(create, this.context.collections)) {
      if (found.has(`${array}[].${member}`)) continue;
      // The parent's own entries name them first (a receipt's lines name lines of its order).
      const held = parentEntries.get(member);
      if (held && held.length > 0) {
        found.set(`${array}[].${member}`, held);
        continue;
      }
      const names = [...other.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
      const scope = names.map((name) => found.get(name)?.[0]);
      if (scope.some((value) => value === undefined) || this.runner.stopped()) continue;
      const under = Object.fromEntries(names.map((name, index) => [name, String(scope[index])]));
      const rule = rules.find((r) => r.member === `${array}[].${member}`);
      const listed = (await this.listedItems(other, under)).filter(
        (item) => !rule || rule.allowed.includes(item[rule.stateMember]),
      );
      // Members the named item shares with the body (a product's `supplierId`, the order's): one
      // value of the body's kept, and only items holding it named.
      const { items, pinned } = sharingBody(listed, found);
      let ids = items.map((item) => item[other.idProperty]);
      if (ids.length === 0 && (other.create || putCreation(other))) {
        const purpose = `reference ${++this.madeForReferences}`;
        const making = await this.make(other, {
          what: `for ${array}[].${member} to name`,
          purpose,
          parent: under,
          members: pinned,
        });
        if ('made' in making) ids = [making.made.item[other.idProperty]];
      }
      if (ids.length === 0) continue;
      for (const [index, name] of names.entries()) found.set(name, [scope[index]]);
      for (const [name, value] of Object.entries(pinned)) found.set(name, [value]);
      found.set(`${array}[].${member}`, ids);
    }
  }

  /** An item of `other` in a state the creation's words allow (made and moved there once, shared). */
  private inState(other: CollectionSpec, rule: ReferenceState): Promise<unknown> {
    const key = `${other.path} ${rule.allowed.join(',')}`;
    let id = this.stated.get(key);
    if (!id) {
      const purpose = `reference ${++this.madeForReferences}`;
      const parts = {
        context: this.context,
        runner: this.runner,
        make: (c: CollectionSpec, r: MakeRequest) => this.make(c, r),
        actions: this.idiomsOf(other)?.actions ?? [],
      };
      id = makeInState(other, rule, purpose, parts).then((stated) => ('id' in stated ? stated.id : undefined));
      this.stated.set(key, id);
    }
    return id;
  }

  /** Forgets the stated items the collection's creation names (a conflict may be theirs: sold out);
   * whether there were any. */
  forgetStated(collection: CollectionSpec): boolean {
    const rules = this.idiomsOf(collection)?.referenceStates ?? [];
    let forgot = false;
    for (const rule of rules)
      for (const key of this.stated.keys())
        if (key.startsWith(`${rule.collection} `)) forgot = this.stated.delete(key) || forgot;
    return forgot;
  }
}
