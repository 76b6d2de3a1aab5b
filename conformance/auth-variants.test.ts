// Wrong credentials are written for a shell without the secret; evaluated with the secret in its
// variable, each shell form gives exactly the value that was sent.
import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadContract } from '../spec/index.js';
import { invalidAuthVariants, validAuth } from './auth/auth-variants.js';
import { createRedactor } from './report/redact.js';

const contract = await loadContract();
const operation = contract.operations.find((o) => o.id === 'listCategories')!;

function shellValue(shell: string, key: string): string {
  return execFileSync('bash', ['--norc', '-c', `printf %s "${shell}"`], {
    env: { PATH: process.env.PATH, CONFORMANCE_API_KEY: key },
  }).toString();
}

describe('wrong credentials', () => {
  it('include the key with more words, with its end changed, its first half, and browser headers', () => {
    const ids = invalidAuthVariants(operation, { apiKey: 'abcdefgh-1234' }).map((v) => v.id);
    expect(ids).toEqual(
      expect.arrayContaining(['key-plus-words', 'key-end-changed', 'key-half', 'wrong-key+browser', 'missing+browser']),
    );
  });

  it('reproduce in bash from the variable, and no printed form holds the key', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9_-]{8,40}$/), (key) => {
        const redact = createRedactor(key);
        for (const variant of invalidAuthVariants(operation, { apiKey: key })) {
          for (const credential of variant.credentials) {
            expect(shellValue(credential.shell, key)).toBe(credential.value);
            expect(redact(credential.shell)).toBe(credential.shell);
            expect(redact(credential.value)).not.toContain(key.slice(0, -3));
          }
        }
      }),
      { numRuns: 15 },
    );
  });

  it("leave the user's own texts whole where a near miss of the key is part of them (a replay's --spec)", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]{4,8}-[a-z]{3,8}-[a-z0-9]{1,4}$/), (key) => {
        const half = [...key].slice(0, Math.ceil(key.length / 2)).join('');
        const spec = `/tmp/${half}docs/openapi.yaml`;
        const redact = createRedactor(key, [], [spec, 'http://127.0.0.1:1/v1']);
        const replay = `npm run conformance -- --spec '${spec}' --base-url 'http://127.0.0.1:1/v1'`;
        expect(redact(replay)).toBe(replay);
        // Elsewhere, the near miss and the key stay hidden; a given text holding the key is no shelter.
        expect(redact(`Authorization: Bearer ${half}`)).toBe('Authorization: Bearer [REDACTED]');
        expect(createRedactor(key, [], [`/tmp/${key}/a.yaml`])(`/tmp/${key}/a.yaml`)).not.toContain(key);
      }),
      { numRuns: 30 },
    );
  });

  it('reproduce in every scheme of a document that uses them all (bearer, basic, apiKey header, query, cookie)', async () => {
    const shop = await loadContract(new URL('../fixtures/documents/shop-openapi.yaml', import.meta.url).pathname);
    const key = 'shop-Key-0123456789-abcdefghijklmnopqrstuvwxyz-0123456789-long-enough-to-wrap';
    const redact = createRedactor(key);
    let checked = 0;
    for (const op of shop.operations) {
      for (const variant of [validAuth(op, { apiKey: key }), ...invalidAuthVariants(op, { apiKey: key })]) {
        for (const credential of variant.credentials) {
          expect(shellValue(credential.shell, key), `${op.id} ${variant.id}`).toBe(credential.value);
          expect(redact(credential.shell)).toBe(credential.shell);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(50);
  });
});
