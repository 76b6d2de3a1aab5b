// --watch: the document, the files its $refs name, and the seed file, polled for changes (polling
// by path survives editors that save by renaming a new file over the old one). Changes settle for
// a moment, then one reload runs; a reload never overlaps another.
import { readFileSync, unwatchFile, watchFile } from 'node:fs';
import { dirname, resolve } from 'node:path';

const POLL_MS = 200;
const SETTLE_MS = 100;

/** The document and every local file its $refs name, followed through those files too. */
export function documentFiles(document: string): string[] {
  const found = new Set<string>();
  const visit = (file: string): void => {
    const path = resolve(file);
    if (found.has(path)) return;
    found.add(path);
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch {
      return;
    }
    for (const match of text.matchAll(/\$ref["']?\s*:\s*["']?([^"'#\s]+)(?:#[^"'\s]*)?["']?/g)) {
      const target = match[1]!;
      if (/^[a-z][a-z0-9+.-]*:\/\//i.test(target)) continue; // a URL: not ours to watch
      visit(resolve(dirname(path), target));
    }
  };
  visit(document);
  return [...found];
}

export interface Watcher {
  readonly files: readonly string[];
  close(): void;
}

/** Calls `onChange` with the changed files once they settle; the file list may grow on reload. */
export function watchFiles(
  initial: readonly string[],
  onChange: (changed: string[]) => Promise<readonly string[]>,
): Watcher {
  const watched = new Set<string>();
  const pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const add = (file: string) => {
    if (watched.has(file)) return;
    watched.add(file);
    watchFile(file, { interval: POLL_MS, persistent: true }, (now, before) => {
      if (now.mtimeMs === before.mtimeMs && now.size === before.size) return;
      pending.add(file);
      clearTimeout(timer);
      timer = setTimeout(flush, SETTLE_MS);
    });
  };
  const flush = () => {
    const changed = [...pending];
    pending.clear();
    running = running.then(async () => {
      for (const file of await onChange(changed)) add(file);
    });
  };
  for (const file of initial) add(file);
  return {
    get files() {
      return [...watched];
    },
    close() {
      clearTimeout(timer);
      for (const file of watched) unwatchFile(file);
    },
  };
}
