// A page token the run made up, taken where the words say such a token is refused ("An unknown or
// malformed cursor answers 400"): the service pages from a token it never gave.
import { madeUpCursorStatus, overviewOf } from '../../spec/index.js';
import type { CheckContext, Finding } from '../model.js';
import { finding } from './findings.js';

export function madeUpCursorTaken(context: CheckContext, parameter: string | undefined, status: number): Finding[] {
  if (parameter === undefined || status >= 300) return [];
  const expected = madeUpCursorStatus(context.testCase.operation, parameter, overviewOf(context.contract));
  return expected !== undefined ? [finding('made_up_cursor_taken', { status, parameter, expected })] : [];
}
