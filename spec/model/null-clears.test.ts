// Members a change's words say a null clears: read from the member's own words and from the change's
// sentences naming it; words that deny a null, or say nothing of one, give none.
import { describe, expect, it } from 'vitest';
import type { Operation } from '../contract/types.js';
import { membersNullClears } from './null-clears.js';

const schema = (memo: string) => ({
  type: 'object',
  properties: { memo: { type: 'string', nullable: true, description: memo }, title: { type: 'string' } },
});
const change = (description: string) => ({ method: 'PATCH', path: '/x/{id}', description }) as unknown as Operation;

describe('membersNullClears', () => {
  it("reads the member's own words: send `null` to unassign", () => {
    expect([...membersNullClears(change(''), schema('Who works on it; send `null` to unassign.'), undefined)]).toEqual([
      'memo',
    ]);
  });

  it("reads the change's sentence naming the member: a member set to null is cleared", () => {
    const words = 'A member that is absent stays unchanged; a member set to `null` (`memo`) is cleared to `null`.';
    expect([...membersNullClears(change(words), schema('A note.'), undefined)]).toEqual(['memo']);
  });

  it('reads none where the words deny a null or say nothing of one', () => {
    expect([...membersNullClears(change('Changes `memo`.'), schema('A note.'), undefined)]).toEqual([]);
    expect([
      ...membersNullClears(change(''), schema('Never null; send `null` to reset is refused.'), undefined),
    ]).toEqual([]);
  });
});
