// Credentials a case can carry: the valid key, or one named way of getting it wrong. Each
// variant also says how to write it in a shell, so a reproduction never holds the key itself.

import type { SecuritySchemeSpec } from '../spec/index.js';
import type { AuthVariant } from './model.js';

export const KEY_VARIABLE = 'CONFORMANCE_API_KEY';
const KEY = `$${KEY_VARIABLE}`;

export function validAuth(key: string | undefined): AuthVariant {
  return {
    id: 'valid',
    label: 'valid credentials',
    header: key === undefined ? undefined : `Bearer ${key}`,
    shell: `Bearer ${KEY}`,
  };
}

function swapCase(value: string): string {
  return [...value].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join('');
}

/** Wrong credentials for a bearer scheme, including near misses of the real key. */
export function invalidAuthVariants(key: string | undefined, scheme: SecuritySchemeSpec | undefined): AuthVariant[] {
  const name = scheme?.scheme === 'bearer' || !scheme ? 'Bearer' : scheme.scheme;
  const variants: AuthVariant[] = [
    { id: 'missing', label: 'no Authorization header', header: undefined, shell: undefined },
    {
      id: 'wrong-key',
      label: 'an unknown key',
      header: `${name} conformance-invalid-key-0000`,
      shell: `${name} conformance-invalid-key-0000`,
    },
    { id: 'empty-credential', label: `the ${name} scheme with no key`, header: name, shell: name },
  ];
  if (key !== undefined && key !== '') {
    variants.push(
      {
        id: 'other-scheme',
        label: 'the key under another scheme (Token)',
        header: `Token ${key}`,
        shell: `Token ${KEY}`,
      },
      { id: 'no-scheme', label: 'the key without a scheme', header: key, shell: KEY },
      {
        id: 'key-plus-one',
        label: 'the key with a character added',
        header: `${name} ${key}x`,
        shell: `${name} ${KEY}x`,
      },
    );
    if ([...key].length > 1) {
      variants.push({
        id: 'key-minus-one',
        label: 'the key with its last character removed',
        header: `${name} ${key.slice(0, -1)}`,
        shell: `${name} \${${KEY_VARIABLE}%?}`,
      });
    }
    if (swapCase(key) !== key) {
      variants.push({
        id: 'key-case-changed',
        label: 'the key with its letter case changed',
        header: `${name} ${swapCase(key)}`,
        shell: `${name} $(printf %s "${KEY}" | tr 'a-zA-Z' 'A-Za-z')`,
      });
    }
  }
  return variants;
}
