// Response headers the words promise where the document does not mark them required: "answers 202
// with the job and Location /v1/jobs/{jobId}", "The answer carries the new ETag". A header declared
// for the status and named so by the operation's or the response's words is judged as required.
import type { Operation, ResponseSpec } from '../../spec/index.js';

type Header = ResponseSpec['headers'][number];

const CARRIES = /\b(?:carr(?:y|ies)|with|sends?|returns?|includes?|answers?|gives?|sets?)\b/i;
const DENIES = /\b(?:no|not|never|without|absent|omit\w*|may|might|optional\w*|unless|if)\b/i;

const said = new WeakMap<Header, boolean>();

/** Whether the words promise the header on answers of this status. */
export function headerPromised(operation: Operation, response: ResponseSpec, header: Header): boolean {
  const known = said.get(header);
  if (known !== undefined) return known;
  const name = new RegExp(`(^|[^\\w-])${header.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([^\\w-]|$)`, 'i');
  const sentences = [operation.description, response.description]
    // A sentence wrapped in the source ("Answers `202` with\n`Location: …`") reads as one line; a
    // blank line or a list item still ends one.
    .map((text) => (text ?? '').replace(/\n(?!\s*\n|\s*[*-]\s)/g, ' '))
    .flatMap((text) => text.split(/(?<=[.!?])\s+|\n+/))
    .filter((sentence) => name.test(sentence));
  const statuses = (sentence: string) => [...sentence.matchAll(/\b([1-5]\d\d)\b/g)].map((match) => match[1]);
  // Words that leave it open are read next to the name ("without a Location", "may carry an ETag"),
  // not anywhere in the sentence ("When no course has this code, ... 201 with Location").
  const near = (sentence: string) => {
    const at = sentence.search(name);
    return sentence.slice(Math.max(0, at - 30), at + header.name.length + 31);
  };
  const promised = sentences.some(
    (sentence) =>
      CARRIES.test(sentence) &&
      !DENIES.test(near(sentence)) &&
      (statuses(sentence).length === 0 || statuses(sentence).includes(response.status)),
  );
  said.set(header, promised);
  return promised;
}
