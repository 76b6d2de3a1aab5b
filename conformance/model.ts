// The runner's records, shared by every module: what a case is, what a check sees, what a finding
// and a violation say. Collaborators import these types, never each other's classes.

import type { Payload } from '../spec/generate/index.js';
import type { CollectionSpec, Contract, Operation, ResponseSpec } from '../spec/index.js';
import type { Exchange } from './send/http.js';

/** positive: valid, must be accepted; negative: invalid, must be refused; auth: bad credentials;
 * unusual: a request in an unusual form that must get a documented answer, whichever it is. */
export type CaseKind = 'positive' | 'negative' | 'auth' | 'unusual';

/** A value in its place in a request: a header, a query field or a cookie. */
export interface Placed {
  readonly in: 'header' | 'query' | 'cookie';
  readonly name: string;
  readonly value: string;
}

/** One credential in its place: a header (Authorization or an API-key header), the query or a cookie. */
export interface Credential extends Placed {
  /** The same value for a shell, the secret as its variable ($CONFORMANCE_API_KEY). */
  readonly shell: string;
}

/** How the credentials of a case differ from the valid ones. */
export interface AuthVariant {
  readonly id: string;
  readonly label: string;
  /** What is sent; empty sends none. */
  readonly credentials: readonly Credential[];
  /** Sent with the headers a browser adds (Origin, Sec-Fetch-*, Accept: *\/*). */
  readonly browser?: boolean;
}

export interface TestCase {
  readonly operation: Operation;
  readonly kind: CaseKind;
  /** e.g. "POST /categories body: name is a number" */
  readonly label: string;
  readonly mutation?: string;
  /** The body member a negative case breaks alone (its path), where it breaks one. */
  readonly brokenAt?: readonly string[];
  /** The path parameter a negative case sends outside its schema (a task number 0). */
  readonly brokenPathParameter?: string;
  readonly auth: AuthVariant;
  readonly payload?: Payload;
  /** The Content-Type of the payload; application/json when absent. */
  readonly mediaType?: string;
  /** The Content-Type header as sent, when it differs from the media type (null: left out). */
  readonly contentType?: string | null;
  /** The Accept header, when not application/json. */
  readonly accept?: string;
  readonly pathParams?: Readonly<Record<string, string>>;
  /** Query, header and cookie parameters, serialised (a repeated name is a repeated query field). */
  readonly parameters?: readonly Placed[];
  /** Plain valid input (short alphanumeric strings) that any correct service accepts. */
  readonly plain?: boolean;
  /** Members the run set to amounts it prefers (a parent's capacity of 1000), valid but unusual:
   * a documented refusal of them is a note. */
  readonly preferred?: readonly string[];
  /** Values sent for properties the service assigns (readOnly in the response): never to be taken. */
  readonly assigned?: Readonly<Record<string, unknown>>;
  /** Members that name another collection's item, set to an id that collection listed. */
  readonly knownReferences?: readonly string[];
  /** Parameters whose values the run took from the target's answers (a next page's cursor). */
  readonly fromAnswers?: readonly string[];
  /** The path names an item the run made for this case's operation (its state is the run's doing). */
  readonly onMadeItem?: boolean;
  /** The token of the run's own that a refused creation's body carries, to be looked for later. */
  readonly refusalMark?: string;
  /** Required members left out because their schema gives a default: a refusal keeps to `required`. */
  readonly leftOutForDefaults?: readonly string[];
  /** The body a request before carried, sent again as it was: the children it names stay as they are. */
  readonly sentAgain?: boolean;
  /** A query parameter sent one step past its maximum (a page size a service may clamp instead). */
  readonly pastMaximum?: { readonly parameter: string; readonly maximum: number };
}

export type * from './evidence.js';

import type { ParsedBody, SequenceEvidence } from './evidence.js';

/** What the runner learned beyond the exchange itself, gathered before the checks run. */
/** One strong ETag seen on two different bodies of the same request (judge/etag-memory.ts). */
export interface EtagConflict {
  readonly etag: string;
  /** The first JSON pointer at which the two bodies differ. */
  readonly at: string;
  readonly before: unknown;
  readonly after: unknown;
  /** Every top-level member the two bodies differ in. */
  readonly members?: readonly string[];
}

export interface Facts {
  /** The collection's list already holds an item with a value this refused creation sent. */
  readonly valueAlreadyListed?: string;
  /** What the document's current-user operation answered for the run's key: the values that name
   * the caller (login, id, email), and the operation's path. */
  readonly caller?: { readonly names: readonly string[]; readonly path: string };
  /** An earlier answer of the same GET carried this strong ETag with another body (etag-memory.ts). */
  readonly etagConflict?: EtagConflict;
  /** A plain creation naming listed items met a documented 409 that the words tie to those items, or
   * that the same body asking the least it can (numbers at their minimum) did not meet. */
  readonly conflictOnNamedItems?: boolean;
  /** A deletion's item is one the run's own taken writes named (its orders' productId). */
  readonly deletedItemNamedByRun?: boolean;
  /** Body members of a refused write that name an item the run deleted meanwhile (deleted-items.ts). */
  readonly namesItemsDeletedByRun?: readonly string[];
  /** The write names an item one of the run's own actions moved before (an order it cancelled). */
  readonly itemMovedByRun?: boolean;
  /** A probe of a missing parent met an item the run made at that key (made-keys.ts). */
  readonly parentMadeByRun?: boolean;
  /** Service-assigned members whose sent value the service gives a body without them too (a job
   * already `done` when it answers): their echo proves nothing. */
  readonly assignedAnyway?: readonly string[];
}

export interface CheckContext {
  readonly contract: Contract;
  readonly testCase: TestCase;
  readonly exchange: Exchange;
  readonly body: ParsedBody;
  /** The documented response for the received status, if any. */
  readonly response?: ResponseSpec;
  readonly collection?: CollectionSpec;
  readonly sequence?: SequenceEvidence;
  readonly facts: Facts;
}

export type Severity = 'failure' | 'note';

/** A typed record of one problem: a stable code and its structured fields; words come at report time. */
export interface Finding {
  readonly code: string;
  readonly severity?: Severity;
  readonly fields: Readonly<Record<string, unknown>>;
  readonly pointer?: string;
  readonly keyword?: string;
}

/** undefined: the check's preconditions did not hold, so it did not apply. */
export type Check = (context: CheckContext) => Finding[] | undefined;

export interface NamedCheck {
  readonly name: string;
  /** One line: the rule it enforces. */
  readonly rule: string;
  readonly run: Check;
  /** Judges only a collection's operations (list, create, read, change, delete): elsewhere it
   * never applies, so unsent cases there leave nothing it could not run. */
  readonly collectionsOnly?: true;
}

/** One exchange judged: which checks applied and what they found. */
export interface Executed {
  readonly testCase: TestCase;
  readonly exchange: Exchange;
  readonly body: ParsedBody;
  readonly findings: ReadonlyArray<{ readonly check: NamedCheck; readonly finding: Finding }>;
  readonly applied: readonly NamedCheck[];
}

export interface Violation {
  readonly check: string;
  /** Stable code of the kind of problem, e.g. "undocumented_status". */
  readonly code: string;
  readonly operation: string;
  readonly severity: Severity;
  readonly title: string;
  readonly message: string;
  readonly fields: Readonly<Record<string, unknown>>;
  readonly pointer?: string;
  readonly keyword?: string;
  readonly caseLabel: string;
  readonly mutation?: string;
  readonly request: {
    readonly method: string;
    readonly url: string;
    readonly bodyExcerpt?: string;
    /** The whole body, so a failure on a very long value can be replayed from the report. */
    readonly body?: string;
  };
  readonly response?: {
    readonly status: number;
    readonly contentType?: string;
    /** The answer's headers (a cookie the service sets shown as [REDACTED]). */
    readonly headers?: Readonly<Record<string, string>>;
    readonly bodyExcerpt: string;
  };
  readonly transport?: string;
  readonly curl: string;
  /** How many exchanges showed the same problem. */
  readonly occurrences: number;
  /** Against a baseline (--baseline): listed there (known) or not (new). */
  readonly baseline?: 'new' | 'known';
}

/** A violation a baseline (--write-baseline) lists as known. */
export interface BaselineEntry {
  readonly key: string;
  readonly check: string;
  readonly operation: string;
  readonly code: string;
  /** The finding's title, for a person reading the file. */
  readonly title: string;
}

/** What a run found measured against a baseline. */
export interface BaselineOutcome {
  readonly file: string;
  /** Violations not in the baseline: these fail the run. */
  readonly new: number;
  /** Violations the baseline lists: reported, not failing. */
  readonly known: number;
  /** Baseline entries whose check ran on their operation and found nothing: the baseline can shrink. */
  readonly fixed: readonly BaselineEntry[];
  /** Baseline entries whose check did not run here (another shard, --checks, a skipped operation). */
  readonly notChecked: readonly BaselineEntry[];
}

/** State checks of a scenario that did not run, and why. */
export interface UnreachedStep {
  readonly scenario: string;
  /** The collection's path. */
  readonly path: string;
  readonly steps: readonly string[];
  readonly reason: string;
}

/** How much of the API the run put into the states its checks need. */
export interface ReachSummary {
  /** Tested operations that document a success, and those whose documented success was seen. */
  readonly operations: number;
  readonly operationsReached: number;
  /** The operations whose documented success was never seen. */
  readonly notReached: readonly string[];
  /** The state checks the scenarios set out to run, and those that ran. */
  readonly stateChecks: number;
  readonly stateChecksRan: number;
  readonly unreached: readonly UnreachedStep[];
  /** Both shares together: what was reached of all there was to reach, 0-100. */
  readonly percent: number;
}
