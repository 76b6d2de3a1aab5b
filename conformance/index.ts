export { runConformance, DEFAULTS, RunError } from './runner.js';
export type { RunOptions, RunResult, Target, OperationResult, CheckOutcome } from './runner.js';
export { CHECKS, CHECK_NAMES } from './checks.js';
export type { Violation, NamedCheck, Finding, CheckContext } from './model.js';
export { junitReport } from './report/junit.js';
export { jsonReport, JSON_REPORT_VERSION } from './report/json.js';
export { consoleReport } from './report/console.js';
export { markdownSummary } from './report/markdown.js';
