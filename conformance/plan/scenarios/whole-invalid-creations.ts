// Invalid creations built on a body that is otherwise whole: a creation that names other items (a
// loan's member and a branch's copy) is refused for those first when it names made-up or busy ones
// (422 unknown copy, 409 on loan), so the operation stage's invalid bodies never reach the
// validation behind them (a `days` past its maximum taken). The maker's draft (listed references, a
// new copy for a pair) with one member broken at a time: each must be refused.
import { bodyMutations } from '../../../spec/generate/index.js';
import { nestedItemsCarried, pairedMembersOf, propertiesOf, type Resource } from '../../../spec/index.js';
import { asObject } from '../../judge/json-body.js';
import type { PlanContext } from '../context.js';
import { referencedCollections } from '../references.js';
import { parentParams } from './parents.js';
import { answeredAs, type SequenceRunner } from './sequence-runner.js';

/** Member mutations sent per creation: the telling ones first (a bound, a pattern, an enum). */
const MOST = 6;
const TELLING = /:(?:too-|below-|above-|at-exclusive|pattern|enum|const|format|impossible-date|not-multiple)/;
const STEP = 'invalid members refused in a body otherwise whole';

/** Whether the collection's creation names other items: only there do made-up ones hide validation. */
export const namesOtherItems = (context: PlanContext) => (resource: Resource) => {
  const create = resource.collection.create?.operation;
  if (!create) return false;
  const members = Object.keys(propertiesOf(context.requestSchema(create)?.schema));
  return (
    referencedCollections(create, context.collections).size > 0 ||
    nestedItemsCarried(members, context.collections, resource.collection).length > 0
  );
};

export async function checkWholeInvalidCreations(resource: Resource, context: PlanContext, runner: SequenceRunner) {
  const { collection } = resource;
  const create = collection.create?.operation;
  const request = create ? context.requestSchema(create) : undefined;
  if (!create || !request || runner.stopped()) return;
  const reach = runner.reach.scenario('whole invalid creations', collection.path, [STEP]);
  const parent = collection.path.includes('{') ? await parentParams(collection, context, runner) : {};
  const drafted = asObject(await runner.draft(collection, { what: '', purpose: 'whole invalid creation', parent }));
  if (!drafted) return reach.skip(STEP, 'no valid body could be drafted');
  // Listed items may be at a limit by now (a member with three loans): new ones where the run makes them.
  const own = await ownReferences(resource, context, runner, drafted);
  const whole = request.isValid({ ...drafted, ...own }) ? { ...drafted, ...own } : drafted;
  if (!request.isValid(whole)) return reach.skip(STEP, 'no valid body could be drafted');
  const mutations = bodyMutations(request.schema, request.isValid, whole)
    .filter((mutation) => !mutation.id.startsWith('body:') && TELLING.test(mutation.id))
    .slice(0, MOST);
  if (mutations.length === 0) return reach.skip(STEP, 'its members have no bound, pattern or enum to break');
  for (const mutation of mutations) {
    if (runner.stopped()) break;
    const executed = await runner.execute(
      context.testCase(create, {
        kind: 'negative',
        mutation: mutation.label,
        payload: mutation.apply(whole),
        pathParams: parent,
        what: `in a body naming items that exist, ${mutation.label}`,
      }),
      { collection },
    );
    if (!executed?.exchange.ok) return reach.skip(STEP, answeredAs(executed));
    // Taken: the items it names are now held (a copy on loan), and the next would meet that.
    if (executed.exchange.response.status < 300) break;
  }
  reach.done(STEP);
}

/** New items of their own for the members naming a collection the run makes items of (not one
 * nested, not one that names this collection back, not a member of a pair the draft made anew). */
export async function ownReferences(
  resource: Resource,
  context: PlanContext,
  runner: SequenceRunner,
  drafted: Record<string, unknown>,
  kept: readonly string[] = [],
): Promise<Record<string, unknown>> {
  const { collection } = resource;
  const create = collection.create!.operation;
  const paired = pairedMembersOf(Object.keys(drafted), context.collections, collection);
  const own: Record<string, unknown> = {};
  for (const [member, other] of referencedCollections(create, context.collections)) {
    if (paired.has(member) || kept.includes(member) || !(member in drafted)) continue;
    if (!other.create || other.path.includes('{')) continue;
    if (other === collection || referencedCollections(other.create.operation, context.collections).size > 0) continue;
    const made = await runner.make(other, {
      what: `for ${member} of its own`,
      purpose: 'whole invalid named',
      parent: {},
    });
    if ('made' in made) own[member] = made.made.item[other.idProperty];
  }
  return own;
}
