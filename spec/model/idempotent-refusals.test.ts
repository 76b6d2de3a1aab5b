// Words that say a refused request leaves its idempotency key free, however they put it; words that
// say nothing of refusals, or keep the key, are no such rule.
import { describe, expect, it } from 'vitest';
import type { Operation } from '../contract/types.js';
import { refusalsLeaveKeyFree } from './idempotent-refusals.js';

const said = (description: string) => refusalsLeaveKeyFree({ description } as unknown as Operation);

describe('a refused request and its idempotency key', () => {
  it.each([
    'A request refused for any reason does not store its key.',
    'Keys of failed requests are not saved.',
    'Only a request answered with 201 claims a key: a key sent with a refused request stays free.',
  ])('reads "%s"', (words) => {
    expect(said(`Creates a loan. ${words}`)).toBe(words);
  });

  it.each([
    'A replay with the same key answers the first loan.',
    'A key sent with a refused request is kept for 24 hours.',
  ])('reads nothing from "%s"', (words) => {
    expect(said(words)).toBeUndefined();
  });
});
