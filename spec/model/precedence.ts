// The order a document's words give its refusals when several apply ("Precedence: `401`, `404`,
// `400`, `422`", "Errors, in this order: unknown project `404`; invalid body `400`; ...", "`401` →
// `404`/`410` → `400` → `422`", a numbered list after "chosen in this order (the first that applies
// wins)"). An operation's own words win over the overview's. Each rank holds the statuses it joins
// ("`404`/`410`"); only client errors count.
import type { Contract, Operation } from '../contract/types.js';

/** Words that open an order of refusals, and an arrow chain of statuses that is one. */
const OPENS =
  /\bprecedence\b|\bin\s+(?:this|the\s+following)\s+order\b|\bfirst\s+(?:that|which|one\s+that)\s+applies\b|\bchecked\s+in\s+order\b/i;
const ARROWS = /`?\b[45]\d\d\b`?\s*(?:→|->|=>)\s*`?\b[45]\d\d\b/;
/** A status and the ones it is joined with ("`404`/`410`", "`428` or `412`"). */
const RANK = /\b([45]\d\d)\b((?:`?\s*(?:\/|\bor\b)\s*`?\b[45]\d\d\b)*)/g;

export type Precedence = readonly (readonly number[])[];

/** The ranks a passage's statuses fall in, where it opens an order of refusals. */
function ranksIn(text: string): Precedence | undefined {
  for (const paragraph of text.split(/\n\s*\n/)) {
    const opens = OPENS.exec(paragraph);
    const arrows = ARROWS.exec(paragraph);
    const at = Math.min(opens?.index ?? Number.POSITIVE_INFINITY, arrows?.index ?? Number.POSITIVE_INFINITY);
    if (!Number.isFinite(at)) continue;
    const listed = [...paragraph.slice(at).matchAll(RANK)].map((match) =>
      [match[1]!, ...(match[2]!.match(/\b[45]\d\d\b/g) ?? [])].map(Number),
    );
    // A status named twice ("a missing body (`400`); ... the body and query (`400`)") stands for
    // faults on both sides of another: its place is not one, and it is left out.
    const times = new Map<number, number>();
    for (const status of listed.flat()) times.set(status, (times.get(status) ?? 0) + 1);
    const ranks = listed
      .map((rank) => rank.filter((status) => times.get(status) === 1))
      .filter((rank) => rank.length > 0);
    if (ranks.length >= 2) return ranks;
  }
  return undefined;
}

const known = new WeakMap<Operation, Precedence | null>();

/** The order of the operation's refusals, its own words first, else the overview's. */
export function precedenceOf(contract: Contract, operation: Operation): Precedence | undefined {
  const found = known.get(operation);
  if (found !== undefined) return found ?? undefined;
  const info = (contract.document.info ?? {}) as { description?: unknown };
  const overview = typeof info.description === 'string' ? info.description : '';
  const ranks = ranksIn(`${operation.summary ?? ''}\n\n${operation.description ?? ''}`) ?? ranksIn(overview);
  known.set(operation, ranks ?? null);
  return ranks;
}

/** Whether the words put `first` before every status of `later` (404 before 400 and 422). */
export function comesBefore(ranks: Precedence, first: number, later: readonly number[]): boolean {
  const rankOf = (status: number) => ranks.findIndex((rank) => rank.includes(status));
  const at = rankOf(first);
  const after = later.map(rankOf).filter((rank) => rank >= 0);
  return at >= 0 && after.length > 0 && after.every((rank) => rank > at);
}
