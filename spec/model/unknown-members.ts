// Words that say a request's members the schema does not name are ignored, not refused: "Unknown
// members in a request body are ignored as well", "members this document does not define ... are
// ignored", "they are ignored; so are members the schema does not know". Read from the request
// schema, the operation and the document's overview; words about answers ("clients must ignore
// unknown members in responses") and words that refuse them do not count.
import { sentencesOf } from './sentences.js';

const MEMBERS = '(?:members?|propert(?:y|ies)|fields?|keys?|attributes?)';
const UNKNOWN = new RegExp(
  String.raw`\b(?:unknown|undeclared|undocumented|unrecogni[sz]ed|extra|unexpected)\s+(?:\w+\s+)?${MEMBERS}\b` +
    String.raw`|\b${MEMBERS}\s+(?:that\s+)?(?:this|the)\s+(?:\w+\s+)?(?:document|schema|api|specification|spec)\s+does\s+not\s+(?:know|define|describe|declare|list|name|mention)\b` +
    String.raw`|\b${MEMBERS}\s+not\s+(?:described|declared|defined|listed|named)\b`,
  'i',
);
const NOT_IGNORED = /\bnot\s+(?:\w+\s+)?ignored\b|\b(?:rejected|refused)\b/i;
const ABOUT_ANSWERS = /\b(?:responses?|answers?|replies)\b/i;

/** Whether the words say members a request does not name are ignored. */
export function unknownMembersIgnored(texts: readonly (string | undefined)[]): boolean {
  return sentencesOf(texts.map((text) => text?.replace(/`/g, ''))).some((raw) => {
    const sentence = raw.replace(/\s+/g, ' ');
    if (!UNKNOWN.test(sentence) || NOT_IGNORED.test(sentence)) return false;
    if (ABOUT_ANSWERS.test(sentence) && !/\brequests?\b/i.test(sentence)) return false;
    return /\bignored\b/i.test(sentence);
  });
}
