// Files shipped with this package (the default document, the seed, the cache), found from this
// module whether it runs from source or from dist/.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let root: string | undefined | null = null;

/** The folder holding this package's package.json, or undefined when it cannot be found. */
export function packageRoot(): string | undefined {
  if (root !== null) return root;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let depth = 0; depth < 4 && !existsSync(join(dir, 'package.json')); depth++) dir = dirname(dir);
  root = existsSync(join(dir, 'package.json')) ? dir : undefined;
  return root;
}

/** A path inside the package; relative to the working directory when the package root is unknown. */
export function packageFile(...segments: string[]): string {
  return join(packageRoot() ?? process.cwd(), ...segments);
}
