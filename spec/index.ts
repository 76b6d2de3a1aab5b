// The spec layer for Node: the browser-safe surface (core.ts) and reading documents from files.

export { defaultSpecPath, loadContract } from './contract.js';
export * from './core.js';
export { readModelFile } from './model/model-file.js';
export { packageFile, packageRoot } from './package-root.js';
