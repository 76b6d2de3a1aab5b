// Two documents whose servers were written by a helper that never read this project (fixtures/
// panels): the runner passes each correct server, reaches its items' states, and catches the
// item-life faults planted in copies of it (what the service fills in, client keys, PUT upserts,
// HEAD, Location, the owner, counts of children, instants through a change), each by the check
// that owns it.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runConformance } from '../conformance/index.js';
import { loadContract } from '../spec/index.js';

const KEY = 'panel-key-123';
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill();
});

const panel = (name: string, file: string) =>
  fileURLToPath(new URL(`../fixtures/panels/${name}/${file}`, import.meta.url));

/** The file that serves a panel's variants (one panel names it servers.mjs). */
const serverFile = (name: string) =>
  [panel(name, 'server.mjs'), panel(name, 'servers.mjs')].find((file) => existsSync(file))!;

/** One variant of a panel's server on a free port: its base URL once it says where it listens. A
 * panel that validates with ajv loads it from this checkout (MAIN). */
function start(name: string, variant: string): Promise<{ url: string; key: string }> {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const child = spawn(process.execPath, [serverFile(name), variant, '0'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, MAIN: root },
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let text = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      text += chunk;
      const url = /listening (http:\/\/\S+)/.exec(text)?.[1];
      // Each panel says its key (key=...); the older ones share one.
      if (url) resolve({ url, key: /\bkey=(\S+)/.exec(text)?.[1] ?? KEY });
    });
    child.on('exit', (code) => reject(new Error(`${name} ${variant} exited with ${code}`)));
  });
}

async function runOn(name: string, variant: string, minReach?: number, seed = 7, maxWrites?: number) {
  const contract = await loadContract(panel(name, 'openapi.yaml'));
  const { url: baseUrl, key } = await start(name, variant);
  return runConformance({
    target: { baseUrl },
    contract,
    apiKey: key,
    seed,
    ...(minReach ? { minReach } : {}),
    ...(maxWrites ? { maxWrites } : {}),
  });
}

const failedWith = (result: Awaited<ReturnType<typeof runOn>>) =>
  result.violations.map((violation) => `${violation.check}: ${violation.title}`);

describe.each([
  ['keyed-shop', '/warehouses'],
  ['tracker', '/projects/{projectId}/issues'],
])('the %s panel', (name, path) => {
  it('passes its correct server, and its item scenario reaches every state it sets out to', async () => {
    const result = await runOn(name, 'reference');
    expect(result.violations).toEqual([]);
    expect(result.exitCode).toBe(0);
    expect(result.reach!.unreached.filter((step) => step.path === path && step.scenario === 'item scenario')).toEqual(
      [],
    );
  });
});

// Three more, written blind for the rules said in words (library: check digits, books made by PUT,
// copies numbered per book, a copy lent once; timesheets: slugs, weekdays, jobs done at once;
// ticketing: events that must not overlap, spans, capacities, ticket types upserted by code;
// purchasing: products keyed by SKU, orders whose lines name active products of their supplier,
// receipts numbered per order and allowed only once it is submitted).
describe.each(['library', 'timesheets', 'ticketing', 'purchasing'])('the %s panel', (name) => {
  it('passes its correct server', async () => {
    const result = await runOn(name, 'reference');
    expect(failedWith(result)).toEqual([]);
    expect(result.exitCode).toBe(0);
  });
});

describe('keys the client chooses', () => {
  // On this seed two purposes' fresh steps meet: the item the change scenario made and the PUT at a
  // free key got the same key, and the PUT's 200 read as "did not create".
  it('are never the same for two of the run’s items, whatever the seed', async () => {
    const result = await runOn('keyed-shop', 'reference', undefined, 1046842164);
    expect(result.violations).toEqual([]);
  });
});

describe('faults of an item’s life, each caught by its check', () => {
  it.each([
    ['keyed-shop', 'wh-put-create-200', 'api_idioms_honoured: PUT at a free key did not create'],
    ['keyed-shop', 'wh-put-replace-201', 'api_idioms_honoured: PUT of an existing item answered as a creation'],
    ['keyed-shop', 'wh-priority-default-1', 'service_filled_values: Default not applied'],
    ['keyed-shop', 'wh-head-missing-200', 'deleted_item_gone: Deleted item still readable'],
    // Below a cart the run made (its lines), and on an order a checkout of it made.
    ['keyed-shop', 'line-quantity-zero-201', 'negative_data_rejection: Invalid input accepted'],
    ['keyed-shop', 'checkout-empty-201', 'response_schema_conformance: Response violates schema (minItems)'],
    ['keyed-shop', 'cart-itemcount-counts-lines', 'service_filled_values: A total does not add up'],
    ['keyed-shop', 'cart-subtotal-ignores-quantity', 'service_filled_values: A total does not add up'],
    ['keyed-shop', 'order-cancelledat-on-placed', "service_filled_values: A later state's time set on a new item"],
    ['keyed-shop', 'order-createdat-future', 'service_filled_values: Creation time is not the time of creation'],
    ['keyed-shop', 'order-cancel-twice-200', 'api_idioms_honoured: Action the item is already past accepted'],
    ['keyed-shop', 'order-total-excludes-shipping', 'service_filled_values: A total does not add up'],
    ['keyed-shop', 'wh-product-count-all', 'service_filled_values: Count of children does not follow them'],
    ['tracker', 'issue-projectid-internal', 'service_filled_values: Created item names another parent'],
    ['tracker', 'closedat-on-create', "service_filled_values: A later state's time set on a new item"],
    ['tracker', 'issue-createdat-future', 'service_filled_values: Creation time is not the time of creation'],
    ['tracker', 'location-wrong-path', "api_idioms_honoured: Creation's Location resolves to another path"],
    ['tracker', 'issue-author-default', 'service_filled_values: Owner is not the caller'],
    ['tracker', 'commentcount-stale', 'service_filled_values: Count of children does not follow them'],
    ['tracker', 'issuecount-counts-deleted', 'service_filled_values: Count of children does not follow them'],
    ['tracker', 'patch-updatedat-unchanged', 'item_changes_stored: Update time not moved by a change'],
    ['tracker', 'patch-createdat-touched', 'item_changes_stored: Creation time changed by a change'],
    ['tracker', 'restore-live-200', 'api_idioms_honoured: Restore of an item that is not deleted accepted'],
    ['tracker', 'project-delete-no-cascade', 'api_idioms_honoured: Child readable under a deleted parent'],
    ['tracker', 'job-result-while-pending', "api_idioms_honoured: A job's result is there before it is done"],
    ['tracker', 'issue-number-global', "api_idioms_honoured: A new parent's first item is not numbered 1"],
    ['tracker', 'issue-number-reused', "api_idioms_honoured: A deleted item's number given again"],
    ['library', 'copy-double-loan', 'api_idioms_honoured: Values another item holds taken again'],
    ['library', 'copy-number-reused', "api_idioms_honoured: A deleted item's number given again"],
    ['library', 'email-unique-case-sensitive', 'api_idioms_honoured: Values another item holds taken again'],
    ['library', 'loan-unknown-member-accepted', 'api_idioms_honoured: Reference to an item it may not name accepted'],
    // Entries within their timesheet's week (times bound to the parent's in words): reached, so an
    // invalid entry is refused for its own fault.
    ['timesheets', 'minutes-zero-accepted', 'negative_data_rejection: Invalid input accepted'],
    ['timesheets', 'unknown-tag-accepted', 'api_idioms_honoured: Reference to an item it may not name accepted'],
    [
      'timesheets',
      'unknown-project-404',
      'api_idioms_honoured: Reference to an item it may not name refused with another status',
    ],
    // "a live (not deleted) project of this workspace": one the run deleted, one of another workspace.
    ['timesheets', 'deleted-project-accepted', 'api_idioms_honoured: Reference to an item it may not name accepted'],
    [
      'timesheets',
      'project-other-workspace-accepted',
      'api_idioms_honoured: Reference to an item it may not name accepted',
    ],
    // An owner the creation's body cannot send is the caller's.
    ['timesheets', 'owner-is-key', 'service_filled_values: Owner is not the caller'],
    // A slug the client chooses, taken: the documented 409.
    ['timesheets', 'slug-duplicate-accepted', 'api_idioms_honoured: Values another item holds taken again'],
    // Books made by PUT, paged: walked to the end once the run is done, the total judged.
    ['library', 'page-offset-off-by-one', "api_idioms_honoured: List's total differs from its items"],
    // A state's time: set when the item reaches the state, empty for a final state it never reached.
    [
      'library',
      'return-leaves-returnedat-null',
      "api_idioms_honoured: A state's time not set when the item reached it",
    ],
    ['timesheets', 'approvedat-on-reject', "api_idioms_honoured: Another final state's time set"],
    // A merge patch the document takes beside plain JSON, sent as one: its null removes.
    ['timesheets', 'merge-null-ignored', 'item_changes_stored: Changed item answered otherwise than sent'],
    ['timesheets', 'patch-merge-media-415', 'positive_data_acceptance: Valid input refused'],
    // Approve reached in steps (an entry added, submitted first): a final state refuses reject.
    ['timesheets', 'approved-can-reject', 'api_idioms_honoured: Action on an item in a final state accepted'],
    // Books a PUT makes (no POST): replaced (200, never 201), reset where a member is left out,
    // updatedAt moved; deleted only without copies, as the words say.
    ['library', 'put-replace-201', 'api_idioms_honoured: PUT of an existing item answered as a creation'],
    ['library', 'put-replace-merges', 'item_changes_stored: Changed item answered otherwise than sent'],
    ['library', 'book-replace-keeps-updatedat', 'item_changes_stored: Update time not moved by a change'],
    // A job's Location names a path the document reads; a restored project's deletedAt is cleared;
    // a timesheet's totalMinutes follows one entry made and deleted under a timesheet of the run's own.
    [
      'timesheets',
      'job-location-wrong',
      "api_idioms_honoured: A job's Location names a path the document does not read",
    ],
    ['timesheets', 'restore-keeps-deletedat', 'api_idioms_honoured: Restored item still marked deleted'],
    ['timesheets', 'total-stale-after-delete', "service_filled_values: A parent's total does not follow its children"],
    // Entries that must not overlap (half-open, as instants): one starting as another ends is free.
    [
      'timesheets',
      'overlap-touching-refused',
      'api_idioms_honoured: An item starting as another ends refused as overlapping',
    ],
    // Times derived in words: dueAt = loanedAt + 14 days × (1 + renewCount), on every answer.
    ['library', 'due-13-days', 'service_filled_values: A time the document derives from another is off'],
    ['library', 'renew-due-from-now', 'service_filled_values: A time the document derives from another is off'],
    // An entry's deletion the words allow only while its timesheet is draft, sent once it was submitted.
    ['timesheets', 'entry-delete-when-submitted', "api_idioms_honoured: A write its parent's state forbids accepted"],
    // A copy the words keep while an active loan names it: a loan made, then the copy it names deleted.
    [
      'library',
      'copy-delete-active-loan',
      'api_idioms_honoured: Item with children deleted where the document refuses it',
    ],
    // Tallies: one without deletion judged by how one item moves them; one held under a parent.
    ['library', 'stats-stale-after-return', 'api_idioms_honoured: Counts not moved by the one item made'],
    ['timesheets', 'stats-count-deleted', 'api_idioms_honoured: Counts changed by an item that is gone'],
    // A check digit the words say is checked, broken once in the path.
    ['library', 'isbn-check-digit-unchecked', 'negative_data_rejection: Invalid input accepted'],
    // An action the words allow only once the timesheet holds an entry, sent on one without.
    [
      'timesheets',
      'submit-empty-allowed',
      'api_idioms_honoured: An action its words allow only with children accepted without',
    ],
    // A list in the order its words give ("ordered by ISBN ascending"), on every answer of it.
    ['library', 'books-order-insertion', 'api_idioms_honoured: List not in the order its words give'],
    [
      'library',
      'book-delete-cascades',
      'api_idioms_honoured: Item with children deleted where the document refuses it',
    ],
    // Orders reached through a published event with a ticket type of its own (the words: "409 when
    // the event is not published"; "lines name ticket types of that event"), and one for a draft
    // event refused; a line naming a product discontinued since (moved there by its action).
    ['ticketing', 'order-draft-event-accepted', 'api_idioms_honoured: Reference to an item it may not name accepted'],
    [
      'purchasing',
      'po-line-discontinued-accepted',
      'api_idioms_honoured: Reference to an item it may not name accepted',
    ],
    // Writes locked to a parent's state, read from the passage naming the write, and from a parent
    // as made (a draft order takes no receipt).
    ['ticketing', 'tickettype-put-when-published', "api_idioms_honoured: A write its parent's state forbids accepted"],
    ['purchasing', 'receipt-draft-allowed', "api_idioms_honoured: A write its parent's state forbids accepted"],
    // An action moves the update time; the instants of the item's own later states wait for them.
    ['ticketing', 'publish-keeps-updatedat', 'api_idioms_honoured: Update time not moved by an action'],
    ['purchasing', 'po-updatedat-stale-on-submit', 'api_idioms_honoured: Update time not moved by an action'],
    ['purchasing', 'po-submitted-at-early', "service_filled_values: A later state's time set on a new item"],
    // A write the item's own state forbids ("Only a draft event can be deleted"), sent once an action
    // moved it on; a parent so locked cancelled first, then deleted with its child (the cascade).
    ['ticketing', 'delete-published-allowed', "api_idioms_honoured: A write its item's state forbids accepted"],
    ['purchasing', 'receipt-cascade-kept', 'api_idioms_honoured: Child readable under a deleted parent'],
    // A list entry naming nothing, beside one that names a product ("every line is checked").
    ['purchasing', 'po-only-first-line-checked', 'api_idioms_honoured: Reference to an item it may not name accepted'],
    // An action from each state its words draw it from ("`draft` or `submitted` → `cancelled`"): taken
    // from draft, so refused from submitted is a fault.
    [
      'purchasing',
      'po-cancel-submitted-refused',
      'api_idioms_honoured: Action refused from a state the document starts it from',
    ],
    // Numbers per body member ("kept per supplier ... plus one"): one in another scope between two;
    // numbers per order under an order of the run's own (moved to submitted first).
    ['purchasing', 'po-number-global', 'api_idioms_honoured: A number is not the next one in its scope'],
    ['purchasing', 'po-number-reused', "api_idioms_honoured: A deleted item's number given again"],
    ['purchasing', 'receipt-number-global', "api_idioms_honoured: A new parent's first item is not numbered 1"],
    // A key the words keep held once its item is deleted ("live or deleted ... 409").
    ['purchasing', 'product-sku-reuse-after-delete', 'api_idioms_honoured: Values another item holds taken again'],
    // A restore "exactly as it was": a product discontinued, deleted and restored stays discontinued.
    ['purchasing', 'product-restore-resets-status', 'api_idioms_honoured: Restored item differs from the item deleted'],
    // A line naming a product of another supplier, where the words ask for one "that this supplier supplies".
    [
      'purchasing',
      'po-line-other-supplier-accepted',
      'api_idioms_honoured: Reference to an item it may not name accepted',
    ],
    // A line's total priced by its unit cost ("`unitCost × quantity`", beside allOf: [Money]).
    ['purchasing', 'po-linetotal-not-multiplied', 'service_filled_values: A total does not add up'],
    // "`endsAt` must be strictly later than `startsAt`": an end equal to the start is invalid.
    ['ticketing', 'ends-equal-starts-accepted', 'negative_data_rejection: Invalid input accepted'],
    // "deleted events free their interval": a deleted event's slot taken again; an event moved
    // within its own interval overlaps only itself.
    ['ticketing', 'delete-keeps-slot', 'api_idioms_honoured: Values an item no longer holds refused'],
    ['ticketing', 'patch-overlap-self', 'positive_data_acceptance: Valid input refused'],
    // "No page is empty": the list asked with the limit at its size names no next page.
    [
      'ticketing',
      'page-full-last-has-cursor',
      'api_idioms_honoured: A page holding the last item names an empty next page',
    ],
    [
      'timesheets',
      'page-empty-last-page',
      'api_idioms_honoured: A page holding the last item names an empty next page',
    ],
    // A replace that resets what it leaves out: a default the item held moved off it by a first PUT,
    // then left out (under a parent of the scenario's own: another may publish a shared one).
    ['ticketing', 'replace-keeps-maxperorder', 'item_changes_stored: Changed item answered otherwise than sent'],
    // Keys per parent: the same code under another event names another ticket type, never the first's.
    ['ticketing', 'tickettype-key-global', 'service_filled_values: Item answered at its path names another parent'],
    // A copy ("`unitCost` is copied from the product at this moment"): the run's own product changed,
    // the order naming it keeps the cost it copied.
    ['purchasing', 'po-unitcost-live', 'api_idioms_honoured: A copied value follows the item it was copied from'],
    // A referred item (an order's event) read before and after the order is paid: its tickets sold
    // moved, its strong ETag did not.
    ['ticketing', 'etag-from-updatedat', 'api_idioms_honoured: One strong ETag for two different bodies'],
  ])('%s %s: %s', async (name, variant, expected) => {
    const result = await runOn(name, variant);
    expect(result.exitCode).toBe(1);
    expect(failedWith(result)).toContain(expected);
  });
});

describe('--min-reach', () => {
  it('fails a conformant run that reached less than asked, and says what it did not reach', async () => {
    // The correct server is reached whole by default; a write budget of 40 leaves states unreached.
    const result = await runOn('keyed-shop', 'reference', 100, 7, 40);
    expect(result.violations).toEqual([]);
    expect(result.reach!.percent).toBeLessThan(100);
    expect(result.exitCode).toBe(1);
    expect(result.belowReach).toMatch(
      /^reached [\d.]+% of the API \(reach \d+\/\d+ operations, .*\), below --min-reach 100%$/,
    );
    expect(result.reach!.notReached.length + result.reach!.unreached.length).toBeGreaterThan(0);
  });
});
