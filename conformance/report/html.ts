// The HTML report (--html FILE): one self-contained page a reviewer opens from a CI artifact. The
// verdict and run facts; the operation × check matrix (each cell says why on hover); every
// violation with its request, response, expectation, minimal case and reproduction; coverage per
// operation; filters by check and operation. Every value is escaped; the CLI redacts the page.
import type { Violation } from '../model.js';
import type { RunResult } from '../run-options.js';
import { SCRIPT, STYLE } from './html-assets.js';
import { notRunClause } from './not-run.js';
import type { CheckStats, OperationResult } from './recorder.js';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const esc = (text: unknown): string => String(text).replace(/[&<>"']/g, (c) => ESCAPES[c]!);

export function htmlReport(result: RunResult, replay: string): string {
  const operations = [...new Set(result.operations.map((o) => o.id))];
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(verdictText(result))} · contract conformance</title>
<style>${STYLE}</style></head>
<body>
${header(result)}
<main>
<h2>Operations × checks</h2>
${matrix(result)}
<h2 id="violations">Violations (${result.violations.length})</h2>
<div class="filters">
  <label>Check <select id="filter-check"><option value="">all</option>${options(result.checks)}</select></label>
  <label>Operation <select id="filter-operation"><option value="">all</option>${options(operations)}</select></label>
</div>
${result.violations.length === 0 ? '<p class="muted">None.</p>' : result.violations.map((v, i) => violation(v, i + 1, replay)).join('\n')}
${fixed(result)}
<h2>Coverage</h2>
${coverage(result.operations)}
${notes(result.notes)}
</main>
<script>${SCRIPT}</script>
</body></html>
`;
}

function verdictText(result: RunResult): string {
  const baseline = result.baseline;
  if (result.exitCode === 2) return `Could not run: ${result.error ?? 'unknown reason'}`;
  const notRun = notRunClause(result);
  const conformant = notRun ? 'Conformant as far as tested' : 'Conformant';
  if (result.exitCode === 0)
    return `${conformant}${baseline ? `: no new violation (${baseline.known} known)` : ''}${notRun}`;
  return baseline
    ? `Not conformant: ${baseline.new} new violation(s), ${baseline.known} known`
    : `Not conformant: ${result.violations.length} violation(s)`;
}

function header(result: RunResult): string {
  const kind = result.exitCode === 0 ? 'pass' : result.exitCode === 1 ? 'fail' : 'error';
  const baseline = result.baseline
    ? ` · baseline ${esc(result.baseline.file)}: ${result.baseline.known} known, ${result.baseline.fixed.length} fixed`
    : '';
  return `<header><h1>Contract conformance</h1>
<div class="verdict ${kind}" id="verdict">${esc(verdictText(result))} (exit ${result.exitCode})</div>
<div class="facts">Target <code>${esc(result.baseUrl)}</code> · seed <code>${result.seed}</code> · started ${esc(result.startedAt)}
 · ${(result.durationMs / 1000).toFixed(2)} s · ${result.requests} requests (${result.writes} writes) · ${result.violations.length} violation(s),
 ${result.notes.length} note(s)${baseline}${result.insecure ? ' · <strong>TLS certificates were not verified</strong>' : ''}${result.aborted ? ` · stopped early: ${esc(result.aborted)}` : ''}</div>
</header>`;
}

const options = (values: readonly string[]): string =>
  values.map((value) => `<option value="${esc(value)}">${esc(value)}</option>`).join('');

const DID_NOT_APPLY = "did not apply: no case of this operation meets the check's preconditions";

/** The violation a failed cell links to: the first new one, else the first known one. */
interface Link {
  readonly anchor: number;
  readonly known: boolean;
}

function cell(check: string, stats: CheckStats, link: Link | undefined): string {
  const attributes = `data-cell="${esc(check)}"`;
  if (stats.outcome === 'failed' && link?.known)
    return `<td class="known" ${attributes} title="known: listed in the baseline"><a href="#v${link.anchor}">known</a></td>`;
  if (stats.outcome === 'failed')
    return `<td class="failed" ${attributes}>${link ? `<a href="#v${link.anchor}">FAIL</a>` : 'FAIL'}</td>`;
  if (stats.outcome === 'passed')
    return `<td class="passed" ${attributes} title="${stats.applied} exchange(s) judged">pass</td>`;
  if (stats.reason) return `<td class="notrun" ${attributes} title="could not run: ${esc(stats.reason)}">n/r</td>`;
  return `<td class="skipped" ${attributes} title="${esc(DID_NOT_APPLY)}">–</td>`;
}

/** For each operation and check, the violation its cell links to: the first new one, else the
 * first known one. One pass over the violations. */
function linksOf(result: RunResult): Map<string, Link> {
  const links = new Map<string, Link>();
  result.violations.forEach((v, index) => {
    const key = `${v.operation}\u0000${v.check}`;
    const known = v.baseline === 'known';
    const held = links.get(key);
    if (!held || (held.known && !known)) links.set(key, { anchor: index + 1, known });
  });
  return links;
}

function matrix(result: RunResult): string {
  const links = linksOf(result);
  const head = result.checks.map((check) => `<th style="writing-mode: vertical-rl">${esc(check)}</th>`).join('');
  const rows = result.operations.map((operation) => {
    const route = `${operation.method} ${operation.path}`;
    const name = `<th>${esc(operation.id)}${operation.id === route ? '' : `<br><span class="muted">${esc(route)}</span>`}</th>`;
    if (operation.skipped)
      return `<tr data-operation="${esc(operation.id)}">${name}<td colspan="${result.checks.length}" class="muted">not tested: ${esc(operation.skipped)}</td></tr>`;
    const cells = result.checks.map((check) =>
      cell(check, operation.checks[check]!, links.get(`${operation.id}\u0000${check}`)),
    );
    return `<tr data-operation="${esc(operation.id)}">${name}${cells.join('')}</tr>`;
  });
  return `<table class="matrix" id="matrix"><thead><tr><th>operation</th>${head}</tr></thead><tbody>${rows.join('')}</tbody></table>
<div class="legend">pass · FAIL (a link to the violation) · known (in the baseline) · – did not apply · n/r could not run (hover for why)</div>`;
}

function violation(v: Violation, index: number, replay: string): string {
  const [received, expected] = splitMessage(v.message);
  const tag = v.baseline ? `<span class="tag ${v.baseline}">${v.baseline}</span>` : '';
  const rows: Array<[string, string]> = [
    ['received', esc(received)],
    ['expected', esc(expected)],
    ['case', esc(v.caseLabel)],
    ...(v.pointer !== undefined
      ? ([['at', `${esc(v.pointer || '(body)')}${v.keyword ? ` (keyword ${esc(v.keyword)})` : ''}`]] as Array<
          [string, string]
        >)
      : []),
    ['request', `<code>${esc(v.request.method)} ${esc(v.request.url)}</code>`],
    ...(v.request.bodyExcerpt !== undefined
      ? ([['request body', `<pre>${esc(v.request.bodyExcerpt)}</pre>`]] as Array<[string, string]>)
      : []),
    v.response
      ? [
          'response',
          `${v.response.status}<pre>${esc(headerLines(v.response.headers, v.response.contentType))}</pre><pre>${esc(v.response.bodyExcerpt)}</pre>`,
        ]
      : ['transport', esc(v.transport ?? '')],
    ['reproduce', `<button class="copy" type="button">copy</button><pre>${esc(v.curl)}</pre>`],
    ['replay', `<button class="copy" type="button">copy</button><pre>${esc(`${replay} --checks ${v.check}`)}</pre>`],
  ];
  return `<details class="violation" id="v${index}" data-check="${esc(v.check)}" data-operation="${esc(v.operation)}">
<summary>${index}) ${tag}${esc(v.check)} · ${esc(v.operation)} · ${esc(v.title)}${v.occurrences > 1 ? ` (in ${v.occurrences} exchanges)` : ''}</summary>
<div class="body"><dl>${rows.map(([name, value]) => `<dt>${name}</dt><dd>${value}</dd>`).join('')}</dl></div>
</details>`;
}

/** The answer's headers, one per line (reports written before they were kept show Content-Type). */
function headerLines(headers: Readonly<Record<string, string>> | undefined, contentType: string | undefined): string {
  if (!headers) return contentType ? `content-type: ${contentType}` : '';
  return Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n');
}

/** "Received: … / Expected: …" as its two halves. */
function splitMessage(message: string): [string, string] {
  const match = /^Received: ([\s\S]*?) \/ Expected: ([\s\S]*)$/.exec(message);
  return match ? [match[1]!, match[2]!] : [message, ''];
}

function fixed(result: RunResult): string {
  const entries = result.baseline?.fixed ?? [];
  if (entries.length === 0) return '';
  const items = entries.map((e) => `<li>${esc(e.check)} · ${esc(e.operation)} · ${esc(e.title)}</li>`).join('');
  return `<h2>Fixed since the baseline (${entries.length})</h2><p class="muted">Shrink the baseline with --write-baseline.</p><ul>${items}</ul>`;
}

function coverage(operations: readonly OperationResult[]): string {
  const list = (values: readonly string[] | undefined) =>
    values && values.length > 0 ? values.map(esc).join(', ') : '<span class="muted">none</span>';
  const rows = operations
    .filter((o) => !o.skipped)
    .map((o) => {
      const seen = o.documentedStatuses.filter((s) => o.observedStatuses.some((x) => String(x) === s));
      const unseen = o.documentedStatuses.filter((s) => !seen.includes(s));
      const undocumented = o.observedStatuses.filter((s) => !o.documentedStatuses.includes(String(s))).map(String);
      const unsent = Object.entries(o.unsent ?? {}).map(([reason, count]) => `${count}: ${reason}`);
      return `<tr data-operation="${esc(o.id)}"><th>${esc(o.id)}</th><td>${list(seen)}</td><td>${list(unseen)}</td><td>${list(undocumented)}</td>
<td>${list(o.exercised?.parameters)}</td><td>${list(o.exercised?.requestMediaTypes)}</td><td>${list(o.exercised?.responseMediaTypes)}</td><td>${o.requests}</td><td>${list(unsent)}</td></tr>`;
    });
  return `<table id="coverage"><thead><tr><th>operation</th><th>documented statuses seen</th><th>not seen</th><th>undocumented seen</th>
<th>parameters sent</th><th>request media types</th><th>response media types</th><th>requests</th><th>cases not sent</th></tr></thead>
<tbody>${rows.join('')}</tbody></table>`;
}

function notes(list: readonly Violation[]): string {
  if (list.length === 0) return '';
  const items = list
    .map(
      (n) =>
        `<li>${esc(n.operation)} · ${esc(n.title)}: ${esc(n.message)} <span class="muted">(${esc(n.caseLabel)})</span></li>`,
    )
    .join('');
  return `<h2>Notes (${list.length}; not failures: the document leaves these open)</h2><ul>${items}</ul>`;
}
