// Which operations a run tests: --include and --exclude filters (operationId:NAME, tag:NAME,
// method:GET, path:GLOB) and --shard I/N, a deterministic split so that N CI jobs together test
// every operation exactly once. The collection sequences go with their create operation.
import type { Operation } from '../spec/index.js';
import { escapeRegExp } from '../spec/index.js';

export class SelectionError extends Error {}

export interface Selection {
  readonly include?: readonly string[];
  readonly exclude?: readonly string[];
  /** 1-based shard index and the shard count. */
  readonly shard?: { readonly index: number; readonly count: number };
}

type Matcher = (operation: Operation) => boolean;

/** A glob over a path: * any characters, ? one character. */
function globMatcher(glob: string): RegExp {
  return new RegExp(`^${[...glob].map((c) => (c === '*' ? '.*' : c === '?' ? '.' : escapeRegExp(c))).join('')}$`);
}

const FIELDS: Readonly<Record<string, (value: string) => Matcher>> = {
  operationId: (value) => (operation) => operation.operationId === value || operation.id === value,
  tag: (value) => (operation) => operation.tags.includes(value),
  method: (value) => (operation) => operation.method === value.toUpperCase(),
  path: (value) => {
    const pattern = globMatcher(value);
    return (operation) => pattern.test(operation.path);
  },
};

export function parseFilter(expression: string): Matcher {
  const at = expression.indexOf(':');
  const field = at > 0 ? expression.slice(0, at) : '';
  const make = FIELDS[field];
  if (!make || at === expression.length - 1) {
    throw new SelectionError(
      `a filter is FIELD:VALUE with FIELD one of ${Object.keys(FIELDS).join(', ')} (e.g. path:/categories*), not "${expression}"`,
    );
  }
  return make(expression.slice(at + 1));
}

export function parseShard(text: string): { index: number; count: number } {
  const match = /^(\d+)\/(\d+)$/.exec(text);
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || count < 1 || index < 1 || index > count) {
    throw new SelectionError(`--shard takes I/N with 1 <= I <= N (e.g. 2/3), not "${text}"`);
  }
  return { index, count };
}

/**
 * Why each operation left out of this run is left out. The shard split is round-robin over the
 * operations in method-and-path order, so every job of a matrix agrees on it and the shards are
 * balanced; filters apply first, so every shard of a filtered matrix sees the same operations.
 */
export function unselected(operations: readonly Operation[], selection: Selection): Map<Operation, string> {
  const reasons = new Map<Operation, string>();
  const includes = (selection.include ?? []).map((expression) => ({ expression, matches: parseFilter(expression) }));
  const excludes = (selection.exclude ?? []).map((expression) => ({ expression, matches: parseFilter(expression) }));
  const kept: Operation[] = [];
  for (const operation of operations) {
    const excludedBy = excludes.find((filter) => filter.matches(operation));
    if (excludedBy) reasons.set(operation, `excluded by --exclude ${excludedBy.expression}`);
    else if (includes.length > 0 && !includes.some((filter) => filter.matches(operation))) {
      reasons.set(operation, `not matched by --include ${includes.map((f) => f.expression).join(', ')}`);
    } else kept.push(operation);
  }
  const shard = selection.shard;
  if (shard) {
    // Operations no run tests (x-unspecified) take no turn, so no shard is left empty by them.
    const ordered = kept
      .filter((operation) => !operation.unspecified)
      .sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`));
    ordered.forEach((operation, position) => {
      const owner = (position % shard.count) + 1;
      if (owner !== shard.index)
        reasons.set(operation, `in shard ${owner}/${shard.count} (--shard ${shard.index}/${shard.count})`);
    });
  }
  return reasons;
}
