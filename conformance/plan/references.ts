// Members of a request that name an item of another resource (`categoryId`, `owner_id`, `petIds`):
// a random value there names an item that exists nowhere, and a service may rightly refuse it. Only
// names of resources the document itself has paths for count (categoryId where there is
// /categories), so an ordinary field is never taken for a reference.
import { type CollectionSpec, type Contract, type Operation, propertiesOf } from '../../spec/index.js';
import { asObject } from '../judge/json-body.js';
import type { TestCase } from '../model.js';

const REFERENCE = /^(.+?)(?:_ids?|Ids?|IDs?|-ids?)$/;

const resourcesByContract = new WeakMap<Contract, ReadonlySet<string>>();

/** A resource's name as paths and members spell it, made comparable: categories, Category and
 * category_ all read as "category". */
function resourceName(word: string): string {
  const name = word.toLowerCase().replace(/[-_]/g, '');
  if (name.endsWith('ies')) return `${name.slice(0, -3)}y`;
  if (/(?:ss|sh|ch|x|z)es$/.test(name)) return name.slice(0, -2);
  return name.endsWith('s') ? name.slice(0, -1) : name;
}

/** The resource a member names (categoryId → category), if it looks like a reference at all. */
function referencedName(member: string): string | undefined {
  const prefix = REFERENCE.exec(member)?.[1];
  return prefix === undefined ? undefined : resourceName(prefix);
}

/** The resources of every literal path segment of the document. */
function resourcesOf(contract: Contract): ReadonlySet<string> {
  let names = resourcesByContract.get(contract);
  if (!names) {
    names = new Set(
      contract.operations.flatMap((operation) => operation.path.split('/').filter(isLiteral).map(resourceName)),
    );
    resourcesByContract.set(contract, names);
  }
  return names;
}

const isLiteral = (segment: string): boolean => segment !== '' && !segment.startsWith('{');

/** The first member of the case's JSON body or query that names another resource's item (one the
 * run filled with an id it saw listed aside). */
export function referenceIn(contract: Contract, testCase: TestCase): string | undefined {
  const names = resourcesOf(contract);
  const isReference = (member: string): boolean => {
    const name = referencedName(member);
    return name !== undefined && names.has(name) && !testCase.knownReferences?.includes(member);
  };
  const body = (testCase.payload?.kind === 'json' ? asObject(testCase.payload.value) : undefined) ?? {};
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
    const name = referencedName(member);
    if (name === undefined) continue;
    const collection = collections.find(
      (c) =>
        c.list &&
        c.create?.operation !== operation &&
        resourceName(c.path.split('/').filter(isLiteral).at(-1) ?? '') === name,
    );
    if (collection) found.set(member, collection);
  }
  return found;
}

/** Whether a text names a member as a word ("vetId is a number" names vetId). */
export const namesMember = (text: string, member: string): boolean =>
  new RegExp(`(^|[^\\w])${member.replace(/[^\w]/g, '\\$&')}($|[^\\w])`).test(text);

/** Whether an invalid case is about this member (its mutation's label names it). */
export function breaks(testCase: TestCase, member: string): boolean {
  return testCase.mutation !== undefined && namesMember(testCase.mutation, member);
}

/** The case with each reference member set to an id its collection listed, where the kinds agree
 * (an integer for an integer): valid input that names items which exist. */
export function withKnownReferences(testCase: TestCase, ids: ReadonlyMap<string, unknown>): TestCase {
  const payload = testCase.payload;
  const sentBody = payload?.kind === 'json' ? asObject(payload.value) : undefined;
  if (!sentBody) return testCase;
  const value = { ...sentBody };
  const filled: string[] = [];
  for (const [member, id] of ids) {
    const sent = value[member];
    // An invalid case keeps the member its mutation broke.
    if (!Object.hasOwn(value, member) || typeof sent !== typeof id || breaks(testCase, member)) continue;
    if (typeof sent === 'number' && Number.isInteger(sent) !== Number.isInteger(id)) continue;
    value[member] = id;
    filled.push(member);
  }
  if (filled.length === 0) return testCase;
  return {
    ...testCase,
    payload: { kind: 'json', value },
    label: `${testCase.label} (${filled.join(', ')} of a listed item)`,
    knownReferences: filled,
  };
}

/** A plan with its plain valid cases, those sending service-assigned values and its invalid bodies
 * naming listed items, so only what the case is about can be refused: an invalid body with a
 * made-up vetId is refused for the vet, and its own fault goes unseen. */
export function withReferences<P extends { readonly probe?: TestCase; readonly cases: readonly TestCase[] }>(
  plan: P,
  ids: ReadonlyMap<string, unknown>,
): P {
  if (ids.size === 0) return plan;
  const fill = (testCase: TestCase) =>
    testCase.plain || testCase.assigned || (testCase.kind === 'negative' && testCase.mutation)
      ? withKnownReferences(testCase, ids)
      : testCase;
  return { ...plan, ...(plan.probe ? { probe: fill(plan.probe) } : {}), cases: plan.cases.map(fill) };
}
