// The words that hold a job's member back until it is done, in the forms documents use.
import { describe, expect, it } from 'vitest';
import { HELD_BACK_UNTIL_DONE } from './held-back.js';

describe("words that hold a job's member back until it is done", () => {
  it.each([
    'The file, `null` until the job is `done`.',
    'Only present when the state is `done`.',
    'Null while pending; the export once done.',
    'Absent as long as the job runs.',
  ])('reads "%s"', (words) => {
    expect(HELD_BACK_UNTIL_DONE.test(words)).toBe(true);
  });

  it.each(['The export.', 'May be null.', 'Null for a job with no workspace.'])('reads none in "%s"', (words) => {
    expect(HELD_BACK_UNTIL_DONE.test(words)).toBe(false);
  });
});
