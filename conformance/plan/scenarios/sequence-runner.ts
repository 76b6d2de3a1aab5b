// What a sequence is given to talk to the target with, and how it reads an item from an answer.
import { answeredItem, type CollectionSpec } from '../../../spec/index.js';
import type { Scope } from '../../judge/evaluate.js';
import type { Executed, ParsedBody, TestCase } from '../../model.js';
import type { Exchange } from '../../send/http.js';

export interface SequenceRunner {
  /** Sends a case and returns the exchange, unjudged. */
  readonly send: (testCase: TestCase) => Promise<Exchange | undefined>;
  /** Sends, judges and records a case. */
  readonly execute: (testCase: TestCase, scope: Scope) => Promise<Executed | undefined>;
  /** Judges and records an exchange that was already sent. */
  readonly conclude: (testCase: TestCase, exchange: Exchange, body: ParsedBody, scope: Scope) => void;
  readonly stopped: () => boolean;
}

type Item = Record<string, unknown>;

/** The item an answer of the collection holds (unwrapped where its answers wrap it). */
export function itemOf(body: ParsedBody, collection: CollectionSpec): Item | undefined {
  return body.kind === 'json' ? answeredItem(collection, body.value) : undefined;
}
