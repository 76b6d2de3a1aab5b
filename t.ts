import { runConformance } from './conformance/runner.js';
import { createMockApp, loadContract } from './mock/index.js';
const contract = await loadContract();
const app = createMockApp({ contract });
const t0 = performance.now();
const r = await runConformance({ target: { app }, contract, apiKey: 'dev-key', seed: 42, onProgress: (m) => console.error(m) });
console.log('ms', performance.now() - t0, 'requests', r.requests, 'writes', r.writes, 'exit', r.exitCode, r.error, r.aborted);
for (const v of [...r.violations, ...r.notes]) console.log(v.severity, v.check, v.operation, v.title, v.message, v.caseLabel, v.occurrences, '\n  ', v.curl.slice(0, 300));
for (const o of r.operations) console.log(o.id, o.skipped ?? '', o.requests, o.observedStatuses, Object.entries(o.checks).map(([k, v]) => `${k}:${v.outcome}/${v.applied}`).join(' '));
