// Values beside a known one, for a step that must move a member off what it holds (a copied
// value changed at its source, a member set off its default): valid-looking and of the same kind.

/** An integer one up (or down, where it cannot go up), the other truth, a text with a mark added. */
export const nearbyValues = (value: unknown): unknown[] =>
  typeof value === 'number'
    ? [value + 1, value - 1]
    : typeof value === 'boolean'
      ? [!value]
      : typeof value === 'string'
        ? [`${value}-2`, `${value}2`]
        : [];
