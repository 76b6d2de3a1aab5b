import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type Change, diffContracts, loadContract } from './index.js';

const SPEC = fileURLToPath(new URL('./openapi.yaml', import.meta.url));
const original = readFileSync(SPEC, 'utf8');
const dir = mkdtempSync(join(tmpdir(), 'diff-'));
let count = 0;

function variant(edit: (text: string) => string): string {
  const text = edit(original);
  expect(text).not.toBe(original);
  const file = join(dir, `v${count++}.yaml`);
  writeFileSync(file, text);
  return file;
}

async function diff(oldFile: string, newFile: string): Promise<Change[]> {
  return diffContracts(await loadContract(oldFile), await loadContract(newFile));
}

const breaking = (changes: Change[]) => changes.filter((c) => c.breaking).map((c) => `${c.where}: ${c.what}`);
const compatible = (changes: Change[]) => changes.filter((c) => !c.breaking).map((c) => `${c.where}: ${c.what}`);

const NEW_CATEGORY_REQUIRED =
  '      required: [name]\n      properties:\n        name:\n          type: string\n          description: Category name.\n';
const CATEGORY_REQUIRED = '      required: [id, name]\n';

describe('contract diff', () => {
  it('finds nothing between a document and itself', async () => {
    expect(await diff(SPEC, SPEC)).toEqual([]);
  });

  it('an operation removed breaks; added is compatible', async () => {
    const without = variant((t) => t.replace(/ {2}\/store\/orders:[\s\S]*?(?=\ncomponents:)/, ''));
    expect(breaking(await diff(SPEC, without))).toEqual(['GET /store/orders: operation removed']);
    expect(compatible(await diff(without, SPEC))).toEqual(['GET /store/orders: operation added']);
  });

  it('a status removed breaks; added is compatible', async () => {
    const without400 = variant((t) =>
      t.replace(
        / {8}'400':\n {10}description: The request body is missing[\s\S]*?\$ref: '#\/components\/schemas\/Error'\n/,
        '',
      ),
    );
    expect(breaking(await diff(SPEC, without400))).toEqual(['POST /categories: response 400 removed']);
    expect(compatible(await diff(without400, SPEC))).toEqual(['POST /categories: response 400 added']);
  });

  it('a request field made required breaks', async () => {
    const required = variant((t) =>
      t.replace(NEW_CATEGORY_REQUIRED, NEW_CATEGORY_REQUIRED.replace('[name]', '[name, description]')),
    );
    expect(breaking(await diff(SPEC, required))).toEqual([
      'POST /categories: request body: property description made required',
    ]);
  });

  it('a request field added as required breaks; added as optional is compatible', async () => {
    const addRequired = variant((t) =>
      t
        .replace(
          NEW_CATEGORY_REQUIRED,
          '      required: [name, tag]\n      properties:\n        tag:\n          type: string\n        name:\n          type: string\n          description: Category name.\n',
        )
        .replace(
          '      example:\n        name: Rabbit\n',
          '      example:\n        name: Rabbit\n        tag: small\n',
        ),
    );
    expect(breaking(await diff(SPEC, addRequired))).toEqual([
      'POST /categories: request body: property tag added as required',
    ]);
    const addOptional = variant((t) =>
      t.replace(NEW_CATEGORY_REQUIRED, `${NEW_CATEGORY_REQUIRED}        tag:\n          type: string\n`),
    );
    expect(breaking(await diff(SPEC, addOptional))).toEqual([]);
    expect(compatible(await diff(SPEC, addOptional))).toEqual(['POST /categories: request body: property tag added']);
  });

  it('a response field removed or made optional breaks', async () => {
    const optional = variant((t) => t.replace(CATEGORY_REQUIRED, '      required: [id]\n'));
    expect(breaking(await diff(SPEC, optional))).toEqual([
      'GET /categories: response 200 body: property [].name made optional',
      'POST /categories: response 201 body: property name made optional',
    ]);
    const removed = variant((t) =>
      t.replace(
        '        description:\n          type: string\n          description: Short description of the category.\n',
        '',
      ),
    );
    expect(breaking(await diff(SPEC, removed))).toContain(
      'POST /categories: response 201 body: property description removed',
    );
  });

  it('a type changed breaks', async () => {
    const stringIds = variant((t) =>
      t
        .replace(
          '        id:\n          type: integer\n          format: int64\n',
          '        id:\n          type: string\n',
        )
        .replace(/id: (\d)/g, "id: '$1'"),
    );
    expect(breaking(await diff(SPEC, stringIds))).toContain(
      'POST /categories: response 201 id: type integer → string (widened or changed)',
    );
    const numberName = variant((t) =>
      t
        .replace(NEW_CATEGORY_REQUIRED, NEW_CATEGORY_REQUIRED.replace('type: string', 'type: integer'))
        .replace('      example:\n        name: Rabbit\n', '      example:\n        name: 7\n'),
    );
    expect(breaking(await diff(SPEC, numberName))).toEqual([
      'POST /categories: request name: type string → integer (narrowed or changed)',
    ]);
  });

  it('a tightened request constraint breaks; a loosened one is compatible', async () => {
    const limited = variant((t) =>
      t.replace(
        NEW_CATEGORY_REQUIRED,
        NEW_CATEGORY_REQUIRED.replace('          type: string\n', '          type: string\n          maxLength: 50\n'),
      ),
    );
    expect(breaking(await diff(SPEC, limited))).toEqual(['POST /categories: request name: maxLength none → 50']);
    expect(breaking(await diff(limited, SPEC))).toEqual([]);
  });

  it('security added breaks; removed is compatible', async () => {
    const open = variant((t) => t.replace('security:\n  - bearerAuth: []\n', ''));
    expect(breaking(await diff(open, SPEC))).toHaveLength(4);
    expect(breaking(await diff(open, SPEC))[0]).toMatch(/security added \(bearerAuth\)/);
    expect(compatible(await diff(SPEC, open))).toContain('GET /categories: security removed');
  });

  it('npm run contract:diff exits 1 on a breaking change, 0 otherwise, 2 on a bad document', () => {
    const cli = fileURLToPath(new URL('../dist/scripts/contract-diff.js', import.meta.url));
    const optional = variant((t) => t.replace(CATEGORY_REQUIRED, '      required: [id]\n'));
    const broken = spawnSync(process.execPath, [cli, SPEC, optional], { encoding: 'utf8' });
    expect(broken.status).toBe(1);
    expect(broken.stdout).toMatch(/Breaking changes \(2\):/);
    expect(broken.stdout).toMatch(/BREAKING\n$/);
    expect(spawnSync(process.execPath, [cli, optional, SPEC], { encoding: 'utf8' }).status).toBe(0);
    const bad = spawnSync(process.execPath, [cli, SPEC, join(dir, 'missing.yaml')], { encoding: 'utf8' });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/cannot read the document/);
  });
});
