// The order a document's words give its refusals when several apply ("Precedence: `401`, `404`,
// `400`, `422`", "Errors, in this order: unknown project `404`; invalid body `400`; ...", "`401` →
// `404`/`410` → `400` → `422`", a numbered list after "chosen in this order (the first that applies
// wins)"). An operation's own words win over the overview's. Each rank holds the statuses it joins
// ("`404`/`410`"); only client errors count.
import type { Contract, Operation } from '../contract/types.js';

/** Words that open an order of refusals, and an arrow chain of statuses that is one. */
const OPENS =
  /(?<!\btakes?\s)\bprecedence\b|\bin\s+(?:this|the\s+following)\s+order\b|\bfirst\s+(?:that|which|one\s+that)\s+applies\b|\bchecked\s+in\s+order\b|\border\s+of\s+(?:the\s+)?checks\b|\bwhen\s+(?:several|more\s+than\s+one)\b[^.]*\bfirst\s+of\b/i;
const ARROWS = /`?\b[45]\d\d\b`?\s*(?:→|->|=>)\s*`?\b[45]\d\d\b/;
/** A status and the ones it is joined with ("`404`/`410`", "`428` or `412`"). */
const RANK = /\b([45]\d\d)\b((?:`?\s*(?:\/|\bor\b)\s*`?\b[45]\d\d\b)*)/g;

export type Precedence = readonly (readonly number[])[];

/** A list item that opens with its status ("3. `404` – the path names nothing: … `404` too"). */
const LEADING = /^\s*(?:\d+[.)]|[-*•])\s+`?([45]\d\d)\b((?:`?\s*(?:\/|\bor\b)\s*`?\b[45]\d\d\b)*)/gm;

/** The statuses list items open with, where at least two do: the rest of an item explains it. */
function leadingRanks(text: string): (readonly number[])[] | undefined {
  const ranks = [...text.matchAll(LEADING)].map((match) =>
    [match[1]!, ...(match[2]!.match(/\b[45]\d\d\b/g) ?? [])].map(Number),
  );
  return ranks.length >= 2 ? ranks : undefined;
}

/** Paragraphs, an opener that ends in a colon read with the list after it. */
function passagesOf(text: string): string[] {
  const paragraphs = text.split(/\n\s*\n/);
  return paragraphs.map((paragraph, index) =>
    /:\s*$/.test(paragraph) && index + 1 < paragraphs.length ? `${paragraph}\n${paragraphs[index + 1]}` : paragraph,
  );
}

/** The ranks a passage's statuses fall in, where it opens an order of refusals. */
function ranksIn(text: string): Precedence | undefined {
  for (const paragraph of passagesOf(text)) {
    const opens = OPENS.exec(paragraph);
    const arrows = ARROWS.exec(paragraph);
    const at = Math.min(opens?.index ?? Number.POSITIVE_INFINITY, arrows?.index ?? Number.POSITIVE_INFINITY);
    if (!Number.isFinite(at)) continue;
    const listed =
      leadingRanks(paragraph.slice(at)) ??
      [...paragraph.slice(at).matchAll(RANK)].map((match) =>
        [match[1]!, ...(match[2]!.match(/\b[45]\d\d\b/g) ?? [])].map(Number),
      );
    // A status named twice ("a missing body (`400`); ... the body and query (`400`)") stands for
    // faults on both sides of another: its place is not one, and it is left out. Named twice in a
    // row ("schema (`422`); references (`422`)"), it holds one place.
    const times = new Map<number, number>();
    const named = listed.filter((rank, index) => index === 0 || rank.join() !== listed[index - 1]!.join());
    for (const status of named.flat()) times.set(status, (times.get(status) ?? 0) + 1);
    const ranks = named
      .map((rank) => rank.filter((status) => times.get(status) === 1))
      .filter((rank) => rank.length > 0);
    if (ranks.length >= 2) return ranks;
  }
  return undefined;
}

const known = new WeakMap<Operation, Precedence | null>();

/** The order of the operation's refusals, its own words first, else the overview's. */
export function precedenceOf(contract: Contract, operation: Operation): Precedence | undefined {
  const info = (contract.document.info ?? {}) as { description?: unknown };
  return precedenceIn(typeof info.description === 'string' ? info.description : '', operation);
}

/** The same, given the overview's words. */
export function precedenceIn(overview: string, operation: Operation): Precedence | undefined {
  const found = known.get(operation);
  if (found !== undefined) return found ?? undefined;
  const ranks = ranksIn(`${operation.summary ?? ''}\n\n${operation.description ?? ''}`) ?? ranksIn(overview);
  known.set(operation, ranks ?? null);
  return ranks;
}

const VALIDATION = [400, 422];

/** Whether the words put every validation status the operation documents before `later` (a body
 * both invalid and without its If-Match is answered 422, not 428). */
export function validationBefore(overview: string, operation: Operation, later: number): boolean {
  const ranks = precedenceIn(overview, operation);
  const documented = VALIDATION.filter(
    (status) =>
      operation.responses.some((response) => response.status === String(status)) &&
      ranks?.some((rank) => rank.includes(status)),
  );
  return ranks !== undefined && documented.length > 0 && documented.every((one) => comesBefore(ranks, one, [later]));
}

/** Whether the words put `first` before every status of `later` (404 before 400 and 422). */
export function comesBefore(ranks: Precedence, first: number, later: readonly number[]): boolean {
  const rankOf = (status: number) => ranks.findIndex((rank) => rank.includes(status));
  const at = rankOf(first);
  const after = later.map(rankOf).filter((rank) => rank >= 0);
  return at >= 0 && after.length > 0 && after.every((rank) => rank > at);
}
