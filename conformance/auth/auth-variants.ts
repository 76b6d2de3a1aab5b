// Credentials a case can carry: valid ones for the operation's security, or one named way of
// getting them wrong, each in the scheme's own place (Authorization header, API-key header, query
// or cookie). Each credential also says how to write it in a shell, so a reproduction never holds
// the secret itself.
import type { Operation, SecuritySchemeSpec } from '../../spec/index.js';
import type { AuthVariant, Credential } from '../model.js';
import { nearMisses, percentEncoded, percentEncodedShell, undeclaredCarriers } from './auth-near-misses.js';

export const KEY_VARIABLE = 'CONFORMANCE_API_KEY';
/** The variable of the second credential (--other-api-key): another user, for object-level authorization. */
export const OTHER_KEY_VARIABLE = 'CONFORMANCE_OTHER_API_KEY';

/** The environment variable that holds a scheme's credential: CONFORMANCE_AUTH_<NAME>. */
export function authVariable(schemeName: string): string {
  return `CONFORMANCE_AUTH_${schemeName.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
}

export interface Secret {
  readonly value: string;
  /** The same value as a shell expression: "$CONFORMANCE_API_KEY". */
  readonly shell: string;
}

/** Where credentials come from: --auth NAME=VALUE per scheme, else the API key for every scheme. */
export interface SecretSource {
  readonly apiKey?: string;
  readonly auth?: Readonly<Record<string, string>>;
}

export function secretFor(source: SecretSource, scheme: SecuritySchemeSpec): Secret | undefined {
  const given = source.auth?.[scheme.name];
  // Braced, so text written right after the variable (a near miss's extra character) stays apart.
  if (given !== undefined) return { value: given, shell: `\${${authVariable(scheme.name)}}` };
  if (source.apiKey !== undefined) return { value: source.apiKey, shell: `\${${KEY_VARIABLE}}` };
  return undefined;
}

/** user:password for a basic scheme; a bare key becomes the password of the user "conformance". */
function userPassword(secret: Secret): Secret {
  return secret.value.includes(':')
    ? secret
    : { value: `conformance:${secret.value}`, shell: `conformance:${secret.shell}` };
}

/** The Authorization scheme word an http-like scheme uses. */
function schemeWord(scheme: SecuritySchemeSpec): string | undefined {
  if (scheme.type === 'oauth2' || scheme.type === 'openIdConnect') return 'Bearer';
  if (scheme.type !== 'http') return undefined;
  const word = scheme.scheme ?? 'bearer';
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** A credential in the scheme's own place; `raw` is the value as the scheme carries it. */
function place(scheme: SecuritySchemeSpec, raw: Secret): Credential {
  const word = schemeWord(scheme);
  if (word === 'Basic') {
    const pair = userPassword(raw);
    const value = `Basic ${Buffer.from(pair.value).toString('base64')}`;
    return {
      in: 'header',
      name: 'authorization',
      value,
      shell: `Basic $(printf %s "${pair.shell}" | base64 | tr -d "\\n")`,
    };
  }
  if (word)
    return { in: 'header', name: 'authorization', value: `${word} ${raw.value}`, shell: `${word} ${raw.shell}` };
  const where = scheme.in === 'query' || scheme.in === 'cookie' ? scheme.in : 'header';
  const name =
    where === 'header' ? (scheme.parameterName ?? 'x-api-key').toLowerCase() : (scheme.parameterName ?? 'api_key');
  return { in: where, name, value: raw.value, shell: raw.shell };
}

const KNOWN_TYPES = new Set(['http', 'apiKey', 'oauth2', 'openIdConnect']);

/** A scheme the runner knows how to send (a requirement naming an undefined scheme says nothing). */
function checkable(scheme: SecuritySchemeSpec): boolean {
  return KNOWN_TYPES.has(scheme.type);
}

/** The requirement the runner can meet: the first alternative with a credential for every scheme. */
function satisfiable(operation: Operation, source: SecretSource): readonly SecuritySchemeSpec[] | undefined {
  return operation.security.find((alternative) =>
    alternative.every((scheme) => !checkable(scheme) || secretFor(source, scheme)),
  );
}

/** Whether the operation can be called with the credentials given (or needs none). */
export function canAuthenticate(operation: Operation, source: SecretSource): boolean {
  return operation.security.length === 0 || satisfiable(operation, source) !== undefined;
}

export function validAuth(operation: Operation, source: SecretSource): AuthVariant {
  const schemes = satisfiable(operation, source) ?? [];
  const credentials = schemes.filter(checkable).map((scheme) => place(scheme, secretFor(source, scheme)!));
  return { id: 'valid', label: 'valid credentials', credentials };
}

/** Valid credentials for each other alternative the document offers (bearer OR an API key), each
 * alone: every alternative must let the caller in, not only the one the run uses. */
export function alternativeAuths(operation: Operation, source: SecretSource): AuthVariant[] {
  const primary = satisfiable(operation, source);
  return operation.security
    .filter((alternative) => alternative !== primary && alternative.length > 0 && alternative.every(checkable))
    .filter((alternative) => alternative.every((scheme) => secretFor(source, scheme)))
    .map((alternative) => ({
      id: `valid:${alternative.map((scheme) => scheme.name).join('+')}`,
      label: `valid credentials for ${alternative.map((scheme) => scheme.name).join(' and ')} alone`,
      credentials: alternative.map((scheme) => place(scheme, secretFor(source, scheme)!)),
    }));
}

/** Valid credentials for every scheme of a requirement but the one at `index` (which goes wrong). */
function validBeside(schemes: readonly SecuritySchemeSpec[], index: number, source: SecretSource): Credential[] {
  return schemes
    .filter((_, at) => at !== index)
    .flatMap((other) => {
      const secret = secretFor(source, other);
      return secret ? [place(other, secret)] : [];
    });
}

/** Wrong credentials in each other alternative, alone: a scheme checked only for presence lets
 * any value in through that door. Two ways per scheme (an unknown key, an empty one), not every near miss. */
function otherAlternativesWrong(operation: Operation, source: SecretSource, primary: readonly SecuritySchemeSpec[]) {
  const variants: AuthVariant[] = [];
  for (const alternative of operation.security) {
    if (alternative === primary || alternative.length === 0 || !alternative.every(checkable)) continue;
    alternative.forEach((scheme, index) => {
      const others = validBeside(alternative, index, source);
      for (const wrong of wrongFor(scheme, undefined))
        variants.push({
          id: `${wrong.id}:${scheme.name}`,
          label: `${wrong.label} for ${scheme.name}, the other alternative`,
          credentials: [...others, ...(wrong.credential ? [wrong.credential] : [])],
        });
    });
  }
  return variants;
}

const UNKNOWN = { value: 'conformance-invalid-key-0000', shell: 'conformance-invalid-key-0000' };

/** Wrong credentials for one scheme, every other scheme of the requirement left valid. */
function wrongFor(
  scheme: SecuritySchemeSpec,
  secret: Secret | undefined,
): Array<{ id: string; label: string; credential?: Credential }> {
  const word = schemeWord(scheme);
  const header = (value: string, shell: string): Credential => ({ in: 'header', name: 'authorization', value, shell });
  const wrong: Array<{ id: string; label: string; credential?: Credential }> = [
    { id: 'wrong-key', label: 'an unknown key', credential: place(scheme, UNKNOWN) },
  ];
  if (word)
    wrong.push({ id: 'empty-credential', label: `the ${word} scheme with no key`, credential: header(word, word) });
  else
    wrong.push({
      id: 'empty-credential',
      label: `an empty ${scheme.parameterName ?? 'key'}`,
      credential: place(scheme, { value: '', shell: '' }),
    });
  if (secret === undefined || secret.value === '') return wrong;
  if (word) {
    wrong.push(
      {
        id: 'other-scheme',
        label: 'the key under another scheme (Token)',
        credential: header(`Token ${secret.value}`, `Token ${secret.shell}`),
      },
      { id: 'no-scheme', label: 'the key without a scheme', credential: header(secret.value, secret.shell) },
      {
        id: 'colon-after-scheme',
        label: `the key after "${word}:"`,
        credential: header(`${word}:${secret.value}`, `${word}:${secret.shell}`),
      },
      {
        id: 'key-inside-token',
        label: 'the key inside a longer token',
        credential: header(`${word} xx${secret.value}xx`, `${word} xx${secret.shell}xx`),
      },
      {
        id: 'key-percent-encoded',
        label: 'the key percent-encoded, every byte',
        credential: header(`${word} ${percentEncoded(secret.value)}`, `${word} ${percentEncodedShell(secret.shell)}`),
      },
    );
  }
  const variable = secret.shell.replace(/^\$\{|\}$/g, '');
  for (const miss of nearMisses(secret, variable))
    wrong.push({ id: miss.id, label: miss.label, credential: place(scheme, miss.raw) });
  return wrong;
}

/** Missing and wrong credentials for an operation that requires them. */
export function invalidAuthVariants(operation: Operation, source: SecretSource): AuthVariant[] {
  // Optional authentication (an empty alternative) leaves open what wrong credentials get.
  if (operation.security.length === 0 || operation.security.some((alternative) => alternative.length === 0)) return [];
  const schemes = satisfiable(operation, source) ?? operation.security[0] ?? [];
  // Wrong credentials for a scheme the document does not define prove nothing.
  if (schemes.length === 0 || !schemes.every(checkable)) return [];
  const bearerOnly = schemes.every((scheme) => schemeWord(scheme) === 'Bearer');
  const variants: AuthVariant[] = [
    { id: 'missing', label: bearerOnly ? 'no Authorization header' : 'no credentials', credentials: [] },
  ];
  schemes.forEach((scheme, index) => {
    const others = validBeside(schemes, index, source);
    const suffix = schemes.length > 1 ? ` for ${scheme.name}` : '';
    for (const wrong of wrongFor(scheme, secretFor(source, scheme))) {
      variants.push({
        id: `${wrong.id}${schemes.length > 1 ? `:${scheme.name}` : ''}`,
        label: `${wrong.label}${suffix}`,
        credentials: [...others, ...(wrong.credential ? [wrong.credential] : [])],
      });
    }
  });
  variants.push(...otherAlternativesWrong(operation, source, schemes));
  // The same wrong credentials as a page in a browser sends them: a server that lets CORS-looking
  // requests through (or answers them differently) shows here.
  const browser = variants.map((variant) => ({
    id: `${variant.id}+browser`,
    label: `${variant.label}, with a browser's headers`,
    credentials: [...variant.credentials, ...BROWSER_HEADERS],
    browser: true,
  }));
  const all = operation.security.flat();
  const secret = all.map((scheme) => secretFor(source, scheme)).find((found) => found && found.value !== '');
  return [...variants, ...browser, ...(secret ? undeclaredCarriers(all, secret) : [])];
}

const BROWSER_HEADERS: readonly Credential[] = [
  ['origin', 'http://localhost:3000'],
  ['sec-fetch-mode', 'cors'],
  ['sec-fetch-site', 'cross-site'],
  ['accept', '*/*'],
].map(([name, value]) => ({ in: 'header', name: name!, value: value!, shell: value! }));

/** Every secret a run holds, as given and as it travels (basic credentials in base64). */
export function secretsOf(source: SecretSource, operations: readonly Operation[]): string[] {
  const secrets = new Set<string>();
  for (const scheme of operations.flatMap((operation) => operation.security.flat())) {
    const secret = secretFor(source, scheme);
    if (!secret) continue;
    secrets.add(secret.value);
    if (schemeWord(scheme) === 'Basic') {
      const pair = userPassword(secret).value;
      secrets.add(pair);
      secrets.add(Buffer.from(pair).toString('base64'));
    }
  }
  return [...secrets].filter((secret) => secret.length > 0);
}
