// The spec layer for Node: the browser-safe surface (core.ts) and reading documents from files.

export { defaultSpecPath, loadContract } from './contract/contract.js';
export * from './core.js';
export { packageFile, packageRoot } from './document/package-root.js';
export { readModelFile } from './model/model-file.js';
