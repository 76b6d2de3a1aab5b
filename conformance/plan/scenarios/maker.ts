// The one place that makes items (producers before consumers): every scenario asks it for a valid
// item of a collection and gets one made through the documented creation, under a parent that
// exists, with the members that name other items filled from their lists, the author's example
// first, fresh values where the run used them before; a refusal is read and the creation retried
// with a changed body, a bounded number of times. What it could not make, it says why.
import { withOrderedSpans } from '../../../spec/generate/index.js';
import { type CollectionSpec, type Idioms, putCreation, referencedName, statusMember } from '../../../spec/index.js';
import { asObject, idKey, idPathText } from '../../judge/json-body.js';
import type { Executed, TestCase } from '../../model.js';
import type { Exchange } from '../../send/http.js';
import type { PlanContext } from '../context.js';
import { parentBoundsOf, withinBounds } from './bounded-values.js';
import { withDistinctEntries } from './distinct-entries.js';
import { DroppedMembers } from './dropped-members.js';
import { exampleBodies } from './example-bodies.js';
import { ATTEMPTS, FreshSteps } from './fresh-steps.js';
import { freshened, membersNamed, membersValued, refusalText, withOtherEnumValues } from './fresh-values.js';
import {
  inFirstState,
  namingListed,
  withEveryReference,
  withListed,
  withMembers,
  withSaidDefaultsLeftOut,
} from './listed-values.js';
import { Listings } from './listings.js';
import { makeByPut } from './made-by-put.js';
import { makeElsewhere } from './made-elsewhere.js';
import type { MadeItem, MakeRequest, Making } from './making.js';
import { parentEqualValues } from './parent-equals.js';
import { ParentItems } from './parent-items.js';
import { underOwnParent } from './parents.js';
import { ReferenceFinder } from './references-found.js';
import { holdsOthers, roomyMembers, withDrawnBack, withinSaidBound, withLeastCapped } from './roomy-values.js';
import { itemOf, type SequenceRunner, succeeded } from './sequence-runner.js';
import { unlockParent } from './unlocked-parents.js';

export type { MadeItem, MakeRequest, Making };

type Item = Record<string, unknown>;

export class ItemMaker {
  private readonly dropped = new DroppedMembers();

  constructor(
    private readonly context: PlanContext,
    private readonly runner: Pick<SequenceRunner, 'execute' | 'send' | 'conclude' | 'stopped'>,
    readList: (collection: CollectionSpec, parent?: Readonly<Record<string, string>>) => Promise<Item[] | undefined>,
    private readonly idiomsOf: (collection: CollectionSpec) => Idioms | undefined = () => undefined,
  ) {
    this.listings = new Listings(readList);
    this.parents = new ParentItems(context, runner);
    this.steps = new FreshSteps(context);
    this.finder = new ReferenceFinder({
      context,
      runner,
      idiomsOf,
      make: (c, r) => this.make(c, r),
      listedItems: (c, parent) => this.listedItems(c, parent),
      parentItem: (c, values) => this.parentItem(c, values),
    });
  }

  private readonly listings: Listings;
  private readonly parents: ParentItems;
  private readonly steps: FreshSteps;
  private readonly finder: ReferenceFinder;

  /** Members of the collection's creation that name other items, with ids that exist: listed under
   * the creation's parent, or made where none is listed (references-found.ts). */
  references(
    collection: CollectionSpec,
    parent: Readonly<Record<string, string>> = {},
    fixed?: ReadonlyMap<string, unknown[]>,
  ): Promise<Map<string, unknown[]>> {
    return this.finder.references(collection, parent, fixed);
  }

  /** A new item for the member of the collection's creation to name (references-found.ts). */
  freshReference(collection: CollectionSpec, member: string): Promise<unknown> {
    return this.finder.freshReference(collection, member);
  }

  /** The references with a new item first for each named member the refusals keep naming. */
  private async freshReferences(
    collection: CollectionSpec,
    references: Map<string, unknown[]>,
    named: readonly string[],
    held: Readonly<Record<string, unknown>>,
  ): Promise<Map<string, unknown[]>> {
    const next = new Map(references);
    for (const member of named.filter((name) => references.has(name) && !(name in held))) {
      const id = await this.finder.freshReference(collection, member);
      if (id !== undefined) next.set(member, [id]);
    }
    return next;
  }

  /** The parent item a nested collection's path values name (parent-items.ts). */
  parentItem(collection: CollectionSpec, values: Readonly<Record<string, string>>): Promise<Item | undefined> {
    return this.parents.of(collection, values);
  }

  /** Items the collection lists now (read once per run, and once per parent for a nested one). */
  listedItems(collection: CollectionSpec, parent: Readonly<Record<string, string>> = {}): Promise<Item[]> {
    return this.listings.items(collection, parent);
  }

  /** An item made for one scenario alone, never given to others as a listed one. */
  reserve(collection: CollectionSpec, idText: string): void {
    this.listings.reserve(collection, idText);
  }

  /** After a deletion the service took, its item is named no more where a listed item is asked for. */
  forgetDeleted(testCase: TestCase, exchange: Exchange): void {
    const status = exchange.ok ? exchange.response.status : 0;
    if (testCase.operation.method !== 'DELETE' || status < 200 || status >= 300) return;
    const collection = this.context.collections.find((c) => c.remove?.operation === testCase.operation);
    const idText = collection && testCase.pathParams?.[collection.remove!.parameter];
    if (collection && idText !== undefined) this.listings.forget(collection, idText);
  }

  /** Ids the collection lists now. */
  async listedIds(collection: CollectionSpec, parent: Readonly<Record<string, string>> = {}): Promise<unknown[]> {
    return (await this.listedItems(collection, parent)).map((item) => item[collection.idProperty]);
  }

  /** Valid creation bodies for the collection: the author's examples first, then plain ones, each
   * with its references naming listed items (an item made from them gets fresh values: make). */
  async bodies(
    collection: CollectionSpec,
    count: number,
    purpose: string,
    parent: Readonly<Record<string, string>> = {},
    fixed?: ReadonlyMap<string, unknown[]>,
  ): Promise<unknown[]> {
    // Made by its creation, or by a PUT at a key the client chooses (the body the PUT sends).
    const create = collection.create?.operation ?? putCreation(collection)?.operation;
    if (!create) return [];
    // A creation without a body (POST /carts) is sent as it is, as often as asked.
    if (!create.requestBody) return Array.from({ length: count }, () => undefined);
    const request = this.context.requestSchema(create);
    const examples = exampleBodies(collection, this.context);
    const plain = this.context.plainBodies(create, count, purpose);
    const references = await this.references(collection, parent, fixed);
    // The examples carry the run's name prefix as plain bodies do (where it keeps them valid).
    const prefixed = examples.map((example) => {
      const marked = this.context.withPrefix(request?.schema ?? {}, example);
      return request && !request.isValid(marked) ? example : marked;
    });
    const state = statusMember(collection);
    const equals = await this.parentEquals(collection, parent);
    return [...prefixed, ...plain]
      .slice(0, count)
      .map((body, index) => withMembers(withListed(body, references, index), equals, request))
      .map((body) => inFirstState(body, state, request?.schema, request))
      .map((body) => withSaidDefaultsLeftOut(body, request?.schema, request))
      .map((body) => withDistinctEntries(body, request?.schema, request))
      .filter((body) => !request || request.isValid(body));
  }

  /** Valid creation bodies, each with fresh values of the purpose's own (never the example as is,
   * which the creation sequence sends). */
  async freshBodies(collection: CollectionSpec, count: number, purpose: string): Promise<unknown[]> {
    const { fresh } = await this.freshener(collection, purpose);
    return (await this.bodies(collection, count, purpose)).map((body, index) => fresh(body, index));
  }

  /** A purpose's fresh values for the collection's creation bodies: a step of its own, the same on
   * every run of a seed (scenarios run at once, so a count of items made would depend on which came
   * first), moved on by each attempt; references to listed items and invalid results left alone. */
  private async freshener(
    collection: CollectionSpec,
    purpose: string,
    parent: Readonly<Record<string, string>> = {},
    fixed?: ReadonlyMap<string, unknown[]>,
  ) {
    const making = collection.create ?? putCreation(collection);
    const request = making ? this.context.requestSchema(making.operation) : undefined;
    const isValid = (value: unknown) => request?.isValid(value) !== false;
    const references = await this.references(collection, parent, fixed);
    const keep = new Set(references.keys());
    const { use, fresh: freshStep } = this.steps.of(collection, purpose);
    // A start made fresh takes its span's end along (endsAt after startsAt).
    const spanned = (body: unknown) => {
      const object = asObject(body);
      return object ? withOrderedSpans(object, (member) => keep.has(member)) : body;
    };
    const fresh = (body: unknown, attempt: number) =>
      freshStep(attempt, (step) => spanned(freshened(body, step, isValid, keep)));
    return { use, references, fresh };
  }

  /** The body a creation of a new item would send first (fresh values, references, an item made for
   * a compound reference), unsent: a scenario breaks one member of a body otherwise whole. */
  async draft(collection: CollectionSpec, request: MakeRequest): Promise<unknown> {
    const create = collection.create;
    if (!create) return undefined;
    const { use, fresh } = await this.freshener(collection, request.purpose, request.parent);
    const [first] = await this.bodies(collection, 1, `${request.purpose}:${use}`, request.parent);
    if (first === undefined) return undefined;
    const compound = await this.finder.compoundReference(collection);
    if (this.context.anchors.collectionOf(create.operation)) await this.parentItem(collection, request.parent);
    return withMembers(fresh(first, 0), compound, this.context.requestSchema(create.operation));
  }

  /** Moves a parent of the run's own named by `values` into a state the collection's creation needs,
   * where its words lock it (unlocked-parents.ts): what it did, or undefined. */
  unlockParent(collection: CollectionSpec, values: Readonly<Record<string, string>>): Promise<string | undefined> {
    return unlockParent(collection, values, {
      context: this.context,
      runner: this.runner,
      make: (c, r) => this.make(c, r),
      idiomsOf: this.idiomsOf,
      parentItem: (c, v) => this.parentItem(c, v),
    });
  }

  /** A new item of the collection, or why none could be made; a made one is kept for its children. */
  async make(collection: CollectionSpec, request: MakeRequest): Promise<Making> {
    const making = await this.makeNew(collection, request);
    if ('made' in making) {
      const id = idPathText(making.made.item, collection.idProperty);
      this.context.anchors.remember(collection, request.parent, id, making.made.item);
    }
    return making;
  }

  private async makeNew(collection: CollectionSpec, request: MakeRequest): Promise<Making> {
    const create = collection.create;
    const put = putCreation(collection);
    // A parent of the run's own moved first into a state its words allow children in.
    if (!request.keepParent) await this.unlockParent(collection, request.parent);
    if (!create && put)
      return makeByPut(collection, put, request, {
        context: this.context,
        runner: this.runner,
        use: this.steps.useOf(collection, request.purpose),
        references: await this.references(collection, request.parent),
      });
    if (!create) {
      const parts = { context: this.context, runner: this.runner, listedIds: (c: CollectionSpec) => this.listedIds(c) };
      return makeElsewhere(collection, request, { ...parts, make: (c, r) => this.make(c, r) });
    }
    // Members the item must hold pick the references beside them (the products of that supplier).
    const fixed = request.members && new Map(Object.entries(request.members).map(([name, value]) => [name, [value]]));
    const freshening = await this.freshener(collection, request.purpose, request.parent, fixed);
    const { use, fresh } = freshening;
    let references = freshening.references;
    const drawn = await this.bodies(collection, ATTEMPTS, `${request.purpose}:${use}`, request.parent, fixed);
    if (drawn.length === 0) return { refused: 'no valid creation body could be built from its schema' };
    const requestSchema = this.context.requestSchema(create.operation);
    // An item that actions move gets every reference its body may hold (a work order's technician):
    // actions' preconditions are often a reference the schema leaves optional ("`start` is refused
    // while no technician is assigned").
    const moved = (this.idiomsOf(collection)?.actions?.length ?? 0) > 0;
    const candidates = moved ? drawn.map((body) => withEveryReference(body, references, requestSchema)) : drawn;
    let candidate = 0;
    const compound = this.finder.namesCompound(collection, request.members)
      ? {}
      : await this.finder.compoundReference(collection);
    // The parent known before the cases are built: they bind their times to it (anchors.ts).
    if (this.context.anchors.collectionOf(create.operation)) await this.parentItem(collection, request.parent);
    const held = {
      ...compound,
      ...(await this.parentEquals(collection, request.parent)),
      ...request.members,
    };
    // An item other items are made under or name (an event's bookings, a venue's events) asks for
    // room first, whoever makes it.
    let preferred =
      request.preferred ??
      (holdsOthers(collection, this.context.collections) ? roomyMembers(requestSchema?.schema) : {});
    const most = await parentBoundsOf(collection, request.parent, this.context.collections, (c, values) =>
      this.parentItem(c, values),
    );
    const shaped = (next: unknown) =>
      this.dropped.apply(
        collection,
        withinBounds(withMembers(withMembers(next, preferred, requestSchema), held, requestSchema), most),
        requestSchema,
        held,
      );
    let body = shaped(fresh(candidates[0], 0));
    let referenceShift = 0;
    let lastRefusal = '';
    const refusedValues = new Map<string, Set<unknown>>();
    const ownParent = underOwnParent(collection, request.parent, this.context);
    for (let attempt = 0; attempt < ATTEMPTS && !this.runner.stopped(); attempt++) {
      let testCase = this.context.testCase(create.operation, {
        kind: 'positive',
        plain: true,
        // A body holding the run's preferred amounts (a capacity of 1000) is valid but unusual: a
        // limit the words leave open may refuse it.
        ...(Object.keys(preferred).length > 0 ? { preferred: Object.keys(preferred) } : {}),
        pathParams: request.parent,
        // Under a parent the run made, a documented 409 is about the state the run left it in.
        ...(ownParent ? { onMadeItem: true } : {}),
        ...(body === undefined ? {} : { payload: { kind: 'json' as const, value: body } }),
        ...namingListed(body, references, held),
        what: request.what,
      });
      if (request.decorate) testCase = request.decorate(testCase);
      const executed = await this.runner.execute(testCase, { collection });
      const made = succeeded(executed) ? this.madeFrom(executed, collection, request.parent) : undefined;
      if (executed && made) {
        const sent = testCase.payload?.kind === 'json' ? testCase.payload.value : body;
        return { made: { ...made, executed, testCase, sent, parent: request.parent, refusedBefore: attempt } };
      }
      if (!executed?.exchange.ok) return { refused: 'its creation got no answer' };
      const status = executed.exchange.response.status;
      lastRefusal = `${status}${refusalText(executed.exchange.response.text)}`;
      if (status < 300) return { refused: `its creation answered ${status} without an item that names its id` };
      const kept = withinSaidBound(preferred, executed.exchange.response.text, body);
      // The amounts given up go back to what the body drew (a capacity the schema alone gave).
      body = withDrawnBack(body, preferred, kept, candidates[candidate % candidates.length]);
      preferred = kept;
      // An amount the words cap ("a quantity larger than the seats left"): sent again at its least.
      const least = withLeastCapped(body, status, this.idiomsOf(collection)?.refusals, requestSchema?.schema);
      if (least && requestSchema?.isValid(least) !== false) {
        body = shaped(least);
        continue;
      }
      // Read the refusal: a conflict asks for fresh values; a member it names, for another value
      // of it (another listed item, for a reference); otherwise the next valid body.
      const named = membersNamed(executed.exchange.response.text, body);
      const namesReference = named.some((member) => references.has(member));
      let next: unknown;
      // A conflict asks for fresh values, and for another listed item where the body names one (a
      // copy that another loan holds).
      if (status === 409) {
        if (this.finder.forgetStated(collection)) references = await this.references(collection, request.parent, fixed);
        // A conflict naming a referenced item again (a member at its limit): one made for it.
        if (attempt > 0) {
          const text = executed.exchange.response.text;
          const byValue = membersValued(text, body);
          // Or by the resource's word ("member limit" of a `memberId`); from the third try, any.
          const byWord = [...references.keys()].filter((member) => {
            const word = referencedName(member);
            return word !== undefined && new RegExp(`\\b${word}s?\\b`, 'i').test(text);
          });
          const said = [...named, ...byValue, ...byWord];
          const fresh = said.length > 0 || attempt < 2 ? said : [...references.keys()];
          references = await this.freshReferences(collection, references, fresh, held);
        }
        next = fresh(body, attempt + 1);
        if (references.size > 0) next = withListed(next, references, use + ++referenceShift);
        // A value of a set the conflict names ("sat already has 3 entries"): another of the set.
        next = withOtherEnumValues(
          next,
          membersValued(executed.exchange.response.text, body),
          requestSchema?.schema,
          refusedValues,
        );
      } else if (namesReference || (named.length === 0 && references.size > 0 && status !== 400)) {
        referenceShift++;
        next = withListed(body, references, use + referenceShift);
      }
      // An optional member the refusal names is left out; else the next valid body.
      else
        next =
          this.dropped.drop(collection, body, named, requestSchema, held) ??
          fresh(candidates[++candidate % candidates.length], attempt + 1);
      const valid = requestSchema && !requestSchema.isValid(next) ? candidates[++candidate % candidates.length] : next;
      body = shaped(valid);
    }
    return { refused: `its creation was refused: ${lastRefusal}` };
  }

  private parentEquals(collection: CollectionSpec, parent: Readonly<Record<string, string>>) {
    const parentItem = (c: CollectionSpec, values: Readonly<Record<string, string>>) => this.parentItem(c, values);
    return parentEqualValues(collection, parent, { context: this.context, idiomsOf: this.idiomsOf, parentItem });
  }

  /** The item a successful creation answered, with its id and the path values naming it. */
  private madeFrom(executed: Executed, collection: CollectionSpec, parent: Readonly<Record<string, string>>) {
    const item = itemOf(executed.body, collection);
    if (item?.[collection.idProperty] === undefined) return undefined;
    const [id, text] = [idKey(item, collection.idProperty), idPathText(item, collection.idProperty)];
    this.context.markChangedByRun(collection, id);
    return { item, id, at: (parameter: string) => ({ ...parent, [parameter]: text }) };
  }
}
