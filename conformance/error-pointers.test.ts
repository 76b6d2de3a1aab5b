// Where a refusal points: RFC 9457 `errors[].pointer`, JSON:API `source.pointer` and `details[].field`
// entries, read down to the member they name; a refusal of one member that points only elsewhere.
import { describe, expect, it } from 'vitest';
import { pointedMembers, pointsElsewhere } from './judge/error-pointers.js';

describe('error pointers', () => {
  it('reads the member each entry names, whatever the error shape', () => {
    expect(pointedMembers({ errors: [{ pointer: '/roomNo', detail: 'no such room' }] })).toEqual(['roomNo']);
    expect(pointedMembers({ errors: [{ source: { pointer: '/data/attributes/title' } }] })).toEqual(['title']);
    expect(pointedMembers({ error: { details: [{ field: 'lines[1].sku', issue: 'unknown' }] } })).toEqual(['sku']);
    expect(pointedMembers({ errors: [{ pointer: '/lines/0/sku' }] })).toEqual(['sku']);
    expect(pointedMembers({ error: { code: 'invalid', message: 'no such user', target: 'assignee' } })).toEqual([
      'assignee',
    ]);
    expect(pointedMembers({ message: 'no pointers here' })).toEqual([]);
  });

  it('names a refusal that points only at other members, and not one that points nowhere', () => {
    expect(pointsElsewhere({ errors: [{ pointer: '/guestId' }] }, 'roomNo')).toEqual(['guestId']);
    expect(pointsElsewhere({ errors: [{ pointer: '/guestId' }, { pointer: '/roomNo' }] }, 'roomNo')).toBeUndefined();
    expect(pointsElsewhere({ error: { details: [{ field: 'sku' }] } }, 'lines[].sku')).toBeUndefined();
    expect(pointsElsewhere({ detail: 'unknown room' }, 'roomNo')).toBeUndefined();
  });
});
