// A refusal that points at a member the words give a rule its schema cannot state, a rule over
// other data: "`quantity` ... at most the event's `maxPerOrder`", a map "keyed by section id of the
// event's venue". The run drew the value from the schema alone, so a documented refusal is fair.
// A rule of the member alone ("`title` must be 1 to 200 characters") is no such rule: the schema
// could say it, and a refusal of a value within it stays a failure.
import { propertiesOf, propertiesOfAnyForm } from '../../spec/index.js';
import { sentencesOf } from '../../spec/model/index.js';
import type { CheckContext } from '../model.js';
import { pointedTopMembers } from './error-pointers.js';

/** Words that state a rule. */
const RULE = /\b(?:must|at most|at least|only|exceeds?|cannot|may not|keyed by|existing)\b|\bis not an?\s+\w+\s+of\b/i;
/** Words that tie the rule to other data: an item's ("the event's"), one that exists, a key. */
// "not a ticket of this organization": an item the value must name, in a scope of the request's.
// "must name an active user": the value must name an item, whatever the schema lets through.
const OTHER_DATA =
  /\b\w+'s\b|\bexisting\b|\bkeyed by\b|\bof (?:this|the same|that) [\w-]+\b|\bmust (?:name|exist|reference|refer to|point (?:at|to))\b/i;

/** A bound a value may not pass ("may not be below"), set by what another item holds now. */
const BOUND_BY_OTHER =
  /\b(?:may|must|can)\s*not\s+(?:be|go|drop|fall|rise)\s+(?:below|under|lower than|less than|above|over|more than|higher than)\b/i;
const OTHER_NOW = /\bcurrently\b|\b\w+'s\b|\bthe \w+ (?:has|holds)\b/i;

/** A default taken from another item's member: "Defaults to the part's `name`". */
const DEFAULT_FROM_OTHER = /\bdefaults? (?:to|is) (?:the )?[\w ]{1,30}'s\s+`[\w-]+`/i;

/** An operation's sentences, split once: every refused case of the operation asks for them. */
const sentencesByOperation = new WeakMap<object, string[]>();
function operationSentences(operation: CheckContext['testCase']['operation']): string[] {
  let sentences = sentencesByOperation.get(operation);
  if (!sentences) {
    sentences = sentencesOf([operation.summary, operation.description]);
    sentencesByOperation.set(operation, sentences);
  }
  return sentences;
}

/** The member a documented refusal points at, where the words give it a rule over other data; for a
 * refusal that names none, a drawn member whose ruling words give the refused status. */
export function saidRuleMember(context: CheckContext, status?: number): string | undefined {
  if (context.body.kind !== 'json') return undefined;
  const { operation } = context.testCase;
  const bodyOf = (write: typeof operation | undefined) =>
    write?.requestBody?.content.find((media) => media.validator)?.validator?.schema;
  // Any form's members: a union body (a part or a labour line) names them in its variants.
  const members = propertiesOfAnyForm(bodyOf(operation)) as Record<string, { description?: unknown }>;
  // A change's member is often described once, where the item is made or read.
  const { collection } = context;
  const described = [bodyOf(collection?.create?.operation), collection?.read?.item.schema].map(
    (schema) => propertiesOf(schema) as Record<string, { description?: unknown }>,
  );
  const sentences = operationSentences(operation);
  // A value the run took from the target (a listed item's id, the parent's total) was not drawn.
  const taken = new Set(context.testCase.knownReferences ?? []);
  // Where the refusal points nowhere, the members its words name ("mileageKm can not go down").
  const named = [...pointedTopMembers(context.body.value), ...membersNamedIn(context.body.value, Object.keys(members))];
  const payload = context.testCase.payload;
  const sent =
    payload?.kind === 'json' && typeof payload.value === 'object' && payload.value !== null ? payload.value : {};
  // Sent as null counts as left out: "is required" asks for a value.
  const sentMembers = new Set(
    Object.entries(sent as Record<string, unknown>)
      .filter(([, value]) => value !== null)
      .map(([name]) => name),
  );
  // "The reading on the record may not be below the odometer reading the vehicle currently has": a
  // bound set by other data, named in plain words (`odometerKm` as "odometer").
  const bounded = sentences.find((sentence) => BOUND_BY_OTHER.test(sentence) && OTHER_NOW.test(sentence));
  const stem = (member: string) => member.replace(/(?:Km|Cents|Count|Minutes|Hours|At|On)$/, '').toLowerCase();
  const boundMember = bounded
    ? [...sentMembers].find(
        (member) => member in members && stem(member).length > 2 && bounded.toLowerCase().includes(stem(member)),
      )
    : undefined;
  if (boundMember !== undefined) return boundMember;
  const ruled = (member: string): boolean => {
    if (!(member in members)) return false;
    const own = [members, ...described].map((found) => found[member]?.description).find((text) => text !== undefined);
    const named = new RegExp(`\`${member.replace(/[^\w-]/g, '')}\``);
    const said = [...(typeof own === 'string' ? [own] : []), ...sentences.filter((sentence) => named.test(sentence))];
    // A rule tying it to another member sent ("`toWarehouseCode` is only for transfers"): about the
    // pair, whatever the value, even one taken from the target.
    const paired = said.some(
      (text) =>
        /\bonly (?:for|with|when|if)\b|\bwhen sent with\b/i.test(text) ||
        (/\bonly\b/i.test(text) &&
          [...text.matchAll(/`([\w-]+)`/g)].some((match) => match[1] !== member && sentMembers.has(match[1]!))),
    );
    if (taken.has(member) && !paired) return false;
    // Left out where the words require it ("`adjustment`: ... `reason` is required"), though the
    // schema leaves it optional: a requirement in some cases only, which the schema cannot state.
    if (!sentMembers.has(member) && said.some((text) => /\bis required\b/i.test(text))) return true;
    // Left out where its default is another item's member ("Defaults to the work order's
    // `assignedTechnicianId`"): that item may hold none, and the words make it needed then.
    if (!sentMembers.has(member) && said.some((text) => DEFAULT_FROM_OTHER.test(text))) return true;
    return said.some((text) => {
      const others = [...text.matchAll(/`([\w-]+)`/g)].some((match) => match[1] !== member);
      return RULE.test(text) && (others || OTHER_DATA.test(text));
    });
  };
  if (named.length > 0 || status === undefined) return named.find(ruled);
  // A refusal that names nothing ("the request cannot be processed"): a member sent, drawn, whose
  // words rule it over other data and give this very status ("a larger capacity is refused with 422").
  const given = new RegExp(`\\b${status}\\b`);
  // Only a rule over another item's data ("the venue's"): one over the item's own members ("after
  // `checkIn`") the run's planned values keep, so a bare refusal of them stays a failure.
  return [...sentMembers].find(
    (member) =>
      !taken.has(member) &&
      ruled(member) &&
      sentences.some(
        (sentence) =>
          sentence.includes(`\`${member}\``) &&
          given.test(sentence) &&
          RULE.test(sentence) &&
          OTHER_DATA.test(sentence),
      ),
  );
}

/** Members whose names the refusal's texts hold as whole words (a problem's `detail`, a `message`). */
export function membersNamedIn(body: unknown, members: readonly string[]): string[] {
  const texts: string[] = [];
  const walk = (value: unknown, depth: number) => {
    if (typeof value === 'string') texts.push(value);
    else if (typeof value === 'object' && value !== null && depth < 4)
      for (const inner of Object.values(value)) walk(inner, depth + 1);
  };
  walk(body, 0);
  const text = texts.join(' ');
  return members.filter((member) => new RegExp(`(^|[^\\w])${member.replace(/[^\w-]/g, '')}($|[^\\w])`).test(text));
}
