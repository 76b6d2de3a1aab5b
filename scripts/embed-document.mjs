// Writes spec/openapi.generated.json: the Pet Catalog document (spec/openapi.yaml) as JSON, so the
// browser-safe core (the MSW handlers) has its default document without reading a file. Run by
// `npm run build`; generated, never edited or committed (spec/openapi.yaml is the source).
import { readFileSync, writeFileSync } from 'node:fs';
import { parse } from 'yaml';

const source = new URL('../spec/openapi.yaml', import.meta.url);
const target = new URL('../spec/openapi.generated.json', import.meta.url);
const json = `${JSON.stringify(parse(readFileSync(source, 'utf8')), null, 2)}\n`;
let previous = '';
try {
  previous = readFileSync(target, 'utf8');
} catch {}
// Unchanged text is not rewritten, so watchers and tsc's incremental state stay quiet.
if (previous !== json) writeFileSync(target, json);
