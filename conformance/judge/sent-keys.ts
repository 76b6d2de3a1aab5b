// Keys the client chooses, as the run's creations sent them: a documented conflict (409) for a key
// the run itself sent in another creation is the run's own doing (its generated bodies, a shrunk
// property example, two scenarios whose fresh values met), not a refusal of valid input. A key sent
// once, fresh, that meets a 409 is still judged as before.

import type { CollectionSpec, Operation } from '../../spec/index.js';
import type { TestCase } from '../model.js';
import { asObject } from './json-body.js';

export class SentKeys {
  /** The key member of each creation whose collection the client keys. */
  private readonly keyOf: ReadonlyMap<Operation, string>;
  /** How often each key value went out, per creation. */
  private readonly sent = new Map<Operation, Map<string, number>>();

  constructor(collections: readonly CollectionSpec[]) {
    this.keyOf = clientKeyMembers(collections);
  }

  /** The key member and its value; where the model knows no key but the operation documents a
   * conflict (a tag named by the client, with no path of its own), each top-level text member. */
  private valuesOf(testCase: TestCase): { member: string; text: string }[] {
    const body = testCase.payload?.kind === 'json' ? asObject(testCase.payload.value) : undefined;
    if (!body) return [];
    const member = this.keyOf.get(testCase.operation);
    if (member !== undefined) return body[member] === undefined ? [] : [{ member, text: JSON.stringify(body[member]) }];
    if (!conflictDocumented(testCase.operation)) return [];
    return Object.entries(body)
      .filter(([, value]) => typeof value === 'string' && value !== '')
      .map(([name, value]) => ({ member: name, text: `${name}=${JSON.stringify(value)}` }));
  }

  /** Notes a creation that went out. */
  note(testCase: TestCase): void {
    const keys = this.valuesOf(testCase);
    if (keys.length === 0) return;
    let counts = this.sent.get(testCase.operation);
    if (!counts) this.sent.set(testCase.operation, (counts = new Map()));
    for (const key of keys) counts.set(key.text, (counts.get(key.text) ?? 0) + 1);
  }

  /** The key member, where another creation of the run sent the same key as this one. */
  sentByAnother(testCase: TestCase): string | undefined {
    const counts = this.sent.get(testCase.operation);
    return this.valuesOf(testCase).find((key) => (counts?.get(key.text) ?? 0) > 1)?.member;
  }
}

const conflictDocumented = (operation: Operation): boolean =>
  operation.method === 'POST' && operation.responses.some((response) => response.status === '409');

/** The key member of each creation whose collection the client keys. */
export function clientKeyMembers(collections: readonly CollectionSpec[]): ReadonlyMap<Operation, string> {
  const members = new Map<Operation, string>();
  for (const collection of collections)
    if (collection.clientKey && collection.create) members.set(collection.create.operation, collection.idProperty);
  return members;
}
