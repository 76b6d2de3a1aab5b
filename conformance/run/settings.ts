// What a run works with, resolved once from its options: the contract and its API model, the seed,
// the checks, the redactor, the operations left out. No stage reads the options again for these.
import { type ApiModel, apiModelOf, type Contract, loadContract, type Operation } from '../../spec/index.js';
import { secretsOf } from '../auth/auth-variants.js';
import type { NamedCheck } from '../model.js';
import { createRedactor } from '../report/redact.js';
import { chooseSeed, DEFAULTS, type RunOptions, runSecrets, selectChecks } from '../run-options.js';
import { unselected } from '../select.js';

export interface RunSettings {
  readonly options: RunOptions;
  readonly started: number;
  readonly startedAt: string;
  readonly seed: number;
  readonly runs: number;
  readonly readOnly: boolean;
  readonly checks: readonly NamedCheck[];
  readonly contract: Contract;
  readonly model: ApiModel;
  readonly leftOut: ReadonlyMap<Operation, string>;
  /** Every line and value the run gives out passes this. */
  readonly redact: (text: string) => string;
  readonly progress: (message: string) => void;
}

export async function resolveSettings(options: RunOptions): Promise<RunSettings> {
  const started = performance.now();
  const startedAt = new Date().toISOString();
  const seed = options.seed ?? chooseSeed();
  // Checks before the document: an unknown check name is told before a document is read.
  const checks = selectChecks(options);
  const contract = options.contract ?? (await loadContract(options.spec));
  const baseUrl = 'baseUrl' in options.target ? options.target.baseUrl : undefined;
  const redact = createRedactor(
    options.apiKey,
    [...secretsOf(options, contract.operations), ...runSecrets(options)],
    [options.spec, baseUrl],
  );
  return {
    options,
    started,
    startedAt,
    seed,
    runs: options.runs ?? DEFAULTS.runs,
    readOnly: options.readOnly === true,
    checks,
    contract,
    model: apiModelOf(contract, options.model),
    leftOut: unselected(contract.operations, options.selection ?? {}),
    redact,
    progress: (message) => options.onProgress?.(redact(message)),
  };
}
