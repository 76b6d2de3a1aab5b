// Every readmeio JSON document (3.0, 3.1, 2.0) as an object through contractHandlers + MSW in Node:
// one GET per operation without path params; counts statuses; reports crashes (5xx from the mock or throws).
import { readFileSync, readdirSync } from 'node:fs';
import { setupServer } from 'msw/node';
import { contractHandlers } from '../dist/mock/msw.js';
const root = '/tmp/corp/readmeio+oas-examples';
const files = ['2.0', '3.0', '3.1'].flatMap((v) => { try { return readdirSync(`${root}/${v}/json`).filter((f) => f.endsWith('.json')).map((f) => `${root}/${v}/json/${f}`); } catch { return []; } });
let ok = 0, refused = 0, crashes = [];
for (const file of files) {
  let handlers;
  try { handlers = await contractHandlers({ document: JSON.parse(readFileSync(file, 'utf8')), apiKeys: ['k'], baseUrl: 'http://api.test/base' }); }
  catch (e) { refused++; console.log('refused', file.slice(root.length), String(e.message).slice(0, 120)); continue; }
  const server = setupServer(...handlers); server.listen({ onUnhandledRequest: 'error' });
  const statuses = {};
  for (const op of handlers.contract.operations) {
    const path = op.path.replace(/\{[^}]+\}/g, '1');
    const init = { method: op.method, headers: { Authorization: 'Bearer k', 'X-API-Key': 'k', 'Content-Type': 'application/json' } };
    if (!['GET', 'HEAD'].includes(op.method)) init.body = '{}';
    try { const r = await fetch(`http://api.test/base${path}?api_key=k`, init); statuses[r.status] = (statuses[r.status] ?? 0) + 1; if (r.status >= 500 && r.status !== 501) crashes.push(`${file} ${op.method} ${path} ${r.status} ${(await r.text()).slice(0, 100)}`); }
    catch (e) { crashes.push(`${file} ${op.method} ${path} threw ${e.message}`); }
  }
  server.close(); ok++;
  console.log(file.slice(root.length), handlers.contract.operations.length, 'ops', JSON.stringify(statuses));
}
console.log({ ok, refused, crashes: crashes.length }); for (const c of crashes.slice(0, 10)) console.log(c);
