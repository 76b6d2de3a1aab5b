// The store of every session: the seeded collections, copied for each session on first use.

import { OWNER_SUFFIX } from './owners.js';
import type { Collection, Collections } from './store.js';

/**
 * The store of every session. Requests without a session share the default one; a session
 * gets its own copy of the seeded collections on first use. The least recently used session
 * is dropped past maxSessions, so a client minting session ids cannot exhaust memory.
 */
export class SessionStore {
  private defaultCollections: Map<string, Collection>;
  private readonly sessions = new Map<string, Map<string, Collection>>();

  constructor(
    private readonly seeded: Collections,
    private readonly maxSessions = 1000,
  ) {
    this.defaultCollections = copyAll(seeded);
  }

  collections(session: string | undefined): Collections {
    if (session === undefined) return this.defaultCollections;
    let collections = this.sessions.get(session);
    if (collections) {
      this.sessions.delete(session); // re-inserted below: Map order is the LRU order
    } else {
      collections = copyAll(this.seeded);
      if (this.sessions.size >= this.maxSessions) this.sessions.delete(this.sessions.keys().next().value!);
    }
    this.sessions.set(session, collections);
    return collections;
  }

  /** The data of the store this one replaces, for the collections that still exist. */
  adopt(previous: SessionStore): void {
    const templates = [...this.seeded.keys()].map(
      (template) =>
        new RegExp(
          `^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]*\\?\}/g, '\\{[^}]*\\}')}${OWNER_SUFFIX}$`,
        ),
    );
    const keep = (from: ReadonlyMap<string, Collection>, into: Map<string, Collection>) => {
      for (const [key, collection] of from)
        if (templates.some((template) => template.test(key))) into.set(key, collection);
    };
    keep(previous.defaultCollections, this.defaultCollections);
    for (const [session, collections] of previous.sessions) {
      const mine = copyAll(this.seeded);
      keep(collections, mine);
      this.sessions.set(session, mine);
    }
  }

  /** Back to the seed: one session, or everything when no session is named. */
  reset(session?: string): void {
    if (session !== undefined) {
      this.sessions.delete(session);
      return;
    }
    this.sessions.clear();
    this.defaultCollections = copyAll(this.seeded);
  }
}

function copyAll(collections: Collections): Map<string, Collection> {
  return new Map([...collections].map(([path, collection]) => [path, collection.clone()]));
}
