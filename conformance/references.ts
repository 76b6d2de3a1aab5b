// Members of a request that name an item of another resource (`categoryId`, `owner_id`, `petIds`):
// a random value there names an item that exists nowhere, and a service may rightly refuse it. Only
// names of resources the document itself has paths for count (categoryId where there is
// /categories), so an ordinary field is never taken for a reference.
import { type CollectionSpec, type Contract, type Operation, propertiesOf } from '../spec/index.js';
import type { TestCase } from './model.js';

const REFERENCE = /^(.+?)(?:_ids?|Ids?|IDs?|-ids?)$/;

const resourcesByContract = new WeakMap<Contract, ReadonlySet<string>>();

/** Singular and plural lower-case names of every literal path segment (categories → category). */
function resourcesOf(contract: Contract): ReadonlySet<string> {
  let names = resourcesByContract.get(contract);
  if (!names) {
    const found = new Set<string>();
    for (const operation of contract.operations) {
      for (const segment of operation.path.split('/')) {
        if (segment === '' || segment.startsWith('{')) continue;
        const name = segment.toLowerCase().replace(/[-_]/g, '');
        found.add(name);
        found.add(singular(name));
      }
    }
    names = found;
    resourcesByContract.set(contract, names);
  }
  return names;
}

function singular(plural: string): string {
  if (plural.endsWith('ies')) return `${plural.slice(0, -3)}y`;
  if (/(?:ss|sh|ch|x|z)es$/.test(plural)) return plural.slice(0, -2);
  return plural.endsWith('s') ? plural.slice(0, -1) : plural;
}

const prefixOf = (member: string): string | undefined =>
  REFERENCE.exec(member)?.[1]?.toLowerCase().replace(/[-_]/g, '');

/** The first member of the case's JSON body or query that names another resource's item (one the
 * run filled with an id it saw listed aside). */
export function referenceIn(contract: Contract, testCase: TestCase): string | undefined {
  const names = resourcesOf(contract);
  const isReference = (member: string): boolean => {
    const prefix = prefixOf(member);
    return prefix !== undefined && names.has(prefix) && !testCase.knownReferences?.includes(member);
  };
  const payload = testCase.payload;
  const body =
    payload?.kind === 'json' && typeof payload.value === 'object' && payload.value !== null ? payload.value : {};
  const inBody = Object.keys(body).find(isReference);
  if (inBody !== undefined) return inBody;
  return testCase.parameters?.find((placed) => placed.in === 'query' && isReference(placed.name))?.name;
}

/** Members of the operation's request body that name an item of another collection the run can
 * list, with that collection: where ids that exist can be read. */
export function referencedCollections(
  operation: Operation,
  collections: readonly CollectionSpec[],
): Map<string, CollectionSpec> {
  const schema = operation.requestBody?.content.find((media) => media.validator)?.validator?.schema;
  const found = new Map<string, CollectionSpec>();
  for (const member of Object.keys(propertiesOf(schema))) {
    const prefix = prefixOf(member);
    if (prefix === undefined) continue;
    const collection = collections.find((c) => {
      const last =
        c.path
          .split('/')
          .filter((segment) => segment && !segment.startsWith('{'))
          .at(-1) ?? '';
      return (
        c.list &&
        c.create?.operation !== operation &&
        singular(last.toLowerCase().replace(/[-_]/g, '')) === singular(prefix)
      );
    });
    if (collection) found.set(member, collection);
  }
  return found;
}

/** The case with each reference member set to an id its collection listed, where the kinds agree
 * (an integer for an integer): valid input that names items which exist. */
export function withKnownReferences(testCase: TestCase, ids: ReadonlyMap<string, unknown>): TestCase {
  const payload = testCase.payload;
  if (payload?.kind !== 'json' || typeof payload.value !== 'object' || payload.value === null) return testCase;
  const value = { ...(payload.value as Record<string, unknown>) };
  const filled: string[] = [];
  for (const [member, id] of ids) {
    const sent = value[member];
    if (!Object.hasOwn(value, member) || typeof sent !== typeof id) continue;
    if (typeof sent === 'number' && Number.isInteger(sent) !== Number.isInteger(id)) continue;
    value[member] = id;
    filled.push(member);
  }
  if (filled.length === 0) return testCase;
  return {
    ...testCase,
    payload: { ...payload, value },
    label: `${testCase.label} (${filled.join(', ')} of a listed item)`,
    knownReferences: filled,
  };
}

/** A plan with its plain valid cases, and those sending service-assigned values, naming listed
 * items, so only what the case is about can be refused (the others keep their made-up ids). */
export function withReferences<P extends { readonly probe?: TestCase; readonly cases: readonly TestCase[] }>(
  plan: P,
  ids: ReadonlyMap<string, unknown>,
): P {
  if (ids.size === 0) return plan;
  const fill = (testCase: TestCase) =>
    testCase.plain || testCase.assigned ? withKnownReferences(testCase, ids) : testCase;
  return { ...plan, ...(plan.probe ? { probe: fill(plan.probe) } : {}), cases: plan.cases.map(fill) };
}
