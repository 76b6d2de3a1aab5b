// The behaviours of asynchronous jobs (jobs.ts): the kind of job a document's 202 starts, and the
// start and read bound to it.
import type { CallerNames, FilledIn } from '../../spec/core.js';
import type { MemberReference } from './named-references.js';

export interface JobKind {
  /** The read's path template and the parameter naming the job. */
  readonly readPath: string;
  readonly parameter: string;
  readonly idProperty: string;
  readonly stateMember?: string;
  /** The states in the order a job goes through them, its end state last. */
  readonly states: readonly unknown[];
  /** Members null until the job is done, with the value they get then. */
  readonly results: Readonly<Record<string, unknown>>;
  /** Of those, the ones left out until then (optional, "present only when `status` is `ready`"). */
  readonly absentUntilDone?: readonly string[];
  /** Instants of a later state that may be null (`finishedAt`): null until the job is done, then
   * the time it was. */
  readonly doneInstants?: readonly string[];
  /** The document's job (its example), the template of every new one. */
  readonly sample: Readonly<Record<string, unknown>>;
  readonly exampleId?: string;
  readonly basePath: string;
  /** Whether an id fits the job's id member (a uuid, an integer, a pattern). */
  readonly idFits: (id: unknown) => boolean;
}

export interface JobStartBehaviour {
  readonly kind: 'job-start';
  readonly job: JobKind;
  /** The starting POST's path: its parameters name what the job works on. */
  readonly startPath?: string;
  /** The item the job works on must be in these states (an action's words: "Only for a `completed`
   * work order (409 otherwise)"), read where the path names it. */
  readonly startsFrom?: {
    readonly collection: string;
    readonly parameter: string;
    readonly member: string;
    readonly from: readonly unknown[];
    readonly status: number;
  };
  /** The members of the start's body that name other items, refused where they name none. */
  readonly references?: readonly MemberReference[];
  /** The start's body members the job keeps (the `venueCode` it reports on). */
  readonly kept?: readonly string[];
  /** What the service fills in on the job (its owner: the caller). */
  readonly filled?: FilledIn;
  readonly caller?: () => CallerNames | undefined;
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
}

export interface JobReadBehaviour {
  readonly kind: 'job-read';
  readonly job: JobKind;
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
}
