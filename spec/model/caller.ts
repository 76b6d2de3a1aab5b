// Who the caller is: the document's current-user operation (`GET /me`, `/user`, `/users/me`) and
// the member of its answer that names the user. A service fills owner-like members with it; the
// runner compares them with what that operation answers for its key.

import type { Contract, Operation } from '../contract/types.js';
import { propertiesOf } from '../schema/all-of.js';
import { jsonSuccess } from './collections.js';

const CURRENT_USER_PATH = /\/(me|self|whoami|current[_-]?user|user|account|profile)$/i;
/** The members that name a user, most specific first. */
const LOGIN_MEMBERS = ['login', 'username', 'user_name', 'userName', 'handle', 'name', 'email', 'id'];

/** Who the caller is, as the current-user operation's answer names it: the usual member's value, and
 * every string member's (an owner whose words say "the id of the user" takes the `id`). */
export interface CallerNames {
  readonly usual: string;
  readonly members: Readonly<Record<string, string>>;
}

const looseName = (name: string): string => name.toLowerCase().replace(/[_-]/g, '');

/** The caller's name in the member `word` names (`username` for user_name), else the usual one. */
export function callerNamed(caller: CallerNames, word: string | undefined): string {
  if (word === undefined) return caller.usual;
  const member = Object.keys(caller.members).find((name) => looseName(name) === looseName(word));
  return member === undefined ? caller.usual : caller.members[member]!;
}

export interface CurrentUser {
  readonly operation: Operation;
  /** The member of its answer that names the user. */
  readonly member: string;
}

/** The current-user operation: a GET without path parameters on such a path, answering an object
 * with a member that names a user; undefined where the document has none. */
export function currentUserOf(contract: Contract): CurrentUser | undefined {
  for (const operation of contract.operations) {
    if (operation.method !== 'GET' || operation.unspecified || operation.path.includes('{')) continue;
    if (!CURRENT_USER_PATH.test(operation.path)) continue;
    const properties = propertiesOf(jsonSuccess(operation)?.schema);
    const member = LOGIN_MEMBERS.find((name) => {
      const schema = properties[name] as { type?: unknown } | undefined;
      return schema !== undefined && (schema.type === 'string' || schema.type === undefined);
    });
    if (member) return { operation, member };
  }
  return undefined;
}
