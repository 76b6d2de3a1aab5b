// Entries an answer's list member holds twice where the words keep them one per value ("`lines` holds
// at most one line per `sku`"): judged on every 2xx JSON answer, by the documented response's schema
// (its rules read once per schema).
import { uniqueEntriesOf } from '../../spec/index.js';
import type { CheckContext, Finding } from '../model.js';
import { finding } from './findings.js';
import { isJsonObject } from './json-body.js';

export function uniqueEntryFindings(context: CheckContext): Finding[] {
  const { exchange, body, response } = context;
  if (!exchange.ok || exchange.response.status >= 300 || body.kind !== 'json' || !isJsonObject(body.value)) return [];
  const schema = response?.content.find((media) => media.validator)?.validator?.schema;
  const item = body.value;
  return uniqueEntriesOf(schema).flatMap((rule) => {
    const entries = item[rule.member];
    if (!Array.isArray(entries)) return [];
    const counts = new Map<string, number>();
    for (const entry of entries)
      if (isJsonObject(entry) && entry[rule.key] !== undefined) {
        const value = JSON.stringify(entry[rule.key]);
        counts.set(value, (counts.get(value) ?? 0) + 1);
      }
    const [value, count] = [...counts].find(([, seen]) => seen > 1) ?? [];
    return value === undefined ? [] : [finding('entries_not_unique', { ...rule, value: JSON.parse(value), count })];
  });
}
