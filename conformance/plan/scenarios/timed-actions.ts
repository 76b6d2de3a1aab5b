// Actions the words allow only once a time of the item has passed (the model's timedActions: "only
// once `endsAt` has passed"): the run makes an item of its own whose time is an hour ahead (and,
// where that time ends a span, whose span began an hour ago: started, not ended), moves it into a
// state the action starts from, and expects the action refused with its documented status (judged
// as action-too-early, api_idioms_honoured).
import type { Resource, TimedAction } from '../../../spec/index.js';
import { idPathText } from '../../judge/json-body.js';
import type { PlanContext } from '../context.js';
import { moveItem } from './action-paths.js';
import { parentParams } from './parents.js';
import type { SequenceRunner } from './sequences.js';

const HOUR_MS = 3_600_000;
const stepOf = (rule: TimedAction) => `${rule.verb} refused before ${rule.member} has passed`;

export const timesActions = (resource: Resource): boolean => (resource.idioms.timedActions?.length ?? 0) > 0;

export async function checkTimedActions(resource: Resource, context: PlanContext, runner: SequenceRunner) {
  const { collection, idioms } = resource;
  const rules = idioms.timedActions ?? [];
  const reach = runner.reach.scenario('timed actions', collection.path, rules.map(stepOf));
  const parent = await parentParams(collection, context, runner);
  for (const rule of rules) {
    if (runner.stopped()) return;
    const action = idioms.actions?.find((one) => one.verb === rule.verb);
    const parameter = collection.read?.parameter ?? collection.remove?.parameter;
    if (!action || !parameter) {
      reach.skip(stepOf(rule), `no action ${rule.verb} on a path naming the item`);
      continue;
    }
    // Ahead by an hour; a span it ends began an hour ago.
    const now = Date.now();
    const members: Record<string, string> = { [rule.member]: new Date(now + HOUR_MS).toISOString() };
    const span = idioms.spanOrders?.find((one) => one.end === rule.member);
    if (span) members[span.start] = new Date(now - HOUR_MS).toISOString();
    const making = await runner.make(collection, {
      what: `whose ${rule.member} is an hour ahead`,
      purpose: 'timed action',
      parent,
      members,
    });
    if (!('made' in making)) {
      reach.skip(stepOf(rule), `no item whose ${rule.member} is ahead could be made: ${making.refused}`);
      continue;
    }
    const { item, at } = making.made;
    if (item[rule.member] === undefined || Date.parse(String(item[rule.member])) <= Date.now()) {
      reach.skip(stepOf(rule), `the item made does not hold ${rule.member} ahead`);
      continue;
    }
    const from = action.from;
    const state = action.member !== undefined ? item[action.member] : undefined;
    if (from && action.member !== undefined && !from.includes(String(state))) {
      const actions = idioms.actions ?? [];
      const moving = actions.filter((one) => one.member === action.member && from.includes(String(one.target)));
      const target = { collection, idText: idPathText(item, collection.idProperty), at: at(parameter) };
      const moved = await moveItem(moving, actions, target, context, runner);
      if (!moved) {
        reach.skip(stepOf(rule), `no action brought the item to ${from.join(' or ')}`);
        continue;
      }
    }
    await runner.execute(
      context.testCase(action.operation, {
        kind: 'positive',
        plain: true,
        pathParams: at(parameter),
        what: `before its ${rule.member} has passed`,
      }),
      {
        collection,
        sequence: {
          idiom: {
            idiom: 'action-too-early',
            verb: rule.verb,
            member: rule.member,
            ...(action.refusedStatus ? { expectedStatus: action.refusedStatus } : {}),
            words: rule.words,
          },
        },
      },
    );
    reach.done(stepOf(rule));
  }
}
