// Counts compared: what a tally read answers before and after the run's own round trip.

type Counts = Readonly<Record<string, unknown>>;

/** The counts that differ between two answers, as "sold 10 (was 11)" (an absent count reads as 0);
 * `partial`: only the counts `before` names. */
export function changedCounts(before: Counts, after: Counts, partial = false): string[] {
  const keys = new Set([...Object.keys(before), ...(partial ? [] : Object.keys(after))]);
  return [...keys].flatMap((key) => {
    const [was, now] = [before[key] ?? 0, after[key] ?? 0];
    return typeof was === 'number' && typeof now === 'number' && was !== now ? [`${key} ${now} (was ${was})`] : [];
  });
}
