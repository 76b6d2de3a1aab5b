// Items that belong to the credential that made them (the model's owned resources): each
// credential sees its own copy of such a collection, so another user's item is not there (404).
import { etagOf } from './conditional.js';

/** The store key of a credential's own collection: the shared key and a hash of the credential
 * (never the credential itself: the store's keys may be listed). */
export function ownedKey(shared: string, credential: string | undefined): string {
  // Kept per collection and credential: a key built anew each request is hashed anew by every map
  // it is looked up in.
  let byCredential = OWNED_KEYS.get(shared);
  if (!byCredential) {
    if (OWNED_KEYS.size >= 1000) OWNED_KEYS.clear();
    byCredential = new Map();
    OWNED_KEYS.set(shared, byCredential);
  }
  const given = credential ?? '';
  let key = byCredential.get(given);
  if (key === undefined) {
    key = `${shared}#owner:${ownerHash(given)}`;
    if (byCredential.size >= 1000) byCredential.clear();
    byCredential.set(given, key);
  }
  return key;
}

// Only accepted keys and existing collections get here, so the maps stay as small as those.
const OWNED_KEYS = new Map<string, Map<string, string>>();

// Hashed once per credential: only accepted keys get here, so the map stays as small as the keys.
const HASHES = new Map<string, string>();
function ownerHash(credential: string): string {
  let hash = HASHES.get(credential);
  if (hash === undefined) {
    hash = etagOf(credential).slice(1, -1);
    if (HASHES.size >= 1000) HASHES.clear();
    HASHES.set(credential, hash);
  }
  return hash;
}

/** A store key with an owner's part, for the templates that match keys on reload. */
export const OWNER_SUFFIX = '(#owner:[0-9a-f]+)?';
