// Members of a request below an item that name a child of another item the item itself names: a
// progress's `lessonNumber` is a lesson of the enrollment's course (/courses/{slug}/lessons/
// {lessonNumber}; the enrollment's `courseSlug`). A made-up number names no lesson, every such
// request is refused, and the item never moves on (an enrollment completes once each of its course's
// lessons is recorded). So each request sent on an item gets a child listed under what the item
// names, the next one each time: requests repeated on one item go through them all.
import { type CollectionSpec, listedParentOf, type Operation, parentItemsOf, putCreation } from '../../spec/index.js';
import { parseBody } from '../judge/evaluate.js';
import { asObject } from '../judge/json-body.js';
import type { TestCase } from '../model.js';
import type { PlanContext } from '../plan/index.js';
import { breaks, referencedCollections } from '../plan/references.js';
import { childrenThrough } from '../plan/scenarios/reference-values.js';
import { itemOf } from '../plan/scenarios/sequence-runner.js';
import type { Exchange } from '../send/http.js';

type Item = Record<string, unknown>;

/** One body member naming a child of what the operation's item names. */
interface ChildMember {
  readonly member: string;
  readonly child: CollectionSpec;
  /** The child's parent collection, and the path parameter naming a parent item there. */
  readonly parent: CollectionSpec;
  readonly parentParameter: string;
  /** The operation's item: its collection and the path parameter naming it. */
  readonly item: CollectionSpec;
  readonly itemParameter: string;
}

export interface NamedChildrenParts {
  readonly context: PlanContext;
  readonly collections: readonly CollectionSpec[];
  readonly send: (testCase: TestCase) => Promise<Exchange | undefined>;
  readonly readList: (
    collection: CollectionSpec,
    parent: Readonly<Record<string, string>>,
  ) => Promise<Item[] | undefined>;
}

/** The members of an operation's body that name a child of an item the operation's item names. */
function childMembersOf(operation: Operation, collections: readonly CollectionSpec[]): ChildMember[] {
  if (operation.method === 'GET' || operation.method === 'HEAD') return [];
  // A creation's references are the item maker's (references-found.ts): its scenarios compare what
  // they sent with what they read back.
  if (collections.some((c) => c.create?.operation === operation || putCreation(c)?.operation === operation)) return [];
  const item = innermostParent(operation.path, collections);
  if (!item?.collection.read) return [];
  const inPath = new Set(operation.parameters.flatMap((p) => (p.in === 'path' ? [p.name] : [])));
  return [...referencedCollections(operation, collections)].flatMap(([member, child]) => {
    const parent = innermostParent(child.path, collections);
    // One level below a parent the path does not name already (a child of the item's own parent is
    // the path's business).
    const oneLevel = (child.path.match(/\{/g) ?? []).length === 1;
    if (!oneLevel || !parent || inPath.has(parent.parameter) || parent.collection === item.collection) return [];
    return [
      {
        member,
        child,
        parent: parent.collection,
        parentParameter: parent.parameter,
        item: item.collection,
        itemParameter: item.parameter,
      },
    ];
  });
}

/** The item a path goes below: one clients make, else one they only read (seeded courses). */
const innermostParent = (path: string, collections: readonly CollectionSpec[]) =>
  parentItemsOf(path, collections).at(-1) ?? listedParentOf(path, collections);

export class NamedChildren {
  private readonly membersByOperation = new Map<Operation, ChildMember[]>();
  /** Requests filled per item so far, so the next one names the next child. */
  private readonly sentOnItem = new Map<string, number>();

  constructor(private readonly parts: NamedChildrenParts) {}

  private membersOf(operation: Operation): ChildMember[] {
    let members = this.membersByOperation.get(operation);
    if (!members) this.membersByOperation.set(operation, (members = childMembersOf(operation, this.parts.collections)));
    return members;
  }

  /** The case with each such member naming a child listed under what its item names now, where the
   * case's body holds the member and does not break it; as it was otherwise. */
  async fill(testCase: TestCase): Promise<TestCase> {
    const members = this.membersOf(testCase.operation);
    const payload = testCase.payload;
    const body = payload?.kind === 'json' ? asObject(payload.value) : undefined;
    if (members.length === 0 || !body || testCase.kind === 'auth' || testCase.sentAgain) return testCase;
    const value = { ...body };
    for (const named of members) {
      if (!Object.hasOwn(value, named.member) || breaks(testCase, named.member)) continue;
      const at = testCase.pathParams?.[named.itemParameter];
      if (at === undefined) continue;
      const ids = await this.childrenOf(named, testCase);
      if (ids.length === 0) continue;
      const key = `${testCase.operation.id} ${named.member} ${at}`;
      const nth = this.sentOnItem.get(key) ?? 0;
      this.sentOnItem.set(key, nth + 1);
      const id = ids[nth % ids.length];
      if (typeof id === typeof value[named.member]) value[named.member] = id;
    }
    return { ...testCase, payload: { kind: 'json', value } };
  }

  /** The ids of the children listed now under what the case's item names, that fit the words. */
  private async childrenOf(named: ChildMember, testCase: TestCase): Promise<unknown[]> {
    const read = named.item.read!;
    const answer = await this.parts.send(
      this.parts.context.testCase(read.operation, {
        kind: 'positive',
        plain: true,
        pathParams: testCase.pathParams ?? {},
        what: `for the ${named.parent.path} item it names`,
      }),
    );
    if (!answer?.ok || answer.response.status >= 300) return [];
    const about = { collection: named.item, other: named.child, member: named.member, create: testCase.operation };
    return childrenThrough(
      itemOf(parseBody(answer), named.item),
      about,
      this.parts.collections,
      async (c, under) => (await this.parts.readList(c, under)) ?? [],
    );
  }
}
