// The words of a finding say only what is true of its exchange: no empty parentheses where the
// document lists no status of the kind, no credentials where none were sent, no 1xx as a success.
import { describe, expect, it } from 'vitest';
import { describeFinding, finding } from './findings.js';

describe('the words of a finding', () => {
  it('name the documented statuses only where there are some', () => {
    expect(
      describeFinding(finding('invalid_input_accepted', { status: 201, mutation: 'x is missing', documented: [] }))
        .message,
    ).toBe('Received: 201 for input where x is missing / Expected: a 4xx');
    expect(
      describeFinding(finding('invalid_input_accepted', { status: 201, mutation: 'x is missing', documented: [400] }))
        .message,
    ).toBe('Received: 201 for input where x is missing / Expected: a documented 4xx (400)');
  });

  it('speak of valid credentials only where the request sent some', () => {
    const without = finding('valid_input_refused', { status: 400, documented: [200], credentials: false });
    expect(describeFinding(without).message).toBe('Received: 400 / Expected: a 2xx (200) for schema-valid input');
    const withKey = finding('valid_input_refused', { status: 400, documented: [200], credentials: true });
    expect(describeFinding(withKey).message).toContain('for schema-valid input with valid credentials');
  });
});
