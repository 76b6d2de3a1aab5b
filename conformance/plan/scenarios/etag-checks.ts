// The idiom scenario's conditional requests on its item: the ETag read twice (a strong one stays),
// If-None-Match with it, and each change of the item that takes If-Match (its PATCH and its PUT
// alike) sent with the current tag, then with the now stale one (refused, 412 where documented, and
// nothing of it applied), without If-Match where it is required (428) and with `If-Match: *`. A
// change that takes no If-Match still moves the tag.
import type { CollectionSpec, Resource } from '../../../spec/index.js';
import { parseBody } from '../../judge/evaluate.js';
import { asObject } from '../../judge/json-body.js';
import type { Executed, IdiomEvidence, TestCase } from '../../model.js';
import type { PlanContext } from '../context.js';
import { freshChange } from './fresh-change.js';
import type { ScenarioReach } from './reach.js';
import { etagOf, withHeader } from './sequence-runner.js';
import { itemOf, type SequenceRunner } from './sequences.js';

type Change = NonNullable<CollectionSpec['update'] | CollectionSpec['replace']>;

export interface ConditionalParts {
  readonly resource: Resource;
  readonly context: PlanContext;
  readonly runner: SequenceRunner;
  readonly reach: ScenarioReach;
  readonly judge: (testCase: TestCase, idiom: IdiomEvidence) => Promise<Executed | undefined>;
  readonly id: string;
  readonly at: (parameter: string) => Record<string, string>;
  /** The item's read. */
  readonly readCase: TestCase;
}

export async function checkConditionalRequests(parts: ConditionalParts): Promise<void> {
  const { resource, context, runner, reach, judge, id, at, readCase } = parts;
  const { collection } = resource;
  const conditional = resource.idioms.conditional;
  const read = collection.read;
  if (!conditional || !read) return;
  const first = await runner.send(readCase);
  const etag = etagOf(first);
  if (!etag)
    reach.skip(
      'ETag checks',
      `its read ${first?.ok ? `(${first.response.status}) carried no ETag` : 'was not answered'}`,
    );
  // Read again with nothing changed: a strong tag stays (a weak one may be re-minted).
  if (etag && !etag.startsWith('W/') && first?.ok)
    await judge(readCase, { idiom: 'etag-stable', id, expected: etag, body: first.response.text });
  const notModifiedDocumented = read.operation.responses.some((r) => r.status === '304');
  if (etag && notModifiedDocumented)
    await judge(withHeader(readCase, 'If-None-Match', etag), { idiom: 'if-none-match', id });
  const takesIfMatch = (change: Change) => conditional.ifMatch.some(({ operation }) => operation === change.operation);
  const changes = [collection.update, collection.replace].filter((change): change is Change => change !== undefined);
  const conditioned = changes.filter(takesIfMatch);
  // A change that moves a value the item holds now (a fresh value may be the one it was made with).
  const held = first?.ok && first.response.status < 300 ? itemOf(parseBody(first), collection) : undefined;
  if (conditioned.length === 0) {
    const change = changes[0];
    const changeBody = change ? await freshChange(change.operation, collection, context, runner, held) : undefined;
    if (!etag) return;
    if (!change || changeBody === undefined)
      return reach.skip('ETag checks', 'no change of it takes If-Match with a valid body');
    // A change without conditions still moves the tag: read plainly and against the old tag (a
    // 304 there calls the changed item unchanged).
    return changedTag(
      context.testCase(change.operation, {
        kind: 'positive',
        plain: true,
        pathParams: at(change.parameter),
        payload: { kind: 'json', value: changeBody },
        what: 'a change, to see its ETag move',
      }),
      readCase,
      etag,
      notModifiedDocumented,
      { runner, judge, reach, id, changeBody },
    );
  }
  let tag = etag;
  let holds = held;
  for (const [index, change] of conditioned.entries()) {
    if (runner.stopped()) return;
    // After the first change the tag moved: the next change is sent with the one read now.
    if (index > 0) {
      const now = await runner.send(readCase);
      tag = etagOf(now);
      holds = now?.ok && now.response.status < 300 ? itemOf(parseBody(now), collection) : undefined;
    }
    const changeBody = await freshChange(change.operation, collection, context, runner, holds);
    if (changeBody === undefined) {
      reach.skip('ETag checks', `no valid body of ${change.operation.method} takes If-Match`);
      continue;
    }
    if (tag) await ifMatchChecks(change, tag, changeBody, holds, parts);
  }
}

/** A change with the current tag, then with the stale one (nothing of it applied), without If-Match
 * where it is required, and with `If-Match: *`. */
async function ifMatchChecks(
  change: Change,
  etag: string,
  changeBody: unknown,
  held: Record<string, unknown> | undefined,
  parts: ConditionalParts,
): Promise<void> {
  const { resource, context, runner, reach, judge, id, at, readCase } = parts;
  const { collection } = resource;
  const conditional = resource.idioms.conditional!;
  const changeCase = context.testCase(change.operation, {
    kind: 'positive',
    plain: true,
    pathParams: at(change.parameter),
    payload: { kind: 'json', value: changeBody },
    what: 'with the current ETag',
  });
  const changed = await runner.send(withHeader(changeCase, 'If-Match', etag));
  if (!changed?.ok || changed.response.status >= 300)
    return reach.skip(
      'ETag checks',
      `a change with the current ETag was ${changed?.ok ? `answered ${changed.response.status}` : 'not answered'}`,
    );
  reach.done('ETag checks');
  const afterChange = await judge(readCase, { idiom: 'etag-changes', id, expected: etag, changed: changeBody });
  // The stale change moves other values than the first, so a refusal that still applied it shows.
  // What the first change left is read, not sent: a merge patch's null resets a member.
  const stored = afterChange?.body.kind === 'json' ? itemOf(afterChange.body, collection) : undefined;
  const moved = Object.fromEntries(
    Object.keys(asObject(changeBody) ?? {})
      .filter((name) => stored !== undefined && Object.hasOwn(stored, name))
      .map((name) => [name, stored![name]]),
  );
  const other = await freshChange(change.operation, collection, context, runner, { ...held, ...moved });
  const staleBody = other ?? changeBody;
  const stale = {
    ...changeCase,
    what: undefined,
    label: `${changeCase.label} (a stale ETag)`,
    payload: { kind: 'json' as const, value: staleBody },
  };
  const refused = await judge(withHeader(stale, 'If-Match', etag), {
    idiom: 'stale-if-match',
    id,
    ...(change.operation.responses.some((r) => r.status === '412') ? { expectedStatus: 412 } : {}),
  });
  const kind = change === collection.update ? ('update' as const) : ('replace' as const);
  if (
    other !== undefined &&
    Object.keys(moved).length > 0 &&
    refused?.exchange.ok &&
    refused.exchange.response.status >= 400
  )
    await runner.execute(
      { ...readCase, label: `${readCase.label} (after a change refused for its stale ETag)` },
      { collection, sequence: { afterChange: { id, kind, expected: moved } } },
    );
  // Where If-Match is required and a 428 documented, a change without it is refused.
  const required = conditional.ifMatch.find(({ operation }) => operation === change.operation)?.required;
  if (required && change.operation.responses.some((r) => r.status === '428')) {
    const bare = {
      ...changeCase,
      what: undefined,
      label: `${changeCase.label} (no If-Match)`,
      parameters: (changeCase.parameters ?? []).filter(
        (p) => !(p.in === 'header' && p.name.toLowerCase() === 'if-match'),
      ),
    };
    await judge(bare, { idiom: 'if-match-missing', id, expectedStatus: 428 });
  }
  // `If-Match: *` matches any current version of an item that exists (RFC 9110 13.1.1).
  const star = { ...changeCase, what: undefined, label: `${changeCase.label} (If-Match: *)` };
  await judge(withHeader(star, 'If-Match', '*'), { idiom: 'if-match-star', id });
}

interface TagParts {
  readonly runner: SequenceRunner;
  readonly judge: (testCase: TestCase, idiom: IdiomEvidence) => Promise<unknown>;
  readonly reach: { done: (step: string) => void; skip: (step: string, why: string) => void };
  readonly id: string;
  readonly changeBody: unknown;
}

/** Sends a change that takes no If-Match, then reads the item plainly and with the tag it had. */
async function changedTag(change: TestCase, readCase: TestCase, etag: string, notModified: boolean, parts: TagParts) {
  const { runner, judge, reach, id, changeBody } = parts;
  const changed = await runner.send(change);
  if (!changed?.ok || changed.response.status >= 300)
    return reach.skip(
      'ETag checks',
      `a change was ${changed?.ok ? `answered ${changed.response.status}` : 'not answered'}`,
    );
  reach.done('ETag checks');
  const moved = { idiom: 'etag-changes' as const, id, expected: etag, changed: changeBody };
  await judge(readCase, moved);
  if (notModified) await judge(withHeader(readCase, 'If-None-Match', etag), moved);
}
