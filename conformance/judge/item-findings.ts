// The findings of what an answer carries besides its body's schema: the headers the document
// requires, and what the service fills in on a creation. Part of the one catalog (findings.ts).
import { describeValue, type FindingKind } from './idiom-findings.js';

export const ITEM_FINDING_KINDS = {
  default_not_applied: {
    title: 'Default not applied',
    key: ['member'],
    received: (f) => `${String(f.member)} ${describeValue(f.got)} for a creation that left it out`,
    expected: (f) => `${describeValue(f.expected)}, the default the request schema gives it`,
  },
  parent_not_named: {
    title: 'Created item names another parent',
    key: ['member'],
    received: (f) => `${String(f.member)} ${describeValue(f.got)}`,
    expected: (f) => `${String(f.expected)}, the parent the creation's path names`,
  },
  instant_not_now: {
    title: 'Creation time is not the time of creation',
    key: ['member'],
    received: (f) => `${String(f.member)} ${String(f.got)}`,
    expected: (f) => `the moment it was made, within 5 minutes of the server's clock (${String(f.now)})`,
  },
  state_instant_set: {
    title: "A later state's time set on a new item",
    key: ['member'],
    received: (f) => `${String(f.member)} ${describeValue(f.got)} on an item just created`,
    expected: () => 'null or absent until the item reaches that state',
  },
  missing_header: {
    title: 'Required response header missing',
    key: ['header', 'status'],
    received: (f) => `${String(f.status)} without ${String(f.header)}`,
    expected: (f) => `the ${String(f.header)} header the document requires for it`,
  },
  missing_challenge: {
    title: '401 without WWW-Authenticate',
    received: () => '401 without a WWW-Authenticate header',
    expected: () =>
      'a challenge naming the scheme (WWW-Authenticate: Bearer), which RFC 9110 11.6.1 requires of every 401',
  },
  invalid_header: {
    title: 'Response header breaks its schema',
    key: ['header'],
    received: (f) => `${String(f.header)}: ${String(f.value)}`,
    expected: (f) => `a value its schema takes (${String(f.problem)})`,
  },
} satisfies Record<string, FindingKind>;
