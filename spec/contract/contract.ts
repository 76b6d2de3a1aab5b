// The only code that reads the OpenAPI document from a file. It reads and validates it once
// (read-document.ts: 2.0, 3.0, 3.1, 3.2, multi-file; the result cached by validated-cache.ts), then
// compile-contract.ts turns it into the frozen contract every part of the kit works from, with
// validators saved as code at the first start (validator-cache.ts).

import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { propertiesOf } from '../schema/all-of.js';
import { compileContract, LARGE_DOCUMENT, type LoadOptions } from './compile-contract.js';

export type { LoadOptions };

import { ContractError } from '../contract-error.js';
import { packageFile } from '../document/package-root.js';
import { type ReadDocument, readDocument } from '../document/read-document.js';
import { readCached, writeCached } from '../document/validated-cache.js';
import { validatorOfView } from '../schema/schema-registry.js';
import { SchemaCompiler } from '../schema/validators.js';
import type { Contract } from './types.js';
import { readValidators, writeValidators } from './validator-cache.js';

/** spec/openapi.yaml of this package. */
export function defaultSpecPath(): string {
  return packageFile('spec', 'openapi.yaml');
}

export async function loadContract(file: string = defaultSpecPath(), options: LoadOptions = {}): Promise<Contract> {
  const path = resolve(file);
  let source: string;
  try {
    source = await readFile(path, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new ContractError(file, '', `cannot read the document (${reason}); give the path of an OpenAPI document`);
  }
  const read = readCached(path, source) ?? (await readAndCache(file, path, source));
  const precompiled = readValidators(path, source);
  const compiler = new SchemaCompiler({ precompiled, keepSource: precompiled.size === 0 });
  const contract = compileContract(file, path, source, read, options, compiler);
  if (precompiled.size === 0 && contract.operations.length <= LARGE_DOCUMENT) warmPropertyValidators(contract);
  writeValidators(path, source, compiler);
  return contract;
}

/**
 * Compiles, into the set saved for later starts, the validators of each answer's top-level
 * properties: the mock judges every created value by them (a value the answer cannot hold is not
 * stored), and compiling them on the first creation built a whole ajv (~50 ms, ~10 MB of RSS).
 */
function warmPropertyValidators(contract: Contract): void {
  for (const operation of contract.operations)
    for (const response of operation.responses)
      for (const media of response.content)
        for (const property of Object.values(propertiesOf(media.validator?.schema)))
          if (typeof property === 'object' && property !== null) validatorOfView(property);
}

async function readAndCache(file: string, path: string, source: string): Promise<ReadDocument> {
  const read = await readDocument(file, path, source);
  writeCached(path, source, read);
  return read;
}
