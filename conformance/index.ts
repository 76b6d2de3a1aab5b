export { CHECK_NAMES, CHECKS } from './checks.js';
export type { CheckContext, Finding, NamedCheck, Violation } from './model.js';
export { consoleReport } from './report/console.js';
export { JSON_REPORT_VERSION, jsonReport } from './report/json.js';
export { junitReport } from './report/junit.js';
export { markdownSummary } from './report/markdown.js';
export type { CheckOutcome, OperationResult, RunOptions, RunResult, Target } from './runner.js';
export { DEFAULTS, RunError, runConformance } from './runner.js';
