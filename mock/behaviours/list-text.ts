// A collection's list as JSON bytes, built on the first read after a change from the items added
// since the read before (a creation only counts its text, so it stays as cheap as a bare server's).
// Kept in blocks, so a list never meets the engine's longest string (2^29 characters: one growing
// string reached it after ~80,000 creations of 6 KiB and made every later creation a 500), and its
// bulk lives outside the collected heap.
import { stringifyExact } from '../../spec/core.js';
import { concatBytes, encodeUtf8 } from '../core/bytes.js';

/** Characters of item text encoded together into one block. */
const BLOCK_CHARS = 1 << 20;
const OPEN = encodeUtf8('[');
const CLOSE = encodeUtf8(']');

export class ListText {
  /** The array's bytes so far, without its closing bracket. */
  private blocks: Uint8Array[] = [OPEN];
  /** How many of the items the blocks hold. */
  private encoded = 0;
  private whole: Uint8Array | undefined;

  /** `chars`: the length of the items' JSON text, which a collection's budget counts. */
  constructor(public chars = 0) {}

  /** An item was appended to the list; `json` is its text. */
  added(json: string): void {
    this.chars += json.length;
    this.whole = undefined;
  }

  /** The whole JSON array of `items` (this list's items, oldest first, appended to since the last
   * read); built once after a change, then shared by every read. */
  json(items: readonly object[]): Uint8Array {
    if (this.whole) return this.whole;
    for (let start = this.encoded; start < items.length; ) {
      const texts: string[] = [];
      let chars = 0;
      while (start < items.length && chars < BLOCK_CHARS) {
        const text = stringifyExact(items[start++]);
        texts.push(text);
        chars += text.length;
      }
      const joined = texts.join(',');
      this.blocks.push(encodeUtf8(this.encoded === 0 ? joined : `,${joined}`));
      this.encoded += texts.length;
    }
    const whole = concatBytes([...this.blocks, CLOSE]);
    // The next read after a change copies one block and the new items, not every block again.
    this.blocks = [whole.subarray(0, whole.length - 1)];
    this.whole = whole;
    return whole;
  }

  /** An independent copy: appending to either leaves the other as it was. */
  copy(): ListText {
    const copy = Object.assign(Object.create(ListText.prototype) as ListText, this);
    copy.blocks = [...this.blocks];
    return copy;
  }
}
