// Actions the words allow only once a time of the item has passed: "only once `endsAt` has passed",
// "only when the event's `endsAt` is not later than the time of the request", "only after
// `closesAt`". Read from the action's summary and description and the overview's passages naming
// it, for a date-time member of the item. The runner makes an item whose time is still ahead
// (begun, where it ends a span) and expects the action refused.
import type { Contract, Operation } from '../contract/types.js';
import { escapeRegExp } from '../json/text.js';
import { propertiesOf } from '../schema/all-of.js';
import type { CollectionSpec } from './collections.js';
import { passagesNaming } from './sentences.js';

export interface TimedAction {
  readonly verb: string;
  /** The item's time that must have passed. */
  readonly member: string;
  readonly words: string;
}

/** "only once|when|after [the x's] `m` has passed|is not later than the time of the request|…". */
const passedAfter = (member: string) =>
  new RegExp(
    String.raw`\bonly\s+(?:once|when|after|if)\s+(?:the\s+[\w-]+(?:'s)?\s+)?\`?${escapeRegExp(member)}\`?\s+(?:has\s+passed|is\s+(?:in\s+the\s+past|past|not\s+later\s+than\s+(?:the\s+time\s+of\s+the\s+request|now)|(?:at\s+or\s+)?before\s+(?:now|the\s+time\s+of\s+the\s+request)))`,
    'i',
  );
const afterMember = (member: string) =>
  new RegExp(String.raw`\bonly\s+after\s+(?:the\s+[\w-]+(?:'s)?\s+)?\`${escapeRegExp(member)}\`(?!\s+\w)`, 'i');

/** How far after an action is named the overview's words may speak of it. */
const NEAR = 160;

export function timedActionsOf(
  collection: CollectionSpec,
  actions: readonly { readonly verb: string; readonly operation: Operation }[],
  contract: Contract,
): TimedAction[] {
  const schema = collection.read?.item.schema ?? collection.create?.item.schema;
  const times = Object.entries(propertiesOf(schema))
    .filter(([, property]) => (property as { format?: unknown }).format === 'date-time')
    .map(([name]) => name);
  if (times.length === 0) return [];
  const info = (contract.document.info ?? {}) as { description?: unknown };
  const overview = typeof info.description === 'string' ? info.description : undefined;
  const found: TimedAction[] = [];
  for (const { verb, operation } of actions) {
    const own = [operation.summary, operation.description].filter((text): text is string => typeof text === 'string');
    // In the overview, only the words right after the action is named, up to the next operation named:
    // a passage may name several.
    const named = new RegExp(`${operation.method}\\s+\`?${escapeRegExp(operation.path)}\`?`, 'i');
    const passages = passagesNaming(overview, operation.method, operation.path).map((passage) => {
      const found = named.exec(passage);
      if (!found) return '';
      const rest = passage.slice(found.index + found[0].length);
      const next = rest.search(/\b(?:GET|POST|PUT|PATCH|DELETE)\s+\//);
      return rest.slice(0, Math.min(next < 0 ? NEAR : next, NEAR));
    });
    const text = [...own, ...passages].join(' ').replace(/\s+/g, ' ');
    for (const member of times) {
      const said = passedAfter(member).exec(text) ?? afterMember(member).exec(text);
      if (said) {
        found.push({ verb, member, words: said[0].replace(/`/g, '') });
        break;
      }
    }
  }
  return found;
}
