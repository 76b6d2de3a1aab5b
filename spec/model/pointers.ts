// Where in the document an operation is, as a JSON pointer: /paths/~1bookings/post.
import { joinPointer } from '../contract-error.js';
import type { Operation } from '../types.js';

export const operationPointer = (operation: Operation): string =>
  joinPointer('', 'paths', operation.path, operation.method.toLowerCase());
