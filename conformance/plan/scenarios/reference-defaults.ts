// Members whose default an item the body names holds (the model's referenceDefaults: "`unitPriceCents`
// defaults to the part's current `unitPriceCents`"): a body naming an item that exists is drafted,
// the named item read, and the item made without the member; it must hold the named item's value
// (judged as a parent's default is, parent_default_not_applied).
import {
  type CollectionSpec,
  mergeAllOf,
  propertiesOf,
  type ReferenceDefault,
  type Resource,
} from '../../../spec/index.js';
import { parseBody } from '../../judge/evaluate.js';
import { asObject } from '../../judge/json-body.js';
import type { PlanContext } from '../context.js';
import { createParent, parentParams } from './parents.js';
import { answeredAs, itemOf, type SequenceRunner } from './sequence-runner.js';

const stepOf = (rule: ReferenceDefault) => `${rule.member} left out takes the ${rule.via} item's ${rule.otherMember}`;

/** Drafts tried for a body that holds the member naming the item (a union's body may be of a form
 * without it: a labour line has no `partId`). */
const DRAFTS = 4;

export const takesReferenceDefaults = ({ idioms }: Resource): boolean => (idioms.referenceDefaults?.length ?? 0) > 0;

export async function checkReferenceDefaults(resource: Resource, context: PlanContext, runner: SequenceRunner) {
  const { collection } = resource;
  const rules = resource.idioms.referenceDefaults ?? [];
  const create = collection.create?.operation;
  if (!create || rules.length === 0 || runner.stopped()) return;
  const reach = runner.reach.scenario('reference defaults', collection.path, rules.map(stepOf));
  const parent = collection.path.includes('{')
    ? ((await createParent(collection, context, runner, 'reference default')) ??
      (await parentParams(collection, context, runner)))
    : {};
  if (!parent) return reach.stop('no parent could be made or found');
  for (const rule of rules) {
    if (runner.stopped()) break;
    const other = context.collections.find((one) => one.path === rule.collection);
    const read = other?.read;
    if (!other || !read) {
      reach.skip(stepOf(rule), `${rule.collection} items cannot be read`);
      continue;
    }
    let drafted: Record<string, unknown> | undefined;
    for (let attempt = 0; attempt < DRAFTS && drafted?.[rule.via] === undefined; attempt++)
      drafted = asObject(await runner.draft(collection, { what: '', purpose: `reference default ${attempt}`, parent }));
    // Only a body of the form that names the item (a labour line, for its technician): another
    // form (a part line) given the member would be made as that form, and the rule is not its own.
    if (!drafted || drafted[rule.via] === undefined) {
      reach.skip(stepOf(rule), `no body naming a ${rule.collection} item could be built`);
      continue;
    }
    // An item of the run's own where it can make one, its member at a value no fallback would give
    // (a price of 0 is what a service that ignores the rule may answer too).
    const made = await ownNamed(rule, other, context, runner);
    const named = made ?? drafted[rule.via];
    if (typeof named !== 'string' && typeof named !== 'number') {
      reach.skip(stepOf(rule), `no body naming a ${rule.collection} item could be built`);
      continue;
    }
    const answer = await runner.send(
      context.testCase(read.operation, {
        kind: 'positive',
        plain: true,
        pathParams: { [read.parameter]: String(named) },
        what: `for the ${rule.otherMember} a new item takes`,
      }),
    );
    const item = answer?.ok && answer.response.status < 300 ? itemOf(parseBody(answer), other) : undefined;
    const expected = item?.[rule.otherMember];
    if (expected === undefined) {
      reach.skip(stepOf(rule), `the ${rule.collection} item it names could not be read`);
      continue;
    }
    const { [rule.member]: _left, ...rest } = drafted;
    const body = { ...rest, [rule.via]: named };
    if (context.requestSchema(create)?.isValid(body) === false) {
      reach.skip(stepOf(rule), `no valid body without ${rule.member} could be built`);
      continue;
    }
    const executed = await runner.execute(
      context.plainBodyCase(
        create,
        body,
        `without ${rule.member}, naming a ${rule.collection} item whose ${rule.otherMember} is ${JSON.stringify(expected)}`,
        parent,
      ),
      {
        collection,
        sequence: {
          idiom: { idiom: 'parent-default', member: rule.member, expected, words: rule.words, how: `${rule.via} item` },
        },
      },
    );
    if (executed?.exchange.ok) reach.done(stepOf(rule));
    else reach.skip(stepOf(rule), `its creation was ${answeredAs(executed)}`);
  }
}

/** A number within the member's bounds that no fallback gives (not 0, not 1). */
function distinctNumber(schema: unknown): number | undefined {
  const merged = typeof schema === 'object' && schema !== null ? mergeAllOf(schema as Record<string, unknown>) : {};
  const { type, minimum, maximum } = merged as { type?: unknown; minimum?: unknown; maximum?: unknown };
  if (type !== 'integer' && type !== 'number') return undefined;
  const low = typeof minimum === 'number' ? minimum : 0;
  const high = typeof maximum === 'number' ? maximum : low + 1000;
  const value = Math.min(high, Math.max(low, 137));
  return value === 0 || value === 1 ? undefined : value;
}

/** A new item of the named collection, its member at a distinct number: its id, or undefined. */
async function ownNamed(
  rule: ReferenceDefault,
  other: CollectionSpec,
  context: PlanContext,
  runner: SequenceRunner,
): Promise<unknown> {
  const create = other.create?.operation;
  if (!create || other.path.includes('{')) return undefined;
  const value = distinctNumber(propertiesOf(context.requestSchema(create)?.schema)[rule.otherMember]);
  if (value === undefined) return undefined;
  const making = await runner.make(other, {
    what: `with ${rule.otherMember} ${value}, for another item's default`,
    purpose: 'reference default',
    parent: {},
    members: { [rule.otherMember]: value },
  });
  return 'made' in making && making.made.item[rule.otherMember] === value
    ? making.made.item[other.idProperty]
    : undefined;
}
