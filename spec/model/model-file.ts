// Reads a model file (--model FILE): JSON or YAML, an OpenAPI Overlay 1.0 or {"resources": {...}}.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { ContractError } from '../contract-error.js';
import { correctionsFromFile, type ResourceCorrection } from './corrections.js';

// YAML's parser is required only when a model file is read: it stays off every start that has none.
const require = createRequire(import.meta.url);
const parse = (text: string): unknown => (require('yaml') as typeof import('yaml')).parse(text);

export function readModelFile(file: string): Map<string, ResourceCorrection> {
  let data: unknown;
  try {
    data = parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ContractError(file, '', `cannot read the model file: ${(error as Error).message.split('\n')[0]}`);
  }
  return correctionsFromFile(data, file);
}
