// A paged list's envelope that names the paging values it used (`{items, total, offset, limit}`):
// the limit and the offset it echoes are the ones sent, else the parameters' documented defaults; and
// a list asked without a limit holds no more items than the default limit. Judged on every answer of
// the list; a value sent out of its bounds (a limit a service may clamp) is not judged.
import { listedItems, type ParameterSpec, propertiesOf } from '../../spec/index.js';
import type { CheckContext, Finding } from '../model.js';
import { finding } from './findings.js';
import { asObject } from './json-body.js';

type Schema = Record<string, unknown>;

/** The value a paging parameter was used with: the one sent where it is in bounds, else its default
 * where it was not sent (undefined: not judged). */
function usedValue(context: CheckContext, parameter: ParameterSpec): number | undefined {
  const schema = parameter.validator.schema as Schema;
  const sent = context.testCase.parameters?.filter((p) => p.in === 'query' && p.name === parameter.name) ?? [];
  if (sent.length === 0) return typeof schema.default === 'number' ? schema.default : undefined;
  if (sent.length > 1 || context.testCase.pastMaximum?.parameter === parameter.name) return undefined;
  const text = String(sent[0]!.value);
  if (!/^-?\d{1,9}$/.test(text)) return undefined;
  const value = Number(text);
  const inBounds =
    (typeof schema.minimum !== 'number' || value >= schema.minimum) &&
    (typeof schema.maximum !== 'number' || value <= schema.maximum);
  return inBounds && parameter.validator.validate(value).length === 0 ? value : undefined;
}

export function pageEchoFindings(context: CheckContext): Finding[] {
  const list = context.collection?.list;
  const { testCase, exchange } = context;
  if (!list || list.operation !== testCase.operation || testCase.kind !== 'positive') return [];
  if (!exchange.ok || exchange.response.status >= 300 || context.body.kind !== 'json') return [];
  const envelope = asObject(context.body.value);
  // A bare array echoes nothing, yet holds no more than the default either, where it can be walked
  // (a limit alone, with no page or cursor to go on with, may answer every item).
  const walked = list.paging.style !== 'limit' && list.paging.style !== 'none';
  if (!envelope) return walked ? overDefault(context) : [];
  const declared = propertiesOf(list.success.schema);
  const names = [list.paging.limit?.name, list.paging.style === 'offset' ? list.paging.parameter : undefined];
  const found: Finding[] = [];
  for (const name of names) {
    const parameter = name ? testCase.operation.parameters.find((p) => p.in === 'query' && p.name === name) : undefined;
    if (!parameter || !(parameter.name in declared) || typeof envelope[parameter.name] !== 'number') continue;
    const expected = usedValue(context, parameter);
    const got = envelope[parameter.name];
    if (expected === undefined || got === expected) continue;
    const sent = testCase.parameters?.some((p) => p.in === 'query' && p.name === parameter.name);
    found.push(finding('page_echo_off', { member: parameter.name, got, expected, how: sent ? 'sent' : 'default' }));
  }
  return [...found, ...overDefault(context)];
}

/** A list asked without a limit: no more items than the limit's documented default. */
function overDefault(context: CheckContext): Finding[] {
  const limit = context.collection?.list?.paging.limit;
  const asked = context.testCase.parameters?.some((p) => p.in === 'query' && p.name === limit?.name);
  if (!limit || limit.default === undefined || asked) return [];
  const items = listedItems(context.collection, context.body.kind === 'json' ? context.body.value : undefined);
  return items && items.length > limit.default
    ? [finding('page_over_default_limit', { count: items.length, limit: limit.default, parameter: limit.name })]
    : [];
}
