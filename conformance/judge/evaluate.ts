// Judges one exchange: parses the body once, gathers the facts a check needs beyond the exchange
// (evidence, read from the target before judging), and applies every enabled check.
import {
  type CollectionSpec,
  type Contract,
  documentedStatuses,
  filledInOf,
  isJsonMediaType,
  parseMediaType,
  propertiesOf,
  putCreation,
  responseFor,
} from '../../spec/index.js';
import type { CheckContext, Executed, Facts, NamedCheck, ParsedBody, SequenceEvidence, TestCase } from '../model.js';
import { isFreeString } from '../plan/context.js';
import type { Exchange } from '../send/http.js';
import { parseJson } from './json-body.js';

export function parseBody(exchange: Exchange): ParsedBody {
  if (!exchange.ok) return { kind: 'empty' };
  const { response } = exchange;
  if (response.bytes === 0) return { kind: 'empty' };
  const type = parseMediaType(response.headers['content-type'])?.essence ?? '';
  // Only a body that says it is JSON (or says nothing) is read as JSON: text that happens to parse
  // ("123" as text/plain) is still text.
  if (type !== '' && !isJsonMediaType(type)) return { kind: 'not-json' };
  try {
    return { kind: 'json', value: parseJson(response.text) };
  } catch (error) {
    return { kind: 'unparseable', error: (error as Error).message };
  }
}

export interface Scope {
  readonly collection?: CollectionSpec;
  readonly sequence?: SequenceEvidence;
}

export function judge(
  contract: Contract,
  checks: readonly NamedCheck[],
  testCase: TestCase,
  exchange: Exchange,
  body: ParsedBody,
  scope: Scope,
  facts: Facts = {},
): Executed {
  const context: CheckContext = {
    contract,
    testCase,
    exchange,
    body,
    facts,
    ...(exchange.ok ? { response: responseFor(testCase.operation, exchange.response.status) } : {}),
    ...(scope.collection ? { collection: scope.collection } : {}),
    ...(scope.sequence ? { sequence: scope.sequence } : {}),
  } as CheckContext;
  const findings: Array<Executed['findings'][number]> = [];
  const applied: NamedCheck[] = [];
  for (const check of checks) {
    const outcome = check.run(context);
    if (outcome === undefined) continue;
    applied.push(check);
    for (const found of outcome) findings.push({ check, finding: found });
  }
  // One exchange, one verdict: where a check fails it, no other check's note says it is fine.
  const failed = findings.some(({ finding }) => finding.severity !== 'note');
  const verdict = failed ? findings.filter(({ finding }) => finding.severity !== 'note') : findings;
  return { testCase, exchange, body, findings: verdict, applied };
}

/** Reads the collection's list, for evidence; undefined when it could not be read. */
export type ReadList = (collection: CollectionSpec) => Promise<readonly unknown[] | undefined>;

/**
 * A creation of plain valid input refused with 400: uniqueness is not specified, so a refusal of a
 * value the list already holds (a replay with the same seed sends the same values) is no failure.
 * One list read tells which; the check sees the answer as a fact.
 */
/** What the current-user operation answers for the run's key (once per run), where it has one. */
export type ReadCaller = () => Promise<Facts['caller']>;

export async function gatherFacts(
  testCase: TestCase,
  exchange: Exchange,
  scope: Scope,
  readList: ReadList,
  readCaller?: ReadCaller,
): Promise<Facts> {
  const caller = readCaller && ownerFilled(testCase, exchange, scope) ? await readCaller() : undefined;
  const refusal = await refusalFacts(testCase, exchange, scope, readList);
  return caller ? { ...refusal, caller } : refusal;
}

/** A creation answered with an item whose owner-like members the service fills in. */
function ownerFilled(testCase: TestCase, exchange: Exchange, { collection }: Scope): boolean {
  // Made by its creation, or by a PUT at a key the client chooses.
  const making = collection?.create ?? (collection && putCreation(collection));
  const schema = making?.item?.schema;
  if (!making || !schema || testCase.operation !== making.operation || testCase.kind !== 'positive' || !exchange.ok)
    return false;
  const status = exchange.response.status;
  return status >= 200 && status < 300 && filledInOf(collection!, schema).owners.length > 0;
}

async function refusalFacts(testCase: TestCase, exchange: Exchange, scope: Scope, readList: ReadList): Promise<Facts> {
  const { collection } = scope;
  const payload = testCase.payload;
  const status = exchange.ok ? exchange.response.status : undefined;
  // A documented 409 is a conflict with state: what the run itself made may hold the same value
  // (a slot booked twice), so a time or a number counts there as well as free text.
  const conflict = status === 409 && documentedStatuses(testCase.operation).includes(409);
  const refused = status === 400 || conflict;
  if (!refused || testCase.kind !== 'positive' || (!testCase.plain && !conflict) || payload?.kind !== 'json') return {};
  if (!collection?.list || collection.create?.operation !== testCase.operation) return {};
  const sent = payload.value as Record<string, unknown>;
  // Only free text can be taken: a value from an enum, a format or a pattern is shared by design.
  const schema = testCase.operation.requestBody?.content.find((m) => m.validator)?.validator?.schema;
  const properties = propertiesOf(schema) as Record<string, Record<string, unknown>>;
  const takeable = (name: string, value: unknown) =>
    conflict
      ? (typeof value === 'string' || typeof value === 'number') && !Array.isArray(properties[name]?.enum)
      : typeof value === 'string' && (!schema || isFreeString(properties[name]));
  const strings = Object.entries(sent).filter(([name, value]) => takeable(name, value));
  if (strings.length === 0) return {};
  const items = (await readList(collection)) ?? [];
  const taken = strings.find(([name, value]) =>
    items.some((item) => (item as Record<string, unknown>)?.[name] === value),
  );
  return taken ? { valueAlreadyListed: taken[0] } : {};
}
