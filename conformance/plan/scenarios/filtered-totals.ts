// A filtered list's total counts what the filter matches ("`totalItems` is the number of rentals
// matching the filter"): once the run's writes are done, the list is walked filtered by each filter
// at the value its items hold least often (the value where a total of every item differs most) and at
// one of its values no item holds, and the total every page states must be the number of items the walk held (list_total_mismatch).
import { type CollectionSpec, listedItems } from '../../../spec/index.js';
import { parseBody } from '../../judge/evaluate.js';
import type { WalkEvidence } from '../../model.js';
import type { PlanContext } from '../context.js';
import { carries } from '../serialize.js';
import { walkPages, withSmallPages } from './pages.js';
import type { SequenceRunner } from './sequences.js';

type Item = Record<string, unknown>;

/** The value of the member the fewest of the items hold (at least one does), as query text. */
function rarestValue(items: readonly Item[], member: string): string | undefined {
  const counts = new Map<string, number>();
  for (const item of items) {
    const value = item[member];
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      counts.set(String(value), (counts.get(String(value)) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => a[1] - b[1])[0]?.[0];
}

/** A value the filter takes that none of the items holds: the walk holds nothing, so a total that
 * counts past the filter shows even where every item is in one state. */
function unheldValue(
  items: readonly Item[],
  filter: { parameter: string; values: readonly unknown[] },
): string | undefined {
  const held = new Set(items.map((item) => String(item[filter.parameter])));
  const value = filter.values.find((candidate) => !held.has(String(candidate)));
  return value === undefined ? undefined : String(value);
}

export async function walkFilteredTotals(
  collection: CollectionSpec,
  context: PlanContext,
  runner: SequenceRunner,
  parent: Readonly<Record<string, string>>,
  items: readonly Item[],
): Promise<void> {
  const list = collection.list;
  const paging = list?.paging;
  if (!list || !paging || (!paging.total && !paging.totalHeader) || paging.style === 'none') return;
  const valuesOf = (filter: (typeof list.filters)[number]) =>
    filter.contains ? [] : [rarestValue(items, filter.parameter), unheldValue(items, filter)];
  for (const [filter, value] of list.filters.flatMap((filter) => valuesOf(filter).map((v) => [filter, v] as const))) {
    if (value === undefined || runner.stopped()) continue;
    const base = context.testCase(list.operation, {
      kind: 'positive',
      plain: true,
      pathParams: parent,
      what: `filtered by ${filter.parameter} ${value}, walked to its end for its total`,
    });
    const kept = (base.parameters ?? []).filter((p) => !carries(p, { in: 'query', name: filter.parameter }));
    const listCase = withSmallPages(collection, {
      ...base,
      parameters: [...kept, { in: 'query', name: filter.parameter, value }],
    });
    const exchange = await runner.send(listCase);
    if (!exchange) continue;
    const body = parseBody(exchange);
    const first = body.kind === 'json' ? listedItems(collection, body.value) : undefined;
    if (!first || !exchange.ok || exchange.response.status >= 300) continue;
    const walked = await walkPages(collection, listCase, { exchange, body, items: first }, (page) => runner.send(page));
    const walk: WalkEvidence = {
      count: walked.items.length,
      complete: walked.complete,
      totals: walked.totals,
      settled: true,
    };
    runner.conclude(listCase, exchange, body, { collection, sequence: { creations: [], after: walked.items, walk } });
  }
}
