// A member the words define as arithmetic over the item's own members: "`total`: `partsTotal` +
// `labourTotal`", "`lineTotal` = `minutes` / 60 × 1200". Read from a member's description (the
// whole of it an expression) or from a sentence of the creation's words ("`x` = ..."). Only
// members, numbers and + − × * / ( ) count: any other word leaves the rule unread. The runner
// judges every answer of the item that holds the member and all its parts.
import type { Operation } from '../contract/types.js';
import { mergeAllOf, propertiesOf, variantPropertiesOf } from '../schema/all-of.js';
import type { JsonSchema } from '../schema/json-schema.js';
import { sentencesOf } from './sentences.js';
import { spanOf, spanToken, spanValue } from './span-lengths.js';

export interface Formula {
  readonly member: string;
  /** The expression with each member as `m:name`, e.g. ['m:minutes', '/', '60', '*', '1200']. */
  readonly tokens: readonly string[];
  readonly parts: readonly string[];
  readonly words: string;
  /** A threshold the expression holds under ("500 when `subtotal` is below 5000, else 0"), and the
   * expression otherwise. */
  readonly condition?: { readonly member: string; readonly operator: '<' | '<=' | '>' | '>='; readonly bound: number };
  readonly otherwise?: readonly string[];
  /** The value the member holds instead in some states ("`total − amountPaid`; 0 when `void`"). */
  readonly unless?: { readonly states: readonly string[]; readonly value: number };
}

// "; 0 when `void`": a value the member holds instead while the item is in one of those states.
const UNLESS =
  /\s*[;,]\s*(?:but\s+|and\s+)?(-?\d+(?:\.\d+)?)\s+(?:when|if|while|once|for)\s+(?:(?:the\s+[\w-]+|it)\s+is\s+)?((?:`[\w-]+`(?:\s*(?:,|or)\s*)?)+)\.?\s*$/i;

function unlessOf(text: string): { expression: string; unless?: Formula['unless'] } {
  const match = UNLESS.exec(text);
  if (!match) return { expression: text };
  const states = [...match[2]!.matchAll(/`([\w-]+)`/g)].map((one) => one[1]!);
  return { expression: text.slice(0, match.index), unless: { states, value: Number(match[1]) } };
}

// "500 when `subtotal` is below 5000, else 0": a value under a threshold on another member.
const CONDITIONAL =
  /^(.+?)\s+(?:when|if|while)\s+`([A-Za-z_]\w*)`\s+is\s+(below|under|less than|lower than|at most|at least|above|over|more than|greater than|higher than)\s+(\d+(?:\.\d+)?)\s*[,;]?\s*(?:else|otherwise)\s+(.+?)\.?$/i;
const OPERATORS: Readonly<Record<string, '<' | '<=' | '>' | '>='>> = {
  below: '<',
  under: '<',
  'less than': '<',
  'lower than': '<',
  'at most': '<=',
  'at least': '>=',
  above: '>',
  over: '>',
  'more than': '>',
  'greater than': '>',
  'higher than': '>',
};

/** A branch of a threshold: an expression, or a number alone. */
function branchOf(text: string, members: ReadonlySet<string>): string[] | undefined {
  const bare = text.trim();
  return /^\d+(?:\.\d+)?$/.test(bare) ? [bare] : tokensOf(bare, members);
}

/** The threshold formula a member's description states, where it states one. */
function conditionalOf(member: string, text: string, members: ReadonlySet<string>): Formula | undefined {
  const match = CONDITIONAL.exec(text.replace(/\s*\([^)]*\)/g, '').trim());
  if (!match) return undefined;
  const [, then, test, said, bound, otherwise] = match;
  const tokens = branchOf(then!, members);
  const other = branchOf(otherwise!, members);
  if (!tokens || !other || !members.has(test!) || test === member) return undefined;
  const parts = [
    ...new Set([test!, ...[...tokens, ...other].filter((t) => t.startsWith('m:')).map((t) => t.slice(2))]),
  ];
  return {
    member,
    tokens,
    parts,
    words: text.replace(/\s+/g, ' ').trim(),
    condition: { member: test!, operator: OPERATORS[said!.toLowerCase()]!, bound: Number(bound) },
    otherwise: other,
  };
}

const TOKEN = /`([A-Za-z_]\w*)`|(\d+(?:\.\d+)?)|([+\-−×*/÷()])|(\S+)/g;
const OPERATOR: Readonly<Record<string, string>> = { '−': '-', '×': '*', '÷': '/' };

/** A whole expression in one code span ("`quantity * unitPrice`"): its members backticked each. */
const spanned = (text: string, members: ReadonlySet<string>): string =>
  text
    .split('`')
    .map((part, index) =>
      // Odd parts are inside a code span; one holding an operator is an expression.
      index % 2 === 1 && /[+\-−×*/÷]/.test(part)
        ? part.replace(/[A-Za-z_]\w*/g, (word) => (members.has(word) ? `\`${word}\`` : word))
        : index % 2 === 1
          ? `\`${part}\``
          : part,
    )
    .join('');

/** The tokens of an expression, or undefined where anything but members, numbers and operators is in it. */
/** Operators said in words ("`capacity` minus `seatsSold`"), as their signs. */
const SAID_OPERATORS: readonly (readonly [RegExp, string])[] = [
  [/\bminus\b/gi, '-'],
  [/\bplus\b/gi, '+'],
  [/\b(?:times|multiplied\s+by)\b/gi, '*'],
  [/\bdivided\s+by\b/gi, '/'],
];
const withSigns = (text: string): string =>
  SAID_OPERATORS.reduce((said, [words, sign]) => said.replace(words, sign), text);

function tokensOf(text: string, members: ReadonlySet<string>): string[] | undefined {
  const tokens: string[] = [];
  for (const [, member, number, operator, other] of spanned(withSigns(text), members).matchAll(TOKEN)) {
    if (other !== undefined) return undefined;
    if (member !== undefined) {
      if (!members.has(member)) return undefined;
      tokens.push(`m:${member}`);
    } else tokens.push(number ?? OPERATOR[operator!] ?? operator!);
  }
  const parts = tokens.filter((token) => token.startsWith('m:'));
  const operators = tokens.filter((token) => /^[+\-*/]$/.test(token));
  return parts.length > 0 && operators.length > 0 ? tokens : undefined;
}

const numeric = (schema: unknown): boolean => {
  const type = mergeAllOf((schema ?? {}) as Record<string, unknown>).type;
  return [type].flat().some((one) => one === 'integer' || one === 'number');
};

/** The formulas of an item schema's members, with the creation's words (`create`) read too. */
export function formulasOf(schema: JsonSchema | undefined, create?: Operation): Formula[] {
  const properties = { ...variantPropertiesOf(schema, false), ...propertiesOf(schema) };
  const members = new Set(Object.keys(properties).filter((name) => numeric(properties[name])));
  const found: Formula[] = [];
  const add = (member: string, said: string, words: string) => {
    const { expression, unless } = unlessOf(said);
    // Trailing words of unit ("in cents", "rounded to cents") are not part of the expression.
    const bare = expression
      .replace(
        /[,;]?\s*(?:in|rounded\s+to(?:\s+the\s+nearest)?)\s+(?:cents?|euros?|dollars?|minutes|seconds)\b.*$/i,
        '',
      )
      .replace(/\.\s*$/, '');
    const tokens = tokensOf(bare, members);
    // A union's variants may each define it (a part line's and a labour line's `lineTotal`): each
    // formula is judged where all its parts are numbers.
    if (!tokens || found.some((formula) => formula.member === member && formula.tokens.join() === tokens.join()))
      return;
    const parts = [...new Set(tokens.filter((token) => token.startsWith('m:')).map((token) => token.slice(2)))];
    if (!parts.includes(member))
      found.push({ member, tokens, parts, words: words.replace(/\s+/g, ' ').trim(), ...(unless ? { unless } : {}) });
  };
  // A count of the time between two of the item's members ("`nights` = days from `checkIn` to
  // `checkOut`"): a formula of one operand, the span.
  const addSpan = (member: string, said: string, words: string) => {
    const span = spanOf(said, properties);
    if (!span || found.some((formula) => formula.member === member)) return;
    const tokens = [spanToken(span)];
    found.push({ member, tokens, parts: [span.from, span.to], words: words.replace(/\s+/g, ' ').trim() });
  };
  for (const member of members) {
    const description = (properties[member] as { description?: unknown }).description;
    if (typeof description !== 'string') continue;
    const conditional = conditionalOf(member, description, members);
    if (conditional) found.push(conditional);
    else add(member, description.trim(), description);
    addSpan(member, description, description);
  }
  const itemWords = (schema as { description?: unknown } | undefined)?.description;
  for (const sentence of sentencesOf([create?.description, typeof itemWords === 'string' ? itemWords : undefined])) {
    for (const [, member, expression] of sentence.matchAll(/`([A-Za-z_]\w*)`\s*(?:=|is|equals|:)\s*([^=;]+?)(?=$|;)/g))
      if (members.has(member!)) {
        add(member!, expression!.trim(), sentence);
        addSpan(member!, expression!, sentence);
      }
  }
  return found;
}

/** The formula's value for the item, or undefined where a part is not a number there. */
export function evaluateFormula(formula: Formula, item: Readonly<Record<string, unknown>>): number | undefined {
  const { condition, otherwise, unless } = formula;
  if (unless && Object.values(item).some((value) => typeof value === 'string' && unless.states.includes(value)))
    return unless.value;
  if (!condition || !otherwise) return evaluateTokens(formula.tokens, item);
  const value = item[condition.member];
  if (typeof value !== 'number') return undefined;
  const { operator, bound } = condition;
  const holds =
    operator === '<'
      ? value < bound
      : operator === '<='
        ? value <= bound
        : operator === '>'
          ? value > bound
          : value >= bound;
  return evaluateTokens(holds ? formula.tokens : otherwise, item);
}

function evaluateTokens(tokens: readonly string[], item: Readonly<Record<string, unknown>>): number | undefined {
  let at = 0;
  const primary = (): number | undefined => {
    const token = tokens[at++];
    if (token === '(') {
      const value = sum();
      at++;
      return value;
    }
    if (token === '-') {
      const value = primary();
      return value === undefined ? undefined : -value;
    }
    if (token?.startsWith('span:')) return spanValue(token, item);
    if (token?.startsWith('m:')) {
      const value = item[token.slice(2)];
      return typeof value === 'number' ? value : undefined;
    }
    return token === undefined ? undefined : Number(token);
  };
  const product = (): number | undefined => {
    let value = primary();
    while (tokens[at] === '*' || tokens[at] === '/') {
      const operator = tokens[at++];
      const next = primary();
      if (value === undefined || next === undefined) return undefined;
      value = operator === '*' ? value * next : value / next;
    }
    return value;
  };
  const sum = (): number | undefined => {
    let value = product();
    while (tokens[at] === '+' || tokens[at] === '-') {
      const operator = tokens[at++];
      const next = product();
      if (value === undefined || next === undefined) return undefined;
      value = operator === '+' ? value + next : value - next;
    }
    return value;
  };
  const value = sum();
  return value !== undefined && Number.isFinite(value) && at === tokens.length ? value : undefined;
}

const UNIT_NAMES: Readonly<Record<string, string>> = {
  '1000': 'seconds',
  '60000': 'minutes',
  '3600000': 'hours',
  '86400000': 'days',
  '604800000': 'weeks',
};

/** A formula as --explain prints it: "nights × nightlyRate", "whole minutes from start to end". */
export function formulaText(formula: Formula): string {
  const text = (tokens: readonly string[]) =>
    tokens
      .map((token) => {
        if (token.startsWith('m:')) return token.slice(2);
        if (!token.startsWith('span:')) return token === '*' ? '×' : token;
        const [, from, to, unitMs, rounding] = token.split(':');
        return `${rounding === 'whole' ? 'whole ' : ''}${UNIT_NAMES[unitMs!] ?? `${unitMs} ms`} from ${from} to ${to}`;
      })
      .join(' ');
  const { condition, otherwise, unless } = formula;
  const main =
    condition && otherwise
      ? `${text(formula.tokens)} when ${condition.member} ${condition.operator} ${condition.bound}, else ${text(otherwise)}`
      : text(formula.tokens);
  return unless ? `${main}; ${unless.value} when ${unless.states.join(' or ')}` : main;
}
