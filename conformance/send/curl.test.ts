// The reproduce line of a case: a cut body says so without printing its padding.
import { describe, expect, it } from 'vitest';
import { curlCommand } from './curl.js';

describe('the reproduce line', () => {
  it('of a 2 MiB body padded with white space tells the padding instead of printing it', () => {
    const body = `{"name":"Rex"${' '.repeat(2 * 1024 * 1024)}}`;
    const line = curlCommand({ method: 'POST', url: 'http://127.0.0.1:1/pets', headers: {}, body });
    expect(line).not.toMatch(/\s{16}/);
    expect(line).toContain('{"name":"Rex" ⟨4083 white-space characters⟩ … (body of 2097166 characters cut');
    expect(line.length).toBeLessThan(200);
  });

  it('of a body under the limit prints it as sent, white space and all', () => {
    const body = `{"name":"Rex",${' '.repeat(40)}"tag":"a"}`;
    const line = curlCommand({ method: 'POST', url: 'http://127.0.0.1:1/pets', headers: {}, body });
    expect(line).toContain(`--data-binary '${body}'`);
  });
});
