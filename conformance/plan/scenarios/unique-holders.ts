// Around a uniqueness rule's items up to its limit: how many listed items hold its values now (a
// member's active loans: another step of the run may name the same member meanwhile), and the
// references outside the rule that hold one item each (a book whose one copy the first loan took),
// which get a new item of their own for every further creation.
import { type CollectionSpec, listedItems, type UniqueRule } from '../../../spec/index.js';
import { parseBody } from '../../judge/evaluate.js';
import type { Executed } from '../../model.js';
import type { PlanContext } from '../context.js';
import type { SequenceRunner } from './sequences.js';

type Body = Record<string, unknown>;

/** The items holding `held`'s values of the rule's members (and not freed by their state), as the
 * list answers now; undefined where the list cannot tell (none, refused, not JSON). */
export async function holdersNow(
  collection: CollectionSpec,
  rule: UniqueRule,
  held: Body,
  parent: Readonly<Record<string, string>>,
  context: PlanContext,
  runner: Pick<SequenceRunner, 'send'>,
): Promise<number | undefined> {
  const list = collection.list;
  if (!list) return undefined;
  const answer = await runner.send(
    context.testCase(list.operation, { kind: 'positive', plain: true, pathParams: parent, what: 'to count holders' }),
  );
  if (!answer?.ok || answer.response.status >= 300) return undefined;
  const body = parseBody(answer);
  const items = body.kind === 'json' ? listedItems(collection, body.value) : undefined;
  if (!items) return undefined;
  const same = (item: Body) =>
    rule.members.every((member) => JSON.stringify(item[member]) === JSON.stringify(held[member]));
  const freedBy = rule.freedBy;
  const freed = (item: Body) => freedBy?.values.includes(item[freedBy.member]) === true;
  return items.filter((item) => same(item as Body) && !freed(item as Body)).length;
}

/** The kept references outside the rule that a conflict showed to hold one item each. */
export class HeldReferences {
  private readonly members = new Set<string>();

  constructor(
    private readonly collection: CollectionSpec,
    private readonly rule: UniqueRule,
    private readonly kept: ReadonlySet<string>,
    private readonly references: ReadonlyMap<string, unknown>,
    private readonly held: Body,
    private readonly runner: Pick<SequenceRunner, 'freshReference'>,
  ) {}

  has(member: string): boolean {
    return this.members.has(member);
  }

  none(): boolean {
    return this.members.size === 0;
  }

  add(members: readonly string[]): void {
    for (const member of members) this.members.add(member);
  }

  /** A new item for each, made now. */
  async fresh(): Promise<Body> {
    const own: Body = {};
    for (const member of this.members) {
      const id = await this.runner.freshReference?.(this.collection, member);
      if (id !== undefined) own[member] = id;
    }
    return own;
  }

  /** The kept references not renamed yet whose values the held body names. */
  private candidates(): string[] {
    return [...this.kept].filter(
      (member) =>
        !this.rule.members.includes(member) &&
        this.references.has(member) &&
        !this.members.has(member) &&
        (typeof this.held[member] === 'string' || typeof this.held[member] === 'number'),
    );
  }

  /** Their values, where a refusal may be theirs (a copy on loan), not the rule's. */
  elsewhere(): string[] {
    return this.candidates().map((member) => String(this.held[member]));
  }

  /** Those a conflict's text names by their value. */
  namedBy(executed: Executed | undefined): string[] {
    const text =
      executed?.exchange.ok && executed.exchange.response.status === 409 ? executed.exchange.response.text : '';
    return this.candidates().filter((member) => text.includes(String(this.held[member])));
  }
}
