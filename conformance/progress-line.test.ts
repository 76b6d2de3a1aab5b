// The live progress line of a terminal, fed by a real run against the reference server.
import { describe, expect, it } from 'vitest';
import { createReferenceHandler } from '../fixtures/reference-server.js';
import { loadContract } from '../spec/index.js';
import { progressLine } from './report/progress-line.js';
import { type LiveStatus, runConformance } from './run.js';

/** A terminal 100 columns wide that keeps what was written. */
function terminal() {
  const written: string[] = [];
  const stream = { columns: 100, write: (text: string) => written.push(text) > 0 } as unknown as NodeJS.WriteStream;
  return { stream, written };
}

describe('progressLine', () => {
  it('redraws one line in place with the run’s counts, prints failures above it, and clears it at the end', async () => {
    const contract = await loadContract();
    const { stream, written } = terminal();
    const line = progressLine(stream);
    let last: LiveStatus | undefined;
    const result = await runConformance({
      target: { app: createReferenceHandler({ key: 'k' }) },
      contract,
      apiKey: 'k',
      seed: 4,
      onStart: (live) =>
        line.follow(() => {
          last = live();
          return last;
        }),
    });
    line.print('… FAIL some_check · someOperation · a title');
    line.stop();
    expect(result.exitCode).toBe(0);
    // Every redraw starts by clearing the line; none ends it, so the terminal keeps one line.
    const redraws = written.filter((text) => text.startsWith('\r\x1b[2K… ') && !text.includes('FAIL'));
    expect(redraws.length).toBeGreaterThan(0);
    expect(redraws.every((text) => !text.includes('\n') && text.length <= 100 + 5)).toBe(true);
    expect(redraws.at(-1)).toMatch(
      /^\r\x1b\[2K… 2\/2 operations · \d+ requests · \d+ writes left · 0 failure\(s\) · \d+\.\d s$/,
    );
    expect(last).toMatchObject({ operationsDone: 2, operations: 2, requests: result.requests, failures: 0 });
    expect(written).toContain('\r\x1b[2K… FAIL some_check · someOperation · a title\n');
    expect(written.at(-1)).toBe('\r\x1b[2K');
  });
});
