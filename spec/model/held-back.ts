// Words that hold a job's member back until the job is done: "null until the job is done",
// "present only when ready", "Only present when state is done", "absent until the state is done",
// "Null while pending; the export once done".
// Read by the mock (it leaves such members out until done) and the runner (it judges them).
export const HELD_BACK_UNTIL_DONE =
  /\b(?:present|set|given|there|filled)\s+only\s+(?:when|once|after|if)\b|\bonly\s+(?:present|set|given|there|filled in)\s+(?:when|once|after|if)\b|\b(?:null|absent)\b[^.;]*\b(?:until|before|unless)\b|\b(?:null|absent)\s+(?:while|as\s+long\s+as)\b/i;
