// A value computed on its first use only (seed items drawn when a collection is first read, the
// members a wrapping answer requires besides its item).

/** The function's result, computed on the first call only. */
export function once<T>(compute: () => T): () => T {
  let done = false;
  let value: T;
  return () => {
    if (!done) {
      value = compute();
      done = true;
    }
    return value;
  };
}
