// The JSON report: the run result with a format version, so readers can check what they parse.
import type { RunResult } from '../run.js';

export const JSON_REPORT_VERSION = 1;

export function jsonReport(result: RunResult): string {
  const { violations, notes, ...run } = result;
  return `${JSON.stringify({ reportVersion: JSON_REPORT_VERSION, tool: 'pet-catalog-conformance', ...run, violations, notes }, null, 2)}\n`;
}
