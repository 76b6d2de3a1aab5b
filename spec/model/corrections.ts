// What a user says where inference read a document wrong, without editing the published document:
// an `x-model` object on a path item, or a model file (an OpenAPI Overlay 1.0 whose actions update
// path items with `x-model`, or a plain {"resources": {"/path": {...}}}). The file wins.
import { ContractError } from '../contract-error.js';

export interface ResourceCorrection {
  /** The envelope member that holds a list's items ("data", "droplets"). */
  readonly items?: string;
  /** The member that wraps one item in an answer ("droplet"). */
  readonly item?: string;
  /** The id property of the items. */
  readonly id?: string;
  /** The query parameter that takes the next page's token. */
  readonly cursor?: string;
  /** Where the list answer gives the next page's token: a member, dotted for a nested one ("meta.next"). */
  readonly next?: string;
  /** On an action's path: the member it moves and the value it moves it to. */
  readonly member?: string;
  readonly target?: unknown;
  /** On a resource: its items belong to the credential that created them (or not: false). */
  readonly owned?: boolean;
  /** On a resource: false where words read as a rule of unique values are none (unique-values.ts). */
  readonly unique?: boolean;
  /** On a resource: false where words read as binding its times to its parent's are none (anchors.ts). */
  readonly anchored?: boolean;
  /** On a resource: false where words read as refusing its deletion while it has children are none. */
  readonly keptByChildren?: boolean;
}

/** The correction for a path (a collection's, an item's or an action's); {} where none is given. */
export type Corrections = (path: string) => ResourceCorrection;

export const NO_CORRECTIONS: Corrections = () => ({});

const KEYS: Readonly<Record<keyof ResourceCorrection, 'string' | 'boolean' | 'any'>> = {
  items: 'string',
  item: 'string',
  id: 'string',
  cursor: 'string',
  next: 'string',
  member: 'string',
  target: 'any',
  owned: 'boolean',
  unique: 'boolean',
  anchored: 'boolean',
  keptByChildren: 'boolean',
};

function checked(value: unknown, where: string, file: string): ResourceCorrection {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new ContractError(file, where, 'x-model must be an object');
  for (const [key, given] of Object.entries(value)) {
    const kind = KEYS[key as keyof ResourceCorrection];
    if (!kind)
      throw new ContractError(file, where, `x-model: unknown member "${key}" (known: ${Object.keys(KEYS).join(', ')})`);
    if (kind !== 'any' && typeof given !== kind)
      throw new ContractError(file, where, `x-model: ${key} must be a ${kind}`);
  }
  return value as ResourceCorrection;
}

// $.paths['/bookings'] or $.paths["/bookings"]: the one target form a model overlay needs.
const PATH_TARGET = /^\$\.paths\[(['"])(.+)\1\]$/;

/** The corrections a model file gives, by path. */
export function correctionsFromFile(data: unknown, file: string): Map<string, ResourceCorrection> {
  const found = new Map<string, ResourceCorrection>();
  if (typeof data !== 'object' || data === null) throw new ContractError(file, '', 'a model file must be an object');
  const record = data as Record<string, unknown>;
  if ('overlay' in record) {
    const actions = Array.isArray(record.actions) ? record.actions : [];
    actions.forEach((action, index) => {
      const { target, update } = (action ?? {}) as { target?: unknown; update?: Record<string, unknown> };
      const path = typeof target === 'string' ? PATH_TARGET.exec(target)?.[2] : undefined;
      if (!path)
        throw new ContractError(file, `/actions/${index}/target`, `a target of the form $.paths['/path'] is needed`);
      if (update?.['x-model'] !== undefined)
        found.set(path, checked(update['x-model'], `/actions/${index}/update/x-model`, file));
    });
    return found;
  }
  const resources = record.resources;
  if (typeof resources !== 'object' || resources === null)
    throw new ContractError(file, '', 'a model file is an Overlay 1.0 document or {"resources": {"/path": {...}}}');
  for (const [path, correction] of Object.entries(resources))
    found.set(path, checked(correction, `/resources/${path}`, file));
  return found;
}

/** The document's own `x-model` objects, then a model file's, by path. */
export function correctionsOf(
  document: Readonly<Record<string, unknown>>,
  file: string,
  fromFile?: ReadonlyMap<string, ResourceCorrection>,
): Corrections {
  const paths = (document.paths ?? {}) as Record<string, Record<string, unknown> | undefined>;
  const found = new Map<string, ResourceCorrection>();
  for (const [path, item] of Object.entries(paths)) {
    const extension = item?.['x-model'];
    if (extension !== undefined) found.set(path, checked(extension, `/paths/${path}/x-model`, file));
  }
  for (const [path, correction] of fromFile ?? []) found.set(path, { ...found.get(path), ...correction });
  return found.size === 0 ? NO_CORRECTIONS : (path) => found.get(path) ?? {};
}
