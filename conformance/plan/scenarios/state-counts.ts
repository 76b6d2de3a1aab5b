// Counts an item keeps of the items naming it in some states (the model's stateCounts: "Tickets of
// the event in `paid` orders", "`revenue` = the sum of `total` over its `paid` orders"): the run
// makes one such item as a probe (the maker finds what it must name), then makes more like it, one
// per action their state takes from the start, and reads the counts before and after each creation
// and action. Each count must move by exactly what the item weighs where it enters or leaves a
// counted state, and not at all otherwise. Run when nothing else writes; a count that differs is
// read again a second later (a count kept up asynchronously).
import type { Action, CollectionSpec, Resource, StateCount } from '../../../spec/index.js';
import { parseBody } from '../../judge/evaluate.js';
import { countsHolder } from '../../judge/json-body.js';
import type { PlanContext } from '../context.js';
import { countedAt, countedParent, weightOf } from './counted-at.js';
import { another, movedBy, type NamedMove, namedMovesOf, ownItemToName } from './counted-items.js';
import { namingItem } from './named-effects.js';
import type { SequenceRunner } from './sequence-runner.js';
import { chainedCounts } from './state-count-chains.js';

type Item = Record<string, unknown>;
type Counts = Record<string, number>;

const SETTLE_MS = 1000;
/** Probes made before the scenario gives up on a second item like the probe. */
const PROBES = 3;
const CREATED = 'counts moved by a new item naming it';
const moved = (verb: string) => `counts moved by ${verb}`;

const counts = (rules: readonly StateCount[], read: 'own' | string) =>
  rules.filter((rule) => (rule.read ? `${rule.read.method} ${rule.read.path}` : 'own') === read);

export async function checkStateCounts(
  resource: Resource,
  countedResource: (collection: CollectionSpec) => Resource | undefined,
  context: PlanContext,
  runner: SequenceRunner,
): Promise<void> {
  const own = resource.collection;
  const rules = resource.idioms.stateCounts ?? [];
  for (const path of new Set(rules.map((rule) => rule.collection))) {
    const counted = context.collections.find((c) => c.path === path);
    const group = rules.filter((rule) => rule.collection === path);
    const actions = (counted && countedResource(counted)?.idioms.actions) ?? [];
    const others = counted ? namedMovesOf(counted, group[0]!.stateMember, context, countedResource) : [];
    const reach = runner.reach.scenario('state counts', own.path, [
      CREATED,
      ...actions.filter((a) => a.member === group[0]!.stateMember).map((a) => moved(a.verb)),
      ...others.map(({ resource, effect }) => movedBy(resource, effect)),
    ]);
    if (!counted?.create || !own.read) {
      reach.stop(`${path} items cannot be made, or ${own.path} items read`);
      continue;
    }
    // A probe may name an item with little left to count (a ticket type of 5 seats): another try
    // makes another probe, which may name another.
    const done = new Set<string>();
    for (let attempt = 0; attempt < PROBES; attempt++) {
      const refused = await followCounts(
        own,
        counted,
        group,
        actions,
        done,
        context,
        runner,
        reach,
        countedResource,
        others,
      );
      if (refused === undefined) break;
      if (attempt === PROBES - 1) reach.stop(refused);
    }
  }
}

async function followCounts(
  own: CollectionSpec,
  counted: CollectionSpec,
  rules: readonly StateCount[],
  actions: readonly Action[],
  done: Set<string>,
  context: PlanContext,
  runner: SequenceRunner,
  reach: ReturnType<SequenceRunner['reach']['scenario']>,
  resourceOf: (collection: CollectionSpec) => Resource | undefined,
  namedMoves: readonly NamedMove[] = [],
): Promise<string | undefined> {
  const stop = (why: string): undefined => {
    reach.stop(why);
    return undefined;
  };
  // The counted item named is one of the run's own where it can be made: no one else's items move
  // its counts meanwhile (else a count that differs is only noted).
  const ownNamed = await ownItemToName(own, counted, rules[0]!, resourceOf, context, runner);
  const { parent, members } = await countedParent(own, counted, ownNamed, context, runner);
  if (!parent) return stop(`no parent of ${counted.path} could be found or made`);
  const probe = await runner.make(counted, {
    what: `to count in ${own.path}`,
    purpose: 'state counts',
    parent,
    ...(members ? { members } : {}),
  });
  if (!('made' in probe)) return stop(`no ${counted.path} item could be made: ${probe.refused}`);
  const params = countedAt(probe.made.item, rules[0]!, own, context, probe.made.parent);
  if (!params) return stop(`the ${counted.path} item made names no ${own.path} item`);
  const stateMember = rules[0]!.stateMember;
  const start = probe.made.item[stateMember];
  const taken = actions.filter(
    (action) =>
      action.member === stateMember &&
      (action.from === undefined || action.from.includes(String(start))) &&
      !done.has(action.verb),
  );
  const reads = [...new Set(rules.map((rule) => (rule.read ? `${rule.read.method} ${rule.read.path}` : 'own')))].map(
    (key) => {
      const operation =
        key === 'own' ? own.read!.operation : rules.find((rule) => rule.read && key.endsWith(rule.read.path))!.read!;
      return {
        rules: counts(rules, key),
        readCase: context.testCase(operation, {
          kind: 'positive',
          plain: true,
          pathParams: params,
          what: 'to read its counts',
        }),
      };
    },
  );
  const readAll = async (): Promise<Counts[] | undefined> => {
    const all: Counts[] = [];
    for (const { rules: some, readCase } of reads) {
      const exchange = await runner.send(readCase);
      if (!exchange?.ok || exchange.response.status >= 300) return undefined;
      const parsed = parseBody(exchange);
      const item = countsHolder(
        parsed.kind === 'json' ? parsed.value : undefined,
        some.map((rule) => rule.member),
      );
      const values: Counts = {};
      for (const rule of some)
        if (typeof item?.[rule.member] === 'number') values[rule.member] = item[rule.member] as number;
      all.push(values);
    }
    return all;
  };
  // Judged reads: each count as the step leaves it; read again a second later where it differs.
  const judge = async (before: Counts[], item: Item, from: unknown, to: unknown, how: string) => {
    const expected = reads.map(({ rules: some }, index) => {
      const values: Record<string, { expected: number; words: string }> = {};
      for (const rule of some) {
        const was = before[index]?.[rule.member];
        const weight = weightOf(item, rule, params, own.read!.parameter);
        if (was === undefined || Number.isNaN(weight)) continue;
        const counted = (state: unknown) => (rule.states.includes(String(state)) ? weight : 0);
        values[rule.member] = { expected: was + counted(to) - counted(from), words: rule.words };
      }
      return values;
    });
    const now = await readAll();
    const differs = now?.some((values, index) =>
      Object.entries(expected[index]!).some(([member, { expected: want }]) => values[member] !== want),
    );
    // A count others may move is judged exactly where it held still for a second before the step
    // and for a second after it: the difference is then the step's.
    let quiet = false;
    if (differs) {
      await sleep(SETTLE_MS);
      const settled = await readAll();
      await sleep(SETTLE_MS);
      quiet = quietBefore && same(settled, await readAll());
    }
    for (const [index, { readCase }] of reads.entries())
      await runner.execute(readCase, {
        collection: own,
        sequence: {
          idiom: { idiom: 'state-counts', expected: expected[index], how, exact: ownNamed !== undefined || quiet },
        },
      });
  };
  // Whether the counts held still for a second right before the step (read twice, a second apart).
  let quietBefore = false;
  const beforeStep = async (): Promise<Counts[] | undefined> => {
    const earlier = ownNamed ? undefined : await readAll();
    if (earlier) await sleep(SETTLE_MS);
    const before = await readAll();
    quietBefore = earlier !== undefined && same(earlier, before);
    return before;
  };
  for (const action of taken.length > 0 ? taken : done.has(CREATED) ? [] : [undefined]) {
    if (runner.stopped()) return;
    const before = await beforeStep();
    if (!before) return stop(`the ${own.path} item's counts could not be read`);
    const item = await another(probe.made, rules[0]!, counted, context, runner);
    if (!item) return `a second ${counted.path} item like the first was refused`;
    const state = item[stateMember];
    await judge(before, item, undefined, state, `a new ${counted.path} item ${JSON.stringify(state)}`);
    done.add(CREATED);
    reach.done(CREATED);
    if (!action) continue;
    const afterCreation = await beforeStep();
    const parameter = counted.read?.parameter ?? counted.remove?.parameter;
    const id = item[counted.idProperty];
    if (!afterCreation || !parameter || id === undefined) continue;
    const answer = await runner.send(
      context.testCase(action.operation, {
        kind: 'positive',
        plain: true,
        pathParams: { ...probe.made.parent, [parameter]: String(id) },
        what: `to move a counted item by ${action.verb}`,
      }),
    );
    if (!answer?.ok || answer.response.status >= 300) {
      reach.skip(
        moved(action.verb),
        `${action.verb} was refused (${answer?.ok ? answer.response.status : 'no answer'})`,
      );
      done.add(action.verb);
      continue;
    }
    await judge(
      afterCreation,
      item,
      state,
      action.target,
      `${action.verb} of a ${counted.path} item ${JSON.stringify(state)}`,
    );
    done.add(action.verb);
    reach.done(moved(action.verb));
  }
  // Actions from a later state (a work order's `complete`): on a new item moved there first.
  const later = actions.filter(
    (action) =>
      action.member === stateMember &&
      action.from !== undefined &&
      !action.from.includes(String(start)) &&
      !done.has(action.verb),
  );
  for (const action of later) done.add(action.verb);
  const parts = { counted, rule: rules[0]!, probe: probe.made, actions, context, runner, reach, stepOf: moved };
  await chainedCounts(later, { ...parts, beforeStep, judge });
  // Moves an action of another collection makes ("every tool on it becomes `reserved`"): a new
  // counted item, an item of that collection naming it, the action taken there.
  for (const { resource, effect } of namedMoves) {
    const step = movedBy(resource, effect);
    if (runner.stopped() || done.has(step)) continue;
    done.add(step);
    const item = await another(probe.made, rules[0]!, counted, context, runner);
    const id = item?.[counted.idProperty];
    if (!item || id === undefined) {
      reach.skip(step, `a ${counted.path} item like the probe was refused`);
      continue;
    }
    const naming = await namingItem(effect, id, `state counts ${effect.verb}`, { resource, context, runner });
    const action = resource.idioms.actions?.find((one) => one.verb === effect.verb);
    if ('why' in naming || !action) {
      reach.skip(step, 'why' in naming ? (naming.why ?? '') : `no action ${effect.verb}`);
      continue;
    }
    const before = await beforeStep();
    if (!before) return stop(`the ${own.path} item's counts could not be read`);
    const answer = await runner.send(
      context.testCase(action.operation, {
        kind: 'positive',
        plain: true,
        pathParams: naming.target.at,
        what: `to ${effect.verb} an item naming a counted item`,
      }),
    );
    if (!answer?.ok || answer.response.status >= 300) {
      reach.skip(step, `${effect.verb} was refused (${answer?.ok ? answer.response.status : 'no answer'})`);
      continue;
    }
    await judge(
      before,
      item,
      item[stateMember],
      effect.to,
      `${effect.verb} of a ${resource.collection.path} item naming it`,
    );
    reach.done(step);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const same = (a: Counts[] | undefined, b: Counts[] | undefined) =>
  a !== undefined && b !== undefined && JSON.stringify(a) === JSON.stringify(b);
