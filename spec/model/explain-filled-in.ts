// What --explain says the service fills in on a resource's items (filled-in.ts): the instants it
// stamps, the parent and the caller it names, the counts and last numbers of children it keeps.
import type { CollectionSpec } from './collection-spec.js';
import { filledInOf, fillsNothing } from './filled-in.js';
import { formulasOf, formulaText } from './formulas.js';
import type { Resource } from './infer.js';

/** What the service fills in on the resource's items (filled-in.ts), where it fills in anything. */
export function filledInJson(
  resource: Resource,
  collections: readonly CollectionSpec[],
): Record<string, unknown> | undefined {
  const { collection } = resource;
  const item = (collection.read ?? collection.create)?.item.schema ?? collection.list?.items.schema;
  const filled = filledInOf(collection, item, collections);
  const formulas = formulasOf(item, collection.create?.operation);
  if (fillsNothing(filled) && formulas.length === 0) return undefined;
  const byName = <T extends { name: string }>(found: readonly T[], value: (one: T) => unknown) =>
    found.length > 0 ? Object.fromEntries(found.map((one) => [one.name, value(one)])) : undefined;
  const parts = {
    now: filled.now.filter((member) => !member.onChange).map((member) => member.name),
    movedByChanges: filled.now.filter((member) => member.onChange).map((member) => member.name),
    nullUntilState: filled.laterStates,
    parents: byName(filled.parents, (parent) => `{${parent.parameter ?? parent.name}}`),
    owners: byName(
      filled.owners.map((name) => ({ name })),
      ({ name }) => `the caller's ${filled.ownerLogins[name] ?? 'login'}`,
    ),
    counts: byName(filled.counts, (count) => count.child),
    lastNumbers: byName(filled.lastNumbers, (last) => last.child),
    referrers: byName(filled.referrers, (count) => `${count.collection} by ${count.member}`),
    computed: byName(
      formulas.map((formula) => ({ ...formula, name: formula.member })),
      (formula) => formulaText(formula),
    ),
  };
  return Object.fromEntries(
    Object.entries(parts).filter(([, value]) => (Array.isArray(value) ? value.length > 0 : value !== undefined)),
  );
}

/** The filled-in members as one line of --explain. */
export function filledInLine(filled: Record<string, unknown>): string {
  const said: Record<string, (value: never) => string> = {
    now: (names: string[]) => `${names.join(', ')} now`,
    movedByChanges: (names: string[]) => `${names.join(', ')} now, moved by each change`,
    nullUntilState: (names: string[]) => `${names.join(', ')} null until that state`,
    parents: (named: Record<string, string>) =>
      Object.entries(named)
        .map(([m, p]) => `${m} = ${p}`)
        .join(', '),
    owners: (named: Record<string, string>) =>
      Object.entries(named)
        .map(([m, w]) => `${m} = ${w}`)
        .join(', '),
    counts: (named: Record<string, string>) =>
      Object.entries(named)
        .map(([m, c]) => `${m} counts ${c}`)
        .join(', '),
    lastNumbers: (named: Record<string, string>) =>
      Object.entries(named)
        .map(([m, c]) => `${m} = highest number given in ${c}`)
        .join(', '),
    computed: (named: Record<string, string>) =>
      Object.entries(named)
        .map(([m, f]) => `${m} = ${f}`)
        .join(', '),
    referrers: (named: Record<string, string>) =>
      Object.entries(named)
        .map(([m, c]) => `${m} counts ${c}`)
        .join(', '),
  };
  return Object.entries(filled)
    .map(([part, value]) => said[part]!(value as never))
    .join('; ');
}
