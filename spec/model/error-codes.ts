// The error codes the words give each status: an enum's description ("unauthorized (401),
// not_found (404), validation_failed or idempotency_key_reused (422)"), the overview's list
// ("* `bad_request` (400): the body is not JSON"). Read line by line: the codes named between one
// "(NNN)" and the one before it on the same line belong to that status. Where the member has an
// enum, only its values count as codes; else the back-quoted words do.
const STATUS_NOTE = /\((\d{3})\b[^)]*\)/g;

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Status → the codes the texts name for it, in the order named. */
export function errorCodesSaid(
  texts: readonly (string | undefined)[],
  known?: readonly string[],
): ReadonlyMap<number, readonly string[]> {
  const table = new Map<number, string[]>();
  const patterns = known?.map((code) => [code, new RegExp(`(^|[^\\w-])${escaped(code)}([^\\w-]|$)`)] as const);
  for (const line of texts.flatMap((text) => (text ?? '').split('\n'))) {
    let from = 0;
    for (const match of line.matchAll(STATUS_NOTE)) {
      const segment = line.slice(from, match.index);
      from = match.index + match[0].length;
      const status = Number(match[1]);
      if (status < 400 || status > 599) continue;
      const named = patterns
        ? patterns.filter(([, pattern]) => pattern.test(segment)).map(([code]) => code)
        : [...segment.matchAll(/`([A-Za-z][\w.-]*)`/g)].map((found) => found[1]!);
      const held = table.get(status) ?? [];
      for (const code of named) if (!held.includes(code)) held.push(code);
      if (held.length > 0) table.set(status, held);
    }
  }
  return table;
}
