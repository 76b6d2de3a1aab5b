// Quoting for commands a person pastes into a POSIX shell.

/** One argument, single-quoted; a single quote inside is closed, escaped and reopened. */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}
