// Keys the client chooses, as the run's creations sent them: a documented conflict (409) for a key
// the run itself sent in another creation is the run's own doing (its generated bodies, a shrunk
// property example, two scenarios whose fresh values met), not a refusal of valid input. A key sent
// once, fresh, that meets a 409 is still judged as before.

import type { CollectionSpec, Operation } from '../../spec/index.js';
import type { TestCase } from '../model.js';
import { asObject } from './json-body.js';

export class SentKeys {
  /** The key member of each creation whose collection the client keys. */
  private readonly keyOf = new Map<Operation, string>();
  /** How often each key value went out, per creation. */
  private readonly sent = new Map<Operation, Map<string, number>>();

  constructor(collections: readonly CollectionSpec[]) {
    for (const collection of collections) {
      if (collection.clientKey && collection.create) this.keyOf.set(collection.create.operation, collection.idProperty);
    }
  }

  private valueOf(testCase: TestCase): { member: string; text: string } | undefined {
    const member = this.keyOf.get(testCase.operation);
    const body = testCase.payload?.kind === 'json' ? asObject(testCase.payload.value) : undefined;
    const value = member === undefined ? undefined : body?.[member];
    return member === undefined || value === undefined ? undefined : { member, text: JSON.stringify(value) };
  }

  /** Notes a creation that went out. */
  note(testCase: TestCase): void {
    const key = this.valueOf(testCase);
    if (!key) return;
    let counts = this.sent.get(testCase.operation);
    if (!counts) this.sent.set(testCase.operation, (counts = new Map()));
    counts.set(key.text, (counts.get(key.text) ?? 0) + 1);
  }

  /** The key member, where another creation of the run sent the same key as this one. */
  sentByAnother(testCase: TestCase): string | undefined {
    const key = this.valueOf(testCase);
    return key && (this.sent.get(testCase.operation)?.get(key.text) ?? 0) > 1 ? key.member : undefined;
  }
}
