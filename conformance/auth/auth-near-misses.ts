// Credentials that are almost right, and the key where the document does not put it: what a
// server that compares loosely, or reads keys from places it was never told of, lets in.
import type { SecuritySchemeSpec } from '../../spec/index.js';
import type { AuthVariant, Credential } from '../model.js';

/** A secret as sent and as a shell writes it (its variable). */
interface Secret {
  readonly value: string;
  readonly shell: string;
}

function swapCase(value: string): string {
  return [...value].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join('');
}

/** Near misses of a secret: a character added or removed, the letter case changed. */
export function nearMisses(secret: Secret, variable: string): Array<{ id: string; label: string; raw: Secret }> {
  const misses = [
    {
      id: 'key-plus-one',
      label: 'the key with a character added',
      raw: { value: `${secret.value}x`, shell: `${secret.shell}x` },
    },
  ];
  if ([...secret.value].length > 1) {
    const shell = `\${${variable}%?}`;
    misses.push({
      id: 'key-minus-one',
      label: 'the key with its last character removed',
      raw: { value: secret.value.slice(0, -1), shell },
    });
  }
  // A server that reads only the first word after the scheme, or compares a prefix, takes these.
  misses.push({
    id: 'key-plus-words',
    label: 'the key followed by more words',
    raw: { value: `${secret.value} extra words`, shell: `${secret.shell} extra words` },
  });
  const length = [...secret.value].length;
  if (length >= 8) {
    // Same length, the last three characters rotated: a server comparing only a prefix takes it.
    const rotate = (c: string) =>
      c === 'z'
        ? 'a'
        : c === 'Z'
          ? 'A'
          : c === '9'
            ? '0'
            : /[a-y0-8A-Y]/.test(c)
              ? String.fromCharCode(c.charCodeAt(0) + 1)
              : c;
    const changed = [...secret.value]
      .slice(-3)
      .map((c) => rotate(c))
      .join('');
    const tail = [...secret.value].slice(-3).join('');
    if (changed !== tail) {
      misses.push({
        id: 'key-end-changed',
        label: 'the key with its last three characters changed',
        raw: {
          value: [...secret.value].slice(0, -3).join('') + changed,
          shell: `\${${variable}%???}$(printf %s "\${${variable}: -3}" | tr 'a-yzA-YZ0-89' 'b-zaB-ZA1-90')`,
        },
      });
    }
    misses.push({
      id: 'key-half',
      label: 'the first half of the key',
      raw: {
        value: [...secret.value].slice(0, Math.ceil(length / 2)).join(''),
        shell: `\${${variable}:0:${Math.ceil(length / 2)}}`,
      },
    });
  }
  if (swapCase(secret.value) !== secret.value) {
    const shell = `$(printf %s "${secret.shell}" | tr 'a-zA-Z' 'A-Za-z')`;
    misses.push({
      id: 'key-case-changed',
      label: 'the key with its letter case changed',
      raw: { value: swapCase(secret.value), shell },
    });
  }
  return misses;
}

export function percentEncoded(value: string): string {
  return [...Buffer.from(value, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
}

export function percentEncodedShell(shell: string): string {
  return `$(printf %s "${shell}" | od -An -v -tx1 | tr -d ' \\n' | sed 's/../%&/g')`;
}

// Where frameworks and gateways look for a key when told to: a server that reads one the document
// does not declare, beside the one it does, lets a request without the declared credential in.
const UNDECLARED_CARRIERS: ReadonlyArray<Pick<Credential, 'in' | 'name'>> = [
  { in: 'header', name: 'x-api-key' },
  { in: 'query', name: 'api_key' },
  { in: 'query', name: 'access_token' },
];

/** The key in carriers none of the operation's schemes declares, with no declared credential. */
export function undeclaredCarriers(schemes: readonly SecuritySchemeSpec[], secret: Secret): AuthVariant[] {
  const declared = (carrier: Pick<Credential, 'in' | 'name'>) =>
    schemes.some(
      (scheme) => scheme.in === carrier.in && scheme.parameterName?.toLowerCase() === carrier.name.toLowerCase(),
    );
  return UNDECLARED_CARRIERS.filter((carrier) => !declared(carrier)).flatMap((carrier) => [
    {
      id: `undeclared-${carrier.in}-${carrier.name}`,
      label: `the key only in the ${carrier.in} ${carrier.name}, which the document does not declare`,
      credentials: [{ ...carrier, value: secret.value, shell: secret.shell }],
    },
    {
      id: `undeclared-wrong-${carrier.in}-${carrier.name}`,
      label: `a wrong key only in the ${carrier.in} ${carrier.name}, which the document does not declare`,
      credentials: [{ ...carrier, value: WRONG_KEY, shell: WRONG_KEY }],
    },
  ]);
}

/** A key no service issues, for the carriers the document does not declare. */
const WRONG_KEY = 'conformance-wrong-key-0000';

/** Whether a case carries the valid key in a carrier the document does not declare. */
export const validKeyUndeclared = (variantId: string): boolean =>
  variantId.startsWith('undeclared-') && !variantId.startsWith('undeclared-wrong-');
