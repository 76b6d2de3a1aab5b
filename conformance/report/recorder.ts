// Turns judged exchanges into the run's record: per-operation statistics, and findings grouped by
// problem (code, operation, key fields) with an occurrence count. Words are written at the end.
import type { Operation } from '../../spec/index.js';
import { truncate } from '../../spec/index.js';
import { describeFinding, finding, problemKey } from '../judge/findings.js';
import type { Executed, Finding, NamedCheck, Severity, TestCase, Violation } from '../model.js';
import { curlCommand } from '../send/curl.js';
import type { Exchange } from '../send/http.js';
import { simpler } from './simplest.js';

export type CheckOutcome = 'passed' | 'failed' | 'skipped';

export interface CheckStats {
  outcome: CheckOutcome;
  applied: number;
  failures: number;
  notes: number;
  /** Why a check that never applied could not run: cases of its operation were left unsent. */
  reason?: string;
}

export interface OperationResult {
  readonly id: string;
  readonly method: string;
  readonly path: string;
  readonly skipped?: string;
  readonly checks: Record<string, CheckStats>;
  readonly documentedStatuses: readonly string[];
  readonly observedStatuses: number[];
  requests: number;
  /** Cases left unsent, by reason (the target stopped answering, the write budget, ...). */
  unsent?: Record<string, number>;
  /** What the cases sent and were answered with: parameters (`query:limit`, `path:id`), request and
   * response media types. */
  readonly exercised: Exercised;
}

export interface Exercised {
  readonly parameters: string[];
  readonly requestMediaTypes: string[];
  readonly responseMediaTypes: string[];
}

const addOnce = (list: string[], value: string | undefined): void => {
  if (value && !list.includes(value)) list.push(value);
};

function noteExercised(exercised: Exercised, { testCase, exchange }: Executed): void {
  for (const name of Object.keys(testCase.pathParams ?? {})) addOnce(exercised.parameters, `path:${name}`);
  for (const placed of testCase.parameters ?? []) addOnce(exercised.parameters, `${placed.in}:${placed.name}`);
  if (testCase.payload !== undefined) addOnce(exercised.requestMediaTypes, testCase.mediaType ?? 'application/json');
  const answered = exchange.ok ? exchange.response.headers['content-type'] : undefined;
  addOnce(exercised.responseMediaTypes, answered ? String(answered).split(';')[0]!.trim().toLowerCase() : undefined);
}

interface Problem {
  readonly check: NamedCheck;
  /** The simplest exchange that shows it, and what it found there (simplest.ts). */
  finding: Finding;
  executed: Executed;
  /** Distinct exchanges that showed it (one exchange may yield a finding twice). */
  occurrences: number;
  lastExchange: Executed['exchange'];
}

export interface RecorderOptions {
  readonly checks: readonly NamedCheck[];
  readonly skipReason: (operation: Operation) => string | undefined;
  /** Operations that list, create, read, change or delete a collection's items. */
  readonly collectionOperations?: ReadonlySet<Operation>;
  readonly onProgress: (message: string) => void;
  readonly onFailure?: (violation: Violation) => void;
}

const EXCERPT = 500;

export class Recorder {
  private readonly results = new Map<Operation, OperationResult>();
  private readonly problems = new Map<string, Problem>();
  private readonly planNotes: Violation[] = [];

  constructor(
    operations: readonly Operation[],
    private readonly options: RecorderOptions,
  ) {
    for (const operation of operations) {
      const skipped = options.skipReason(operation);
      this.results.set(operation, {
        id: operation.id,
        method: operation.method,
        path: operation.path,
        ...(skipped ? { skipped } : {}),
        checks: Object.fromEntries(
          options.checks.map((check) => [check.name, { outcome: 'skipped', applied: 0, failures: 0, notes: 0 }]),
        ),
        documentedStatuses: operation.responses.map((r) => r.status),
        observedStatuses: [],
        exercised: { parameters: [], requestMediaTypes: [], responseMediaTypes: [] },
        requests: 0,
      });
    }
  }

  resultOf(operation: Operation): OperationResult {
    // An action's variant of an operation (its body narrowed to the action's name) is that operation.
    const result = this.results.get(operation) ?? (operation.variantOf && this.results.get(operation.variantOf));
    if (!result) throw new Error(`operation ${operation.id} is not part of this run`);
    return result;
  }

  get operations(): readonly OperationResult[] {
    return [...this.results.values()];
  }

  /** Counts a request actually sent, and the status it got. */
  countExchange = (testCase: TestCase, exchange: Exchange): void => {
    const result = this.resultOf(testCase.operation);
    result.requests++;
    if (exchange.ok && !result.observedStatuses.includes(exchange.response.status)) {
      result.observedStatuses.push(exchange.response.status);
    }
  };

  /** The key under which a finding is grouped with others of the same problem. */
  keyOf(check: NamedCheck, operation: Operation, finding: Finding): string {
    return [check.name, operation.id, problemKey(finding)].join('\u0000');
  }

  record(executed: Executed): void {
    const result = this.resultOf(executed.testCase.operation);
    noteExercised(result.exercised, executed);
    for (const check of executed.applied) {
      const stats = result.checks[check.name]!;
      stats.applied++;
      if (stats.outcome === 'skipped') stats.outcome = 'passed';
    }
    for (const { check, finding } of executed.findings) {
      const stats = result.checks[check.name]!;
      if ((finding.severity ?? 'failure') === 'failure') {
        stats.failures++;
        stats.outcome = 'failed';
      } else {
        stats.notes++;
      }
      const key = this.keyOf(check, executed.testCase.operation, finding);
      const known = this.problems.get(key);
      if (known) {
        // Counted by exchange, as the HAR holds them: a finding an exchange yields twice counts once.
        if (known.lastExchange !== executed.exchange) known.occurrences++;
        known.lastExchange = executed.exchange;
        if (simpler(executed, known.executed)) Object.assign(known, { executed, finding });
        continue;
      }
      const problem: Problem = { check, finding, executed, occurrences: 1, lastExchange: executed.exchange };
      this.problems.set(key, problem);
      if ((finding.severity ?? 'failure') === 'failure') {
        this.options.onProgress(
          `FAIL ${check.name} · ${executed.testCase.operation.id} · ${describeFinding(finding).title}`,
        );
        this.options.onFailure?.(toViolation(problem));
      }
    }
  }

  /** Notes the cases an operation left unsent; a check that never applied there could not run. */
  markUnsent(operation: Operation, unsent: ReadonlyMap<string, number>): void {
    if (unsent.size === 0) return;
    const result = this.resultOf(operation);
    result.unsent = Object.fromEntries(unsent);
    const why = [...unsent].map(([reason, count]) => `${count} case(s) not sent: ${reason}`).join('; ');
    const inCollection = this.options.collectionOperations?.has(operation) ?? true;
    for (const check of this.options.checks) {
      const stats = result.checks[check.name];
      if (stats?.outcome === 'skipped' && (inCollection || !check.collectionsOnly))
        stats.reason = `could not run: ${why}`;
    }
  }

  /** A note on an operation that no exchange carries: valid input the generators could not build. */
  noteNoValidInput(operation: Operation, what: string, baseUrl: string): void {
    const found = finding('no_valid_input', { what }, { severity: 'note' });
    this.planNotes.push({
      check: 'positive_data_acceptance',
      code: found.code,
      operation: operation.id,
      severity: 'note',
      ...describeFinding(found),
      fields: found.fields,
      caseLabel: `${operation.method} ${operation.path} (planning)`,
      request: { method: operation.method, url: `${baseUrl}${operation.path}` },
      curl: '(nothing sent)',
      occurrences: 1,
    });
  }

  /** Every distinct problem as a violation record, failures and notes apart. */
  violations(): { failures: Violation[]; notes: Violation[] } {
    const all = [...this.problems.values()].map(toViolation);
    return {
      failures: all.filter((v) => v.severity === 'failure'),
      notes: [...this.planNotes, ...all.filter((v) => v.severity === 'note')],
    };
  }
}

/** Response headers as a report shows them: one line each, cookies the service sets withheld. */
function shownHeaders(headers: Readonly<Record<string, string | string[] | undefined>>): Record<string, string> {
  const shown: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    shown[name] = name === 'set-cookie' ? '[REDACTED]' : Array.isArray(value) ? value.join(', ') : value;
  }
  return shown;
}

function toViolation(problem: Problem): Violation {
  const { check, finding, executed } = problem;
  const { testCase, exchange } = executed;
  const request = exchange.request;
  const severity: Severity = finding.severity ?? 'failure';
  const contentType = exchange.ok ? exchange.response.headers['content-type'] : undefined;
  return {
    check: check.name,
    code: finding.code,
    operation: testCase.operation.id,
    severity,
    ...describeFinding(finding),
    fields: finding.fields,
    ...(finding.pointer !== undefined ? { pointer: finding.pointer } : {}),
    ...(finding.keyword !== undefined ? { keyword: finding.keyword } : {}),
    caseLabel: testCase.label,
    ...(testCase.mutation ? { mutation: testCase.mutation } : {}),
    request: {
      method: request.method,
      url: request.url,
      ...(request.body !== undefined ? { bodyExcerpt: truncate(request.body, EXCERPT), body: request.body } : {}),
    },
    ...(exchange.ok
      ? {
          response: {
            status: exchange.response.status,
            ...(contentType ? { contentType: String(contentType) } : {}),
            headers: shownHeaders(exchange.response.headers),
            bodyExcerpt: truncate(exchange.response.text, EXCERPT),
          },
        }
      : { transport: exchange.fault.message }),
    curl: curlCommand(request),
    occurrences: problem.occurrences,
  };
}
