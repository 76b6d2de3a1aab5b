/** A problem with the OpenAPI document, always told as one line: file, JSON pointer, problem. */
export class ContractError extends Error {
  constructor(
    readonly file: string,
    readonly pointer: string,
    readonly problem: string,
  ) {
    super(`${file}: ${pointer || '#'}: ${problem}`);
    this.name = 'ContractError';
  }
}

/** Escapes one JSON pointer token (RFC 6901). */
export function pointerToken(token: string | number): string {
  return String(token).replace(/~/g, '~0').replace(/\//g, '~1');
}

/** A JSON pointer ("" or "/a/b~1c") as its tokens, unescaped (RFC 6901). */
export function pointerTokens(pointer: string): string[] {
  return pointer === ''
    ? []
    : pointer
        .slice(1)
        .split('/')
        .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
}

export function joinPointer(base: string, ...tokens: Array<string | number>): string {
  return [base, ...tokens.map(pointerToken)].join('/');
}
