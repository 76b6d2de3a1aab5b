// How many listed items hold a uniqueness rule's values now (a member's active loans): read before
// each creation the rule still allows, so a refusal is judged only where the run's own items are
// all that hold them (another step of the run may name the same member meanwhile).
import { type CollectionSpec, listedItems, type UniqueRule } from '../../../spec/index.js';
import { parseBody } from '../../judge/evaluate.js';
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
