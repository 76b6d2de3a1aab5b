// The workflow users copy must only call commands and flags that exist.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CONFORMANCE_HELP } from '../conformance/cli/cli-help.js';

const root = new URL('../', import.meta.url);
const workflow = parse(readFileSync(new URL('.github/workflows/contract.yml', root), 'utf8')) as {
  jobs: Record<
    string,
    { steps?: Array<{ run?: string; uses?: string; with?: Record<string, string> }>; if?: string; needs?: string }
  >;
};
const scripts = (JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { scripts: Record<string, string> })
  .scripts;
const runs = Object.values(workflow.jobs)
  .flatMap((job) => job.steps ?? [])
  .flatMap((step) => (step.run ? [step.run] : []));

describe('.github/workflows/contract.yml', () => {
  it('calls only npm scripts that package.json defines', () => {
    const used = runs
      .flatMap((run) => [...run.matchAll(/npm (?:run )?([\w:-]+)/g)].map((m) => m[1]!))
      .filter((name) => !['ci', 'install'].includes(name));
    expect(used.length).toBeGreaterThan(3);
    for (const name of used) expect(Object.keys(scripts), `npm ${name}`).toContain(name);
  });

  it('passes the runner only flags it documents', () => {
    const flags = runs
      .filter((run) => run.includes('npm run conformance'))
      .flatMap((run) => [...run.matchAll(/ (--[a-z-]+)/g)].map((m) => m[1]!));
    expect(flags).toContain('--junit');
    for (const flag of flags) expect(CONFORMANCE_HELP).toContain(flag);
  });

  it('uploads the reports and gates the deployment job on configured secrets', () => {
    const uploads = Object.values(workflow.jobs)
      .flatMap((job) => job.steps ?? [])
      .filter((step) => step.uses?.startsWith('actions/upload-artifact'));
    expect(uploads.every((step) => step.with?.path === 'reports/')).toBe(true);
    expect(workflow.jobs.deployment?.if).toMatch(/deployment == 'yes'/);
    expect(workflow.jobs.deployment?.needs).toBe('configured');
  });
});
