// What the validating proxy found, kept for GET /__mock/violations (the last 1000) and told to a
// listener (one log line each). Entries hold the document's names and the request's method and
// path only: never headers, query strings or bodies, so no credential can be in them.

export interface ContractViolation {
  readonly check: string;
  readonly operation: string;
  readonly message: string;
  readonly pointer?: string;
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly at: string;
}

const KEPT = 1000;

export class ViolationLog {
  private readonly kept: ContractViolation[] = [];

  constructor(private readonly onViolation?: (violation: ContractViolation) => void) {}

  add(found: Omit<ContractViolation, 'at'>): ContractViolation {
    const violation = { ...found, at: new Date().toISOString() };
    this.kept.push(violation);
    if (this.kept.length > KEPT) this.kept.shift();
    this.onViolation?.(violation);
    return violation;
  }

  list(): readonly ContractViolation[] {
    return this.kept;
  }

  clear(): void {
    this.kept.length = 0;
  }
}
