// One operation that takes several actions, named by a member of its body: `POST
// /work-orders/{n}/transitions` with `{"action": "start" | "complete" | "close" | "cancel"}`. Each
// value is an action of its own, on a variant of the operation whose body holds that value (its
// schema narrowed to it, so every case built for the action sends it), reported as the operation it
// narrows. Where the words give a table of the actions ("| action | from status | to status |"),
// each row says where its action starts and what state it moves the item to; else arrows ("`reserved`
// -> `active` (action `pickup`)") and lines ("`return`: only from `active`") say it.
import type { Operation } from '../contract/types.js';
import { mergeAllOf } from '../schema/all-of.js';
import type { JsonSchema } from '../schema/json-schema.js';
import type { SchemaValidator } from '../schema/validators.js';
import type { Action } from './action.js';
import { participle } from './action-targets.js';

/** Body members that name the action to take. */
const ACTION_MEMBER = /^(?:action|transition|event|command|operation|op|verb|type)$/i;

export interface NamedAction {
  readonly verb: string;
  /** The operation with its body narrowed to this action's value. */
  readonly operation: Operation;
  /** What a table of the words says of it: the states it starts from and the one it moves to. */
  readonly from?: readonly string[];
  readonly to?: string;
}

type Schema = Record<string, unknown> & { properties?: Record<string, JsonSchema>; required?: unknown[] };

/** The body member that names the action, and its values: a required string enum named like one. */
function actionMemberOf(schema: JsonSchema | undefined): { member: string; values: string[] } | undefined {
  if (typeof schema !== 'object' || schema === null) return undefined;
  const merged = mergeAllOf(schema as Schema) as Schema;
  const required = Array.isArray(merged.required) ? merged.required : [];
  for (const [member, raw] of Object.entries(merged.properties ?? {})) {
    if (!ACTION_MEMBER.test(member) || !required.includes(member)) continue;
    const values = (mergeAllOf(raw as Schema) as { enum?: unknown[] }).enum;
    if (Array.isArray(values) && values.length >= 2 && values.every((value) => typeof value === 'string'))
      return { member, values: values as string[] };
  }
  return undefined;
}

/** A validator that also holds the member to the one value, over the schema narrowed to it. */
function narrowedValidator(validator: SchemaValidator, member: string, value: string): SchemaValidator {
  const schema = mergeAllOf(validator.schema as Schema) as Schema;
  const narrowed = { ...schema, properties: { ...schema.properties, [member]: { type: 'string', enum: [value] } } };
  return {
    schema: narrowed,
    validate(body) {
      const issues = validator.validate(body);
      const held = typeof body === 'object' && body !== null && (body as Record<string, unknown>)[member] === value;
      return held
        ? issues
        : [...issues, { pointer: `/${member}`, keyword: 'enum', message: `must be ${JSON.stringify(value)}` }];
    },
  };
}

/** The cells of a markdown table's rows in the words, the header first. */
function tableRows(words: string): string[][] {
  return words
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('|') && !/^\|[\s:|-]+\|$/.test(line))
    .map((line) =>
      line
        .slice(1, line.endsWith('|') ? -1 : undefined)
        .split('|')
        .map((cell) => cell.trim()),
    );
}

const quoted = (cell: string | undefined): string[] =>
  [...(cell ?? '').matchAll(/`([^`]+)`/g)].map((match) => match[1]!);

/** What the words' table says of each action: the states it starts from and the one it moves to. */
function tableOf(words: string | undefined, values: readonly string[]) {
  const rows = tableRows(words ?? '');
  const header = rows[0]?.map((cell) => cell.toLowerCase());
  const found = new Map<string, { from?: string[]; to?: string }>();
  if (!header) return found;
  const fromAt = header.findIndex((cell) => /\bfrom\b/.test(cell));
  const toAt = header.findIndex((cell, at) => at !== fromAt && /\bto\b|\btarget\b|\bnew\b/.test(cell));
  for (const row of rows.slice(1)) {
    const verb = quoted(row[0])[0];
    if (verb === undefined || !values.includes(verb)) continue;
    const from = fromAt >= 0 ? quoted(row[fromAt]) : [];
    const to = toAt >= 0 ? quoted(row[toAt])[0] : undefined;
    found.set(verb, { ...(from.length > 0 ? { from } : {}), ...(to !== undefined ? { to } : {}) });
  }
  return found;
}

/** What the words' arrows say of each action: "`reserved` -> `active` (action `pickup`) ->
 * `returned` (action `return`)": the state before each arrow is where its action starts. */
function arrowsOf(words: string | undefined, values: readonly string[]) {
  const found = new Map<string, { from?: string[]; to?: string }>();
  const text = words ?? '';
  for (const match of text.matchAll(/(?:->|→)\s*`([\w-]+)`\s*\(\s*(?:action|via|on|by)?\s*`([\w-]+)`\s*\)/g)) {
    const [, to, verb] = match;
    if (!values.includes(verb!) || found.has(verb!)) continue;
    // The last state named before the arrow, past the actions in parentheses.
    const before = text.slice(0, match.index).replace(/\([^)]*\)/g, '');
    const from = [...before.matchAll(/`([\w-]+)`/g)].at(-1)?.[1];
    found.set(verb!, { to: to!, ...(from !== undefined ? { from: [from] } : {}) });
  }
  return found;
}

/** Where each action starts, as a line of the words about it says ("* `return`: only from
 * `active`, else `409`"). */
function linesOf(words: string | undefined, values: readonly string[]) {
  const found = new Map<string, { from?: string[] }>();
  for (const line of (words ?? '').split('\n')) {
    const verb = /^\s*(?:[-*]\s+)?`([\w-]+)`\s*:/.exec(line)?.[1];
    const sources = /\bonly from\s+((?:`[\w-]+`(?:\s*(?:,|or)\s*)?)+)/i.exec(line)?.[1];
    if (verb === undefined || !values.includes(verb) || sources === undefined) continue;
    found.set(verb, { from: quoted(sources) });
  }
  return found;
}

/** The actions an operation takes by a member of its body, one per value; undefined where its body
 * names none. */
export function namedActionsOf(operation: Operation): NamedAction[] | undefined {
  const media = operation.requestBody?.content.find((one) => one.validator);
  const named = actionMemberOf(media?.validator?.schema);
  if (!media?.validator || !named) return undefined;
  // A table says most; else arrows between states, each line's "only from" its sources.
  const table = tableOf(operation.description, named.values);
  const arrows = arrowsOf(operation.description, named.values);
  const lines = linesOf(operation.description, named.values);
  const said = (verb: string) => table.get(verb) ?? { ...arrows.get(verb), ...lines.get(verb) };
  return named.values.map((verb) => {
    const validator = narrowedValidator(media.validator!, named.member, verb);
    // The author's examples of this action only: another's would be sent for it first.
    const examples = media.examples.filter(
      (example) => typeof example === 'object' && example !== null && (example as Schema)[named.member] === verb,
    );
    const content = operation.requestBody!.content.map((one) =>
      one === media ? { ...one, validator, examples } : one,
    );
    const variant: Operation = {
      ...operation,
      requestBody: { ...operation.requestBody!, content },
      variantOf: operation,
    };
    return { verb, operation: variant, ...said(verb) };
  });
}

/** An action a body member names: its target the words' table gives, else the state its verb's
 * participle names; its sources the table's. */
export function namedAction(
  { verb, operation, from, to }: NamedAction,
  read: {
    readonly status: { readonly member: string; readonly values: readonly unknown[] } | undefined;
    readonly final: readonly unknown[];
    readonly correction: { readonly target?: unknown; readonly member?: string };
    readonly refusedStatus: number | undefined;
    readonly stores: Partial<Action>;
  },
): Action {
  const { status, final, correction, refusedStatus } = read;
  const values = (status?.values ?? []).map(String);
  const target =
    correction.target ??
    (to !== undefined && values.includes(to) ? to : undefined) ??
    values.find((value) => participle(verb).includes(value.toLowerCase()));
  const member = correction.member ?? (target !== undefined ? status?.member : undefined);
  const sources = from?.filter((state) => values.includes(state));
  return {
    operation,
    verb,
    ...(member !== undefined && target !== undefined ? { member, target } : {}),
    ...(refusedStatus ? { refusedStatus } : {}),
    ...(refusedStatus && member !== undefined && final.length > 0 ? { refusedFrom: final } : {}),
    ...(sources && sources.length > 0 && member !== undefined ? { from: sources } : {}),
    ...read.stores,
  };
}
