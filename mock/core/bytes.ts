// UTF-8 text and bytes wherever the mock runs. Node's Buffer when there is one (its encoding is
// several times faster than TextEncoder's in Node 20, and the hot paths encode every answer); the
// web platform's TextEncoder in a browser, where there is no Buffer.
type NodeBuffer = {
  from(text: string, encoding: 'utf8'): Uint8Array;
  byteLength(text: string): number;
  prototype: { utf8Write(this: Uint8Array, text: string, offset: number, length: number): number };
};
const nodeBuffer = (globalThis as { Buffer?: NodeBuffer }).Buffer;
const encoder = new TextEncoder();
const strictDecoder = new TextDecoder('utf-8', { fatal: true });

export const encodeUtf8: (text: string) => Uint8Array = nodeBuffer
  ? (text) => nodeBuffer.from(text, 'utf8')
  : (text) => encoder.encode(text);

export const utf8Length: (text: string) => number = nodeBuffer
  ? (text) => nodeBuffer.byteLength(text)
  : (text) => encoder.encode(text).length;

/** The text of UTF-8 bytes, or undefined when they are not UTF-8. */
export function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return strictDecoder.decode(bytes);
  } catch {
    return undefined;
  }
}

/** Bytes as ISO-8859-1 text: one character per byte, so any byte offset survives (multipart). */
export function decodeLatin1(bytes: Uint8Array): string {
  // Not TextDecoder('latin1'): the web platform reads that label as windows-1252.
  let text = '';
  for (let at = 0; at < bytes.length; at += 8192) {
    text += String.fromCharCode(...bytes.subarray(at, at + 8192));
  }
  return text;
}

/** ISO-8859-1 text (one character per byte) back to its bytes. */
export function encodeLatin1(text: string): Uint8Array {
  return Uint8Array.from(text, (character) => character.charCodeAt(0));
}

/** Lenient UTF-8 text of bytes (a bad sequence becomes U+FFFD), for what is only shown. */
export function showUtf8(bytes: Uint8Array): string {
  return new TextDecoder().decode(bytes);
}

/** The bytes of several chunks as one array (size: their total length, when already known). */
export function concatBytes(
  chunks: readonly Uint8Array[],
  size = chunks.reduce((sum, chunk) => sum + chunk.length, 0),
): Uint8Array {
  const whole = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    whole.set(chunk, at);
    at += chunk.length;
  }
  return whole;
}

type MaybeWellFormed = { isWellFormed?: () => boolean };
/** Whether text is whole UTF-16 (no lone surrogate, which UTF-8 cannot carry back). */
const isWellFormed = (text: string): boolean =>
  (text as MaybeWellFormed).isWellFormed?.() ?? !/[\ud800-\udfff]/.test(text);

/** Writes text as UTF-8 into bytes at `at`, in at most `room` bytes: the bytes written, or -1 (and
 * nothing to rely on written) when it does not fit or would not read back as the same text. */
export const writeUtf8: (into: Uint8Array, text: string, at: number, room: number) => number = nodeBuffer
  ? (into, text, at, room) => {
      // Three bytes a UTF-16 unit at most: only text near the limit needs measuring first.
      if ((text.length * 3 > room && nodeBuffer.byteLength(text) > room) || !isWellFormed(text)) return -1;
      return nodeBuffer.prototype.utf8Write.call(into, text, at, room);
    }
  : (into, text, at, room) => {
      if (!isWellFormed(text)) return -1;
      const { read, written } = encoder.encodeInto(text, into.subarray(at, at + room));
      return read === text.length ? written : -1;
    };
