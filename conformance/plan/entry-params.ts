// Path values naming an entry the made item holds. In /carts/{cartId}/lines/{lineNo}, a cart the run
// made answers its `lines`, each with a `lineNo`: the first one's names a line that exists, where a
// drawn number only ever meets a 404 and the body checks behind it never run.
import { isJsonObject } from '../judge/json-body.js';

/** Names compared without case and separators: `line-items`, `line_items` and `lineItems` agree. */
const plain = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

const memberNamed = (value: Record<string, unknown>, name: string): unknown =>
  Object.entries(value).find(([member]) => plain(member) === plain(name))?.[1];

/** The value naming the first entry of the made item's member that the path's segment after
 * `{parameter}` names, for the parameter after it; empty where the item holds no such entry. */
export function entryParams(path: string, parameter: string, item: unknown): Record<string, string> {
  const segments = path.split('/');
  const at = segments.indexOf(`{${parameter}}`);
  const [member, next] = segments.slice(at + 1, at + 3);
  if (at < 0 || !member || member.startsWith('{') || !next || !/^\{[^}]+\}$/.test(next) || !isJsonObject(item))
    return {};
  const entries = memberNamed(item, member);
  const first = Array.isArray(entries) ? entries.find(isJsonObject) : undefined;
  if (!first) return {};
  const name = next.slice(1, -1);
  // The entry's own member of the parameter's name, else its id (`{lineId}` over `lines[].id`).
  const value = memberNamed(first, name) ?? first.id;
  return typeof value === 'string' || typeof value === 'number' ? { [name]: String(value) } : {};
}
