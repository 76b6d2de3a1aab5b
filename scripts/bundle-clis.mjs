// Bundles the two command-line programs (dist/mock/cli.js, dist/conformance/cli.js) over tsc's
// output of them: one module graph read from a few files instead of ~150 (ajv alone is 86), which
// is most of what separates the mock's start from a bare server's. Run by `npm run build`, after
// tsc; every other module of dist/ stays as tsc wrote it (the package's exports import those).
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url).pathname;

// Every `import fc from 'fast-check'` of the bundles goes to scripts/lazy-fast-check.mjs, which
// requires the package (from node_modules, at run time) on first use.
const lazyFastCheck = {
  name: 'lazy-fast-check',
  setup(build) {
    build.onResolve({ filter: /^fast-check$/ }, (args) =>
      args.importer.endsWith('lazy-fast-check.mjs')
        ? { path: 'fast-check', external: true }
        : { path: `${root}scripts/lazy-fast-check.mjs` },
    );
  },
};
const chunks = 'cli-chunks';
rmSync(`${root}dist/${chunks}`, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: ['mock/cli.ts', 'conformance/cli.ts'],
  outbase: '.',
  outdir: 'dist',
  bundle: true,
  // Shared code, and what loads on demand (Express for /__mock/*, swagger-parser for a document
  // not yet validated), in chunks of their own: off the start path until needed.
  splitting: true,
  chunkNames: `${chunks}/[name]-[hash]`,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  // CommonJS dependencies bundled into ES modules call require() for Node's built-ins.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  logLevel: 'warning',
  plugins: [lazyFastCheck],
});
