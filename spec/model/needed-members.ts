// A member of the item an action needs set: "`start` is also refused with `409` while no
// technician is assigned", "refused (`409`) while `assignedTechnicianId` is null". Read from the
// action's own words (for actions named in a body that share one description, only a clause naming
// the action); the member is the item's that names the resource the words name, or the one they
// name outright. The runner takes the action on an item made without it; the mock refuses it there.
import type { Operation } from '../contract/types.js';
import { propertiesOf } from '../schema/all-of.js';
import type { CollectionSpec } from './collections.js';
import { namesResource } from './references.js';
import { clausesOf } from './sentences.js';

export interface NeedsMember {
  readonly operation: Operation;
  readonly verb: string;
  /** The item's member that must be set, and the documented refusal. */
  readonly member: string;
  readonly status: number;
  readonly words: string;
}

const REFUSED = /\b(?:refused|rejected|not allowed|fails?|answers?)\b/i;
/** "while no technician is assigned": the resource word. */
const NO_RESOURCE =
  /\b(?:while|when|if|as long as)\s+no\s+([a-z][\w-]*)\s+(?:is|has been|was)\s+(?:assigned|set|given|chosen|named)\b/i;
/** "while `assignedTechnicianId` is null": the member itself. */
const MEMBER_NULL = /\b(?:while|when|if|as long as)\s+`?([A-Za-z_]\w*)`?\s+is\s+(?:`?null`?|not set|empty|missing)\b/i;

/** The actions whose words refuse them while a member of the item is unset. */
export function membersNeededOf(
  collection: CollectionSpec,
  actions: readonly { readonly verb: string; readonly operation: Operation }[],
): NeedsMember[] {
  const members = Object.keys(propertiesOf(collection.read?.item.schema ?? collection.create?.item.schema));
  // A variant of one operation taking several actions by a body member shares its description.
  const shared = (operation: Operation) =>
    operation.variantOf !== undefined || actions.filter((action) => action.operation === operation).length > 1;
  const found: NeedsMember[] = [];
  for (const { verb, operation } of actions) {
    const documented = new Set(operation.responses.map((r) => r.status).filter((s) => /^4(?:09|22|00)$/.test(s)));
    for (const clause of clausesOf(`${operation.summary ?? ''}. ${operation.description ?? ''}`)) {
      // One description for several actions (a `transitions` endpoint): the clause must name this one.
      if (shared(operation) && !new RegExp(`(?:^|[^\\w-])${verb}(?:[^\\w-]|$)`).test(clause)) continue;
      const statuses = [...clause.matchAll(/\b(4\d\d)\b/g)].map((m) => m[1]!).filter((s) => documented.has(s));
      if (!REFUSED.test(clause) || new Set(statuses).size !== 1) continue;
      const resource = NO_RESOURCE.exec(clause)?.[1];
      const named = MEMBER_NULL.exec(clause)?.[1];
      const member =
        named !== undefined && members.includes(named)
          ? named
          : resource !== undefined
            ? members.find((one) => namesResource(one, resource.toLowerCase()))
            : undefined;
      if (member === undefined) continue;
      found.push({ operation, verb, member, status: Number(statuses[0]), words: clause.replace(/\s+/g, ' ').trim() });
      break;
    }
  }
  return found;
}
