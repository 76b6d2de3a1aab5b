// The filters of a list judged on an item: the list filtered by each member the model reads a
// filter for, at the item's value (the idiom scenario's item, or an item a read-only list holds).
import { listedItems, type Resource } from '../../../spec/index.js';
import { parseBody } from '../../judge/evaluate.js';
import type { IdiomEvidence } from '../../model.js';
import type { PlanContext } from '../context.js';
import { walkPages, withLargePages } from './pages.js';
import type { SequenceRunner } from './sequences.js';

/** The list filtered by each member the model reads a filter for, at the created item's value:
 * only matching items, the created one among them where the walk reached the end. */
export async function checkFilters(
  resource: Resource,
  item: Record<string, unknown>,
  parent: Readonly<Record<string, string>>,
  context: PlanContext,
  runner: SequenceRunner,
  id: string,
): Promise<void> {
  const { collection } = resource;
  const list = collection.list;
  for (const filter of list?.filters ?? []) {
    const held = item[filter.parameter];
    // A list member is filtered by one value it holds (one value: "any" and "all" agree).
    const value = filter.contains ? (Array.isArray(held) ? held[0] : undefined) : held;
    if (!list || value === undefined || value === null || runner.stopped()) continue;
    const base = context.testCase(list.operation, {
      kind: 'positive',
      plain: true,
      pathParams: parent,
      what: `filtered by ${filter.parameter}`,
    });
    const kept = (base.parameters ?? []).filter((p) => !(p.in === 'query' && p.name === filter.parameter));
    const listCase = withLargePages(collection, {
      ...base,
      parameters: [...kept, { in: 'query', name: filter.parameter, value: String(value) }],
    });
    const exchange = await runner.send(listCase);
    if (!exchange) continue;
    const body = parseBody(exchange);
    const items = body.kind === 'json' ? listedItems(collection, body.value) : undefined;
    if (!items) continue;
    const walked = await walkPages(collection, listCase, { exchange, body, items }, (page) => runner.send(page));
    const evidence: IdiomEvidence = {
      idiom: 'filter',
      id,
      member: filter.parameter,
      expected: value,
      ...(filter.contains ? { contains: true } : {}),
      items: walked.items,
      complete: walked.complete,
    };
    runner.conclude(listCase, exchange, body, { collection, sequence: { idiom: evidence } });
  }
}
