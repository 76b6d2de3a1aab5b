// Members the words require, or forbid, by another member's value: "`answerKey` is required when
// `kind` is `quiz` and must be absent or `null` otherwise", "`toWarehouseCode` only for
// transfers". The schema cannot state it, so a body drawn from the schema breaks it half the time;
// a valid body is made to keep it by choosing the other member's value to fit what the body holds
// (a body with an answer key is a quiz, one without is a video), so both kinds of item get made.
import { type JsonSchema, mergeAllOf, propertiesOf } from '../../spec/index.js';
import { sentencesOf } from '../../spec/model/index.js';

interface PresenceRule {
  /** The member whose presence the words rule. */
  readonly member: string;
  /** The member whose value decides it, and that value. */
  readonly when: string;
  readonly value: string;
  /** Whether it must be present at that value, and absent (or null) at the others. */
  readonly required: boolean;
  readonly otherwiseAbsent: boolean;
}

type Schema = { enum?: unknown[]; default?: unknown; type?: unknown; description?: unknown };

const MEMBERS = new WeakMap<object, Record<string, Schema>>();

/** The body's members, each with its allOf merged (a state declared as a reference to its enum),
 * read once per schema: every valid body built for the operation asks. */
function membersOf(schema: JsonSchema): Record<string, Schema> {
  let members = MEMBERS.get(schema as object);
  if (!members) {
    members = Object.fromEntries(
      Object.entries(propertiesOf(schema)).map(([name, member]) => [
        name,
        typeof member === 'object' && member !== null ? (mergeAllOf(member as Record<string, unknown>) as Schema) : {},
      ]),
    );
    MEMBERS.set(schema as object, members);
  }
  return members;
}

/** Whether the body holds a value for the member: an array with an entry, anything but null. */
const holds = (value: unknown): boolean =>
  value !== undefined && value !== null && !(Array.isArray(value) && value.length === 0);

const REQUIRED_WHEN = /`([\w-]+)`\s+is\s+required\s+(?:when|if|whenever)\s+`([\w-]+)`\s+is\s+`([^`]+)`/gi;
const ABSENT_OTHERWISE =
  /\b(?:absent|omitted|null|left out|not (?:be )?(?:sent|given|allowed))\b[^.;]{0,30}\botherwise\b|\botherwise\b[^.;]{0,20}\b(?:absent|omitted|refused)\b/i;
/** A member's own words: "Must hold at least one entry when `result` is `fail`." */
const OWN_REQUIRED_WHEN =
  /\b(?:must (?:hold|have|contain|list|be (?:given|sent|present))|is required|required)\b[^.;]{0,50}\b(?:when|if) `([\w-]+)` is `([^`]+)`/i;
const ONLY_FOR = /`([\w-]+)`[^.;`]{0,20}\b(?:is |are )?only (?:for|with|when sent with) (?:`([^`]+)`|an? )?(\w+)?/gi;

/** The member among `properties` whose enum holds `word` (or its singular): `transfer` for "transfers". */
function memberValued(properties: Record<string, Schema>, word: string): [string, string] | undefined {
  const forms = new Set([word, word.replace(/e?s$/, ''), word.replace(/s$/, '')].map((form) => form.toLowerCase()));
  for (const [name, schema] of Object.entries(properties)) {
    const value = schema.enum?.find((entry) => typeof entry === 'string' && forms.has(entry.toLowerCase()));
    if (typeof value === 'string') return [name, value];
  }
  return undefined;
}

const RULES = new WeakMap<object, Map<string, PresenceRule[]>>();

/** The presence rules the operation's words give members of its body schema (read once per pair). */
export function presenceRulesOf(schema: JsonSchema, words: string | undefined): PresenceRule[] {
  if (typeof schema !== 'object' || schema === null) return [];
  words ??= '';
  let byWords = RULES.get(schema);
  if (!byWords) RULES.set(schema, (byWords = new Map()));
  let rules = byWords.get(words);
  if (!rules) byWords.set(words, (rules = readRules(membersOf(schema), words)));
  return rules;
}

function readRules(properties: Record<string, Schema>, words: string): PresenceRule[] {
  const rules: PresenceRule[] = [];
  for (const [member, schema] of Object.entries(properties)) {
    const said = typeof schema.description === 'string' ? OWN_REQUIRED_WHEN.exec(schema.description) : null;
    if (said && said[1]! in properties && said[1] !== member)
      rules.push({ member, when: said[1]!, value: said[2]!, required: true, otherwiseAbsent: false });
  }
  for (const sentence of sentencesOf([words])) {
    for (const [, member, when, value] of sentence.matchAll(REQUIRED_WHEN)) {
      if (!(member! in properties) || !(when! in properties)) continue;
      const otherwiseAbsent = ABSENT_OTHERWISE.test(sentence);
      rules.push({ member: member!, when: when!, value: value!, required: true, otherwiseAbsent });
    }
    for (const [, member, quoted, word] of sentence.matchAll(ONLY_FOR)) {
      if (!(member! in properties) || rules.some((rule) => rule.member === member)) continue;
      const found = memberValued(properties, quoted ?? word ?? '');
      if (found && found[0] !== member)
        rules.push({ member: member!, when: found[0], value: found[1], required: false, otherwiseAbsent: true });
    }
  }
  return rules;
}

/** Another value the deciding member's enum allows than `value`: its default first. */
function otherValue(schema: Schema | undefined, value: string): unknown {
  if (schema?.default !== undefined && schema.default !== value) return schema.default;
  return schema?.enum?.find((entry) => entry !== value);
}

/** The body with each rule kept, by choosing the deciding member's value to fit what the body holds. */
export function withSaidPresence(
  body: Record<string, unknown>,
  schema: JsonSchema,
  words: string | undefined,
  keep: (member: string) => boolean = () => false,
): Record<string, unknown> {
  const rules = presenceRulesOf(schema, words);
  if (rules.length === 0) return body;
  const properties = membersOf(schema);
  let kept = body;
  for (const rule of rules) {
    // A case about either member (one breaking the rule on purpose) keeps them as they are.
    if (keep(rule.member) || keep(rule.when)) continue;
    const decider = kept[rule.when] ?? properties[rule.when]?.default;
    const held = holds(kept[rule.member]);
    if (rule.required && decider === rule.value && !held) {
      const other = otherValue(properties[rule.when], rule.value);
      if (other !== undefined) kept = { ...kept, [rule.when]: other };
    } else if (rule.otherwiseAbsent && decider !== rule.value && held) kept = { ...kept, [rule.when]: rule.value };
  }
  return kept;
}

/** Bodies that break each rule, from one that keeps them: the member left out (an array emptied)
 * at the deciding value, or sent at another value where the words want it absent then. */
export function presenceBreaksOf(
  body: Record<string, unknown>,
  schema: JsonSchema,
  words: string | undefined,
): { value: Record<string, unknown>; label: string }[] {
  const properties = membersOf(schema);
  return presenceRulesOf(schema, words).flatMap((rule) => {
    const { member, when, value } = rule;
    const breaks: { value: Record<string, unknown>; label: string }[] = [];
    if (rule.required) {
      const { [member]: _left, ...without } = body;
      const emptied = Array.isArray(body[member]) || properties[member]?.type === 'array';
      breaks.push({
        value: emptied ? { ...body, [when]: value, [member]: [] } : { ...without, [when]: value },
        label: `${member} ${emptied ? 'empty' : 'left out'} where \`${when}\` is \`${value}\``,
      });
    }
    const other = otherValue(properties[when], value);
    if (rule.otherwiseAbsent && holds(body[member]) && other !== undefined)
      breaks.push({
        value: { ...body, [when]: other },
        label: `${member} sent where \`${when}\` is \`${String(other)}\`, not \`${value}\``,
      });
    return breaks;
  });
}
