// $refs inside the bundled document (every external file already folded in): JSON pointers
// resolved to the node they name. Schemas keep their $refs (the schema registry follows them);
// other objects (parameters, responses, bodies, path items) are resolved where they are read.
import { ContractError } from '../contract-error.js';

type Json = Record<string, unknown>;

function unescapeToken(token: string): string {
  return decodeURIComponent(token).replace(/~1/g, '/').replace(/~0/g, '~');
}

/** The node a local reference (#/a/b) names, or a ContractError naming the dangling reference. */
export function resolvePointer(document: unknown, ref: string, file = ''): unknown {
  if (!ref.startsWith('#')) throw new ContractError(file, '', `$ref ${ref} is not a local reference after bundling`);
  let node: unknown = document;
  for (const token of ref.slice(1).split('/').slice(1)) {
    if (typeof node !== 'object' || node === null) throw new ContractError(file, '', `$ref ${ref} points at nothing`);
    node = (node as Json)[unescapeToken(token)];
  }
  if (node === undefined) throw new ContractError(file, '', `$ref ${ref} points at nothing`);
  return node;
}

/** A non-schema object with its $ref followed (chains too); other values as they are. */
export function deref<T = Json>(document: unknown, node: unknown): T {
  let current = node;
  for (let hops = 0; hops < 32; hops++) {
    if (typeof current !== 'object' || current === null || typeof (current as Json).$ref !== 'string') break;
    current = resolvePointer(document, (current as Json).$ref as string);
  }
  return current as T;
}
