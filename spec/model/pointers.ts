// Where in the document an operation is, as a JSON pointer: /paths/~1bookings/post.

import type { Operation } from '../contract/types.js';
import { joinPointer } from '../contract-error.js';

export const operationPointer = (operation: Operation): string =>
  joinPointer('', 'paths', operation.path, operation.method.toLowerCase());
