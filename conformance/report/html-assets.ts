// The HTML report's inline style and script: one self-contained page, no network.

export const STYLE = `
:root { --pass: #1a7f37; --fail: #cf222e; --muted: #6e7781; --line: #d0d7de; --bg: #f6f8fa; }
* { box-sizing: border-box; }
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 0; color: #1f2328; }
header { padding: 16px 24px; border-bottom: 1px solid var(--line); }
header h1 { margin: 0 0 4px; font-size: 20px; }
.verdict { font-weight: 600; font-size: 16px; }
.verdict.pass { color: var(--pass); } .verdict.fail { color: var(--fail); } .verdict.error { color: #9a6700; }
.facts { color: var(--muted); margin-top: 4px; }
main { padding: 8px 24px 48px; }
h2 { font-size: 16px; margin: 24px 0 8px; }
table { border-collapse: collapse; }
th, td { border: 1px solid var(--line); padding: 3px 8px; text-align: left; vertical-align: top; }
th { background: var(--bg); font-weight: 600; }
.matrix td { text-align: center; min-width: 56px; }
.matrix td.passed { color: var(--pass); } .matrix td.failed { color: #fff; background: var(--fail); font-weight: 600; }
.matrix td.failed a { color: #fff; } .matrix td.skipped, .matrix td.notrun { color: var(--muted); }
.matrix td.known { background: #fff8c5; color: #7d4e00; }
.legend { color: var(--muted); margin: 6px 0; }
details.violation { border: 1px solid var(--line); border-radius: 6px; margin: 8px 0; }
details.violation > summary { padding: 8px 12px; cursor: pointer; background: var(--bg); font-weight: 600; }
details.violation[open] > summary { border-bottom: 1px solid var(--line); }
.body { padding: 8px 12px; }
.tag { display: inline-block; font-size: 12px; padding: 0 6px; border-radius: 10px; margin-right: 6px; }
.tag.new { background: var(--fail); color: #fff; } .tag.known { background: #fff8c5; color: #7d4e00; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 12px; margin: 0; }
dt { color: var(--muted); } dd { margin: 0; }
pre { background: var(--bg); border: 1px solid var(--line); padding: 8px; overflow-x: auto; white-space: pre-wrap;
  word-break: break-all; margin: 0; }
.copy { float: right; font-size: 12px; }
.filters { margin: 8px 0; display: flex; gap: 12px; align-items: center; }
.hidden { display: none; } .matrix td.dim { opacity: 0.25; }
.muted { color: var(--muted); }
`;

// Filters by check and operation; a copy button for each reproduction.
export const SCRIPT = `
const pick = (id) => document.getElementById(id);
function applyFilters() {
  const check = pick('filter-check').value, operation = pick('filter-operation').value;
  // Violations by both; the matrix's and the coverage's rows by operation; the matrix's column by check.
  for (const item of document.querySelectorAll('[data-operation]')) {
    const byCheck = item.dataset.check === undefined || !check || item.dataset.check === check;
    item.classList.toggle('hidden', !(byCheck && (!operation || item.dataset.operation === operation)));
  }
  for (const cell of document.querySelectorAll('[data-cell]')) cell.classList.toggle('dim', !!check && cell.dataset.cell !== check);
}
pick('filter-check').addEventListener('change', applyFilters);
pick('filter-operation').addEventListener('change', applyFilters);
for (const button of document.querySelectorAll('button.copy')) {
  button.addEventListener('click', () => {
    const text = button.nextElementSibling.textContent;
    navigator.clipboard?.writeText(text).then(() => { button.textContent = 'copied'; }, () => {});
  });
}
if (location.hash) { const target = document.querySelector(location.hash); if (target && target.tagName === 'DETAILS') target.open = true; }
for (const link of document.querySelectorAll('a[href^="#v"]')) {
  link.addEventListener('click', () => { const target = document.querySelector(link.getAttribute('href')); if (target) target.open = true; });
}
`;
