// A list whose words give its order ("ordered by ISBN ascending") answers its items in that order.
// Judged on every answer of the list where the request sends no parameter that may choose another
// order (sort, order_by): neighbours compared as numbers, instants or text, and text out of order
// only where both code-unit and case-blind order say so (collations differ; neither is wrong).
import { type ListOrder, listedItems } from '../../spec/index.js';
import type { CheckContext, Finding } from '../model.js';
import { finding } from './findings.js';

const CHOOSES_ORDER = /sort|order|direction/i;
const INSTANT = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}/;

/** Negative where a comes first, positive where b does, 0 for ties; undefined where the two cannot
 * be ordered (nulls, other types, text whose collations disagree). */
function compare(a: unknown, b: unknown): number | undefined {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a !== 'string' || typeof b !== 'string') return undefined;
  if (INSTANT.test(a) && INSTANT.test(b)) {
    const [x, y] = [Date.parse(a), Date.parse(b)];
    if (!Number.isNaN(x) && !Number.isNaN(y)) return x - y;
  }
  const units = a < b ? -1 : a > b ? 1 : 0;
  const blind = a.localeCompare(b, 'en', { sensitivity: 'base', numeric: false });
  return Math.sign(units) === Math.sign(blind) ? units : undefined;
}

/** The first neighbours of a list answer out of its documented order, as a finding. */
export function listOrderFindings(context: CheckContext): Finding[] | undefined {
  const list = context.collection?.list;
  const order: ListOrder | undefined = list?.order;
  const { testCase, exchange, body } = context;
  if (!list || !order || testCase.operation !== list.operation || testCase.kind !== 'positive') return undefined;
  if (!exchange.ok || exchange.response.status >= 300 || body.kind !== 'json') return undefined;
  if ((testCase.parameters ?? []).some((p) => p.in === 'query' && CHOOSES_ORDER.test(p.name))) return undefined;
  const items = listedItems(context.collection, body.value);
  if (!items) return undefined;
  for (let at = 1; at < items.length; at++) {
    const [before, after] = [items[at - 1]?.[order.member], items[at]?.[order.member]];
    const sign = compare(before, after);
    if (sign !== undefined && (order.descending ? sign < 0 : sign > 0))
      return [
        finding('list_out_of_order', {
          member: order.member,
          direction: order.descending ? 'descending' : 'ascending',
          words: order.words,
          position: at,
          before,
          after,
        }),
      ];
  }
  return [];
}
