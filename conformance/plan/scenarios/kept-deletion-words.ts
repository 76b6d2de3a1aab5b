// What a DELETE that keeps its item says it does to it: the instant it sets (`retiredAt`), and
// whether the plain list leaves the item out ("left out of `GET /parts` unless `includeRetired=true`").

/** Words of a DELETE that keep the item out of its plain list. */
const LEFT_OUT_OF_LIST =
  /\b(?:left out of|leaves|dropped from|hidden from|no longer (?:appears? in|listed (?:by|in)))\b[^.;]{0,20}\b(?:GET\s+\/|list)/i;

/** The instant member a DELETE's words set ("`retiredAt` (until then `null`) is set to the instant of
 * the request"). */
export function instantSetBy(words: string | undefined): string | undefined {
  const said = (words ?? '').replace(/\s+/g, ' ');
  return /`(\w+(?:At|_at|On|_on))`[^.;]{0,40}\bis set to the (?:instant|time|moment)\b/.exec(said)?.[1];
}

/** Whether a DELETE's words leave the item out of its plain list, its source's line breaks read as
 * spaces. */
export const leavesList = (words: string | undefined): boolean =>
  LEFT_OUT_OF_LIST.test((words ?? '').replace(/\s+/g, ' '));
