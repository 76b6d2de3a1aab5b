// JSON Schema patterns are ECMA-262 regular expressions. The `u` flag is tried first (it reads
// astral characters and \p{…} classes right); a pattern that is valid only without it, such as
// ^[a-z\-\_]+$ (identity escapes the u flag refuses), is read without it.
export function ecmaPattern(pattern: string, flags = ''): RegExp {
  try {
    return new RegExp(pattern, flags.includes('u') ? flags : `${flags}u`);
  } catch {
    return new RegExp(pattern, flags.replace('u', ''));
  }
}

/**
 * A pattern as the string generator reads it: control escapes (\\cA) written as hex escapes, which
 * mean the same and which the generator understands.
 */
export function generationPattern(pattern: string): string {
  return pattern.replace(/((?:^|[^\\])(?:\\\\)*)\\c([A-Za-z])/g, (_, before: string, letter: string) => {
    const code = letter.toUpperCase().charCodeAt(0) % 32;
    return `${before}\\x${code.toString(16).padStart(2, '0')}`;
  });
}

/** What compiled validators saved as code call to reach ajvRegExp (validator-cache.ts). */
export const PATTERN_MODULE = '#pattern';

/** ajv's RegExp engine: the same reading for validation as for generation. */
export const ajvRegExp = Object.assign((pattern: string, flags: string) => ecmaPattern(pattern, flags), {
  code: `require(${JSON.stringify(PATTERN_MODULE)})`,
});
