// The past participles of action verbs: what a state or a yes/no member is called once the verb
// has been taken (cancel → cancelled, archive → archived, pay → paid).

/** English past participles of the usual action verbs: cancel → cancelled, archive → archived,
 * submit → submitted (a final consonant doubled). */
export function participle(verb: string): string[] {
  const v = verb.toLowerCase();
  const doubled = /[bcdfgklmnprstvz]$/.test(v) ? [`${v}${v.at(-1)}ed`] : [];
  const irregular = IRREGULAR[v] ? [IRREGULAR[v]] : [];
  return [
    `${v}led`,
    `${v}ed`,
    `${v}d`,
    `${v.replace(/e$/, '')}ed`,
    v.replace(/y$/, 'ied'),
    `${v}`,
    ...doubled,
    ...irregular,
  ];
}

/** Verbs whose past participle no rule gives. */
const IRREGULAR: Readonly<Record<string, string>> = { pay: 'paid', send: 'sent', hold: 'held', freeze: 'frozen' };
