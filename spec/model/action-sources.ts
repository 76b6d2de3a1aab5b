// The states an action may start from, as the document's words draw them: "`draft` or `submitted` →
// `cancelled`", "(draft -> submitted)", "Only from `submitted`". Read from the action's own summary
// and description first, else from the passages of the document's description that name it
// (`POST /orders/{id}/cancel`). Where no words draw it, nothing is read: the action may start
// anywhere but a final state (final-states.ts).
import type { Contract, Operation } from '../contract/types.js';
import { participle } from './participles.js';
import { overviewOf, passagesNaming } from './sentences.js';

type Token =
  | { readonly kind: 'state'; readonly value: unknown }
  | { readonly kind: 'arrow' | 'or' | 'open' | 'close' | 'word' };

const TOKEN = /`[^`]*`|->|→|=>|[()]|,|\||\/|[\w-]+|[^\s\w]/g;
const OR = /^(?:or|and|,|\||\/)$/i;
const ARROW = /^(?:->|→|=>)$/;

function tokensOf(text: string, values: readonly unknown[]): Token[] {
  const byName = new Map(values.map((value) => [String(value).toLowerCase(), value]));
  return (text.match(TOKEN) ?? []).map((raw): Token => {
    const bare = raw.replace(/^`|`$/g, '').toLowerCase();
    if (byName.has(bare)) return { kind: 'state', value: byName.get(bare) };
    if (ARROW.test(raw)) return { kind: 'arrow' };
    if (OR.test(raw)) return { kind: 'or' };
    if (raw === '(') return { kind: 'open' };
    if (raw === ')') return { kind: 'close' };
    return { kind: 'word' };
  });
}

/** The state right after the arrow at `at`, past a parenthesised verb and a second arrow
 * ("→ (`cancel`) → `cancelled`"). */
function stateAfter(tokens: readonly Token[], at: number): unknown {
  let depth = 0;
  for (let i = at + 1; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.kind === 'open') depth++;
    else if (token.kind === 'close') depth--;
    else if (depth > 0 || token.kind === 'arrow') continue;
    else return token.kind === 'state' ? token.value : undefined;
  }
  return undefined;
}

/** The states listed right before the arrow at `at` ("`draft` or `submitted` →"). */
function statesBefore(tokens: readonly Token[], at: number): unknown[] {
  const found: unknown[] = [];
  for (let i = at - 1; i >= 0; i--) {
    const token = tokens[i]!;
    // A parenthesis right before the arrow is an aside ("`draft` -> `published` (POST …) -> …").
    if (token.kind === 'close' && found.length === 0) {
      for (let depth = 1; i > 0 && depth > 0; ) {
        const inner = tokens[--i]!;
        depth += inner.kind === 'close' ? 1 : inner.kind === 'open' ? -1 : 0;
      }
      continue;
    }
    if (token.kind === 'state') found.push(token.value);
    else if (token.kind !== 'or') break;
  }
  return found.reverse();
}

/** The states the text's arrows lead to ("`open` → `in_progress`": in_progress). */
export function arrowTargets(text: string, values: readonly unknown[]): unknown[] {
  const tokens = tokensOf(text, values);
  const targets = tokens.flatMap((token, at) => (token.kind === 'arrow' ? [stateAfter(tokens, at)] : []));
  return [...new Set(targets.filter((value) => value !== undefined))];
}

/** States drawn as arrows into `target`. */
function arrowsInto(text: string, values: readonly unknown[], target: unknown): unknown[] {
  const tokens = tokensOf(text, values);
  return tokens.flatMap((token, at) =>
    token.kind === 'arrow' && stateAfter(tokens, at) === target ? statesBefore(tokens, at) : [],
  );
}

/** "only from `x`", "allowed while `x`", "Only an `active` enrollment can be completed", "Only an
 * order whose `status` is `placed` can be cancelled". */
const ONLY =
  /\bonly (?:from|for|while|when|if|in|on)\b|\ballowed (?:only )?(?:from|while|when|in)\b|\bonly\s+(?:an?|the)\s+(?=(?:\S+\s+)?[\w-]+\s+(?:can|may)\b)|\bonly\s+(?:an?|the)\s+[\w-]+\s+whose\s+/i;

/** States named in an "only from `x`" clause (up to its first stop or parenthesis). */
function onlyFrom(text: string, values: readonly unknown[]): unknown[] {
  return text.split(/[.;(]/).flatMap((clause) => {
    const only = ONLY.exec(clause);
    if (!only) return [];
    const states = (text: string) =>
      tokensOf(text, values).flatMap((token) => (token.kind === 'state' ? [token.value] : []));
    // Up to a colon once a state is named: "Only an `active` enrollment can be graded: `200` with
    // `status` `completed`" starts from `active` alone.
    const [head, ...tail] = clause.slice(only.index + only[0].length).split(':');
    const named = states(head!);
    return named.length > 0 ? named : states(tail.join(':'));
  });
}

const unique = (values: readonly unknown[]) => [...new Set(values)];

/** The overview's passages naming the action (`POST /episodes/{number}/publish`, or `POST
 * .../publish` where no other POST path ends so). */
const postPassages = (contract: Contract, operation: Operation): string[] =>
  passagesNaming(
    overviewOf(contract),
    'POST',
    operation.path,
    contract.operations.filter((other) => other.method === 'POST').map((other) => other.path),
  );

/** "Refused with 409 when the loan is returned", "409 if the order is not `open`": the item's state
 * after "is", and whether the words deny it. */
const REFUSED_WHEN =
  /\b(?:refused|rejected|fails?|4\d\d)\b[^.;]{0,40}?\b(?:when|if|while)\s+(?:the|this|its)\s+[\w-]+\s+is\s+(?:already\s+)?(not\s+)?((?:`?[\w-]+`?(?:\s*(?:,|or)\s*)?)+)/gi;

/** The states the words start an action from by refusing it in the others: every state but those
 * refused ("Refused with 409 when the loan is returned": from `active`), or those a denial names. */
function refusedOutside(text: string, values: readonly unknown[]): unknown[] {
  const refused: unknown[] = [];
  const allowed: unknown[] = [];
  for (const match of text.matchAll(REFUSED_WHEN)) {
    const named = tokensOf(match[2]!, values).flatMap((token) => (token.kind === 'state' ? [token.value] : []));
    (match[1] ? allowed : refused).push(...named);
  }
  if (allowed.length > 0) return unique(allowed);
  return refused.length > 0 ? values.filter((value) => !refused.includes(value)) : [];
}

/** "A returned loan cannot be renewed (`409`)": the states before the item's word, and the verb. */
const BARRED =
  /\b(?:an?|the|any)\s+((?:`?[\w-]+`?(?:\s*(?:,|or)\s*)?)+?)\s+[\w-]+\s+(?:cannot|can ?not|can't|may not|must not)\s+be\s+([\w-]+)/gi;

/** The states the words start the action from by barring it in the others ("A returned loan cannot
 * be renewed"): every state but those barred, where the verb is the action's own. */
function barredOutside(text: string, values: readonly unknown[], verb: string): unknown[] {
  const forms = participle(verb);
  const barred = [...text.matchAll(BARRED)]
    .filter((match) => forms.includes(match[2]!.toLowerCase()))
    .flatMap((match) => tokensOf(match[1]!, values).flatMap((token) => (token.kind === 'state' ? [token.value] : [])));
  return barred.length > 0 ? values.filter((value) => !barred.includes(value)) : [];
}

const MOVES_FROM = [
  // "Moves a `published` page to `archived`"
  /\bmoves?\s+(?:an?|the|every|each)\s+((?:`[\w-]+`(?:\s*(?:,|or)\s*)?)+)\s+[\w-]+(?:\s+[\w-]+)?\s+to\s+`/gi,
  // "from `draft` to `published`"
  /\bfrom\s+((?:`[\w-]+`(?:\s*(?:,|or)\s*)?)+)\s+to\s+`/gi,
];

/** States a "moves a `x` item to `y`" or "from `x` to `y`" clause starts from. */
function movedFrom(text: string, values: readonly unknown[]): unknown[] {
  return MOVES_FROM.flatMap((pattern) =>
    [...text.matchAll(pattern)].flatMap((match) =>
      tokensOf(match[1]!, values).flatMap((token) => (token.kind === 'state' ? [token.value] : [])),
    ),
  );
}

/** The states the action may start from, where the words draw them; undefined where they do not. */
export function actionSourcesOf(
  contract: Contract,
  operation: Operation,
  values: readonly unknown[],
  target: unknown,
): unknown[] | undefined {
  const own = [operation.summary, operation.description].filter((text): text is string => !!text);
  const passages = postPassages(contract, operation);
  for (const texts of [own, passages]) {
    const drawn = unique(texts.flatMap((text) => arrowsInto(text, values, target)));
    if (drawn.length > 0) return drawn;
    const moved = unique(texts.flatMap((text) => movedFrom(text, values))).filter((value) => value !== target);
    if (moved.length > 0) return moved;
    const said = unique(texts.flatMap((text) => onlyFrom(text, values))).filter((value) => value !== target);
    if (said.length > 0) return said;
    const outside = unique(texts.flatMap((text) => refusedOutside(text, values))).filter((value) => value !== target);
    if (outside.length > 0) return outside;
    const barred = unique(texts.flatMap((text) => barredOutside(text, values, verbOf(operation)))).filter(
      (value) => value !== target,
    );
    if (barred.length > 0) return barred;
  }
  return undefined;
}

/** The states an action with no state of its own to move to asks of its item ("Only for a
 * `completed` work order"), where its words say; undefined where they do not. */
export function statedSourcesOf(contract: Contract, operation: Operation, values: readonly unknown[]) {
  const own = [operation.summary, operation.description].filter((text): text is string => !!text);
  const passages = postPassages(contract, operation);
  for (const texts of [own, passages]) {
    const said = unique(texts.flatMap((text) => onlyFrom(text, values)));
    if (said.length > 0) return said;
    const outside = unique(texts.flatMap((text) => refusedOutside(text, values)));
    if (outside.length > 0) return outside;
    const barred = unique(texts.flatMap((text) => barredOutside(text, values, verbOf(operation))));
    if (barred.length > 0) return barred;
  }
  return undefined;
}

/** The action's verb: its path's last segment (`/loans/{id}/renew`: renew). */
const verbOf = (operation: Operation): string => operation.path.split('/').at(-1)?.replace(/^.*:/, '') ?? '';
