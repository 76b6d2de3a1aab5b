// `Prefer: return=minimal` (RFC 7240 §4.2) where the document ties it to an answer without a body:
// "The answer is 200 with the whole event, or, when the request carries `Prefer: return=minimal`,
// 204 without a body." Read from the operation's words, its Prefer parameter's and its responses':
// the bodiless 2xx they name beside `return=minimal`, and the 2xx with a body that answers otherwise.
import type { Operation } from '../contract/types.js';

export interface PreferMinimal {
  /** The header as the document names it (Prefer). */
  readonly header: string;
  /** The 2xx without a body that `return=minimal` asks for. */
  readonly minimalStatus: number;
  /** The 2xx with a body that answers a request without it. */
  readonly fullStatus: number;
  readonly words: string;
}

const MINIMAL = /\breturn\s*=\s*minimal\b/i;

const read = new WeakMap<Operation, PreferMinimal | null>();

/** The operation's `return=minimal` answer, where its words name one. */
export function preferMinimalOf(operation: Operation): PreferMinimal | undefined {
  let said = read.get(operation);
  if (said === undefined) read.set(operation, (said = readPreferMinimal(operation) ?? null));
  return said ?? undefined;
}

function readPreferMinimal(operation: Operation): PreferMinimal | undefined {
  const parameter = operation.parameters.find((p) => p.in === 'header' && /^prefer$/i.test(p.name));
  const success = operation.responses.filter((r) => /^2\d\d$/.test(r.status));
  const bodiless = success.filter((r) => r.content.length === 0);
  const full = success.find((r) => r.content.length > 0);
  if (bodiless.length === 0 || !full) return undefined;
  const texts = [operation.description, parameter?.description, ...success.map((r) => r.description)];
  const words = texts
    .flatMap((text) => (text ?? '').split(/(?<=[.!?])\s+|\n\s*\n/))
    .find((sentence) => MINIMAL.test(sentence));
  if (!words) return undefined;
  // The bodiless answer the words name (204 by default, the usual one).
  const named = bodiless.find((r) => texts.some((text) => text?.includes(r.status))) ?? bodiless[0]!;
  return {
    header: parameter?.name ?? 'Prefer',
    minimalStatus: Number(named.status),
    fullStatus: Number(full.status),
    words: words.trim().replace(/\s+/g, ' ').slice(0, 300),
  };
}
