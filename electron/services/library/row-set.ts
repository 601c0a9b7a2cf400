/**
 * Sets of asset row numbers as a search selects them (a text match, a tag, a
 * collection), read from SQLite as one comma-separated text
 * (`group_concat(n)`) and held as a bitmap. A one-letter prefix matches most
 * of a 100,000-asset library: reading that many rows as arrays into a `Set`
 * took 60-90 ms of main per keystroke here, one text and a byte per row
 * number a quarter of that.
 */

/** What a search needs of a set of row numbers: its size, membership, and its members in ascending order. */
export interface RowSet extends Iterable<number> {
  readonly size: number;
  has(n: number): boolean;
}

class RowBitmap implements RowSet {
  constructor(
    private readonly bits: Uint8Array,
    private readonly members: readonly number[],
  ) {}

  get size(): number {
    return this.members.length;
  }

  has(n: number): boolean {
    return n >= 0 && n < this.bits.length && this.bits[n] === 1;
  }

  [Symbol.iterator](): Iterator<number> {
    return this.members[Symbol.iterator]();
  }
}

const COMMA = 44;
const ZERO = 48;
const NINE = 57;

/**
 * The set a `group_concat` of row numbers names (null or empty: none). Row
 * numbers are SQLite's positive integers; a repeated one counts once, and
 * anything but digits and commas ends a number.
 */
export function rowSetOf(list: string | null | undefined): RowSet {
  const found: number[] = [];
  let max = -1;
  if (list) {
    let value = -1;
    for (let i = 0; i <= list.length; i++) {
      const ch = i < list.length ? list.charCodeAt(i) : COMMA;
      if (ch >= ZERO && ch <= NINE) value = (value < 0 ? 0 : value * 10) + (ch - ZERO);
      else if (value >= 0) {
        found.push(value);
        if (value > max) max = value;
        value = -1;
      }
    }
  }
  const bits = new Uint8Array(max + 1);
  const members: number[] = [];
  for (const n of found) {
    if (bits[n] === 1) continue;
    bits[n] = 1;
    members.push(n);
  }
  members.sort((a, b) => a - b);
  return new RowBitmap(bits, members);
}
