// The node command `npm start` runs, read from package.json, so benchmarks and the soak measure
// exactly what users start (flags included).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export function startCommand(root: string): string[] {
  const scripts = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: { start: string } })
    .scripts;
  const [node, ...args] = scripts.start.split(/\s+/);
  if (node !== 'node') throw new Error(`npm start does not run node directly: ${scripts.start}`);
  return args.map((arg) => (arg.startsWith('-') ? arg : join(root, arg)));
}
