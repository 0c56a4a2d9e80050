// Which of many known strings occur in a text, in time growing with the text, not the strings (a worker knows thousands:
// testing each made every call slower than the last): indexed by their first GRAM characters, a text scanned once.
const GRAM = 4;

/** The UTF-16 units at `i` and `i + 1` as an index of HEADS: one per ASCII pair; others share (the gram lookup tells). */
const headOf = (text: string, i: number): number => ((text.charCodeAt(i) << 7) | (text.charCodeAt(i + 1) & 0x7f)) & 0xffff;
const HEADS = 0x10000;

export class Needles {
  private readonly byGram = new Map<string, string[]>();
  private readonly all = new Set<string>();
  /** The first two units of every gram (headOf): a position starting none is passed over; a typed array (half a Set's time). */
  private readonly heads = new Uint8Array(HEADS);
  /** The length of the shortest known string: a shorter text holds none (most members of most answers). */
  private shortest = Number.POSITIVE_INFINITY;

  has(value: string): boolean {
    return this.all.has(value);
  }

  /** Adds a string; shorter than GRAM characters it is ignored (callers keep their own minimum above it). */
  add(value: string): void {
    if (value.length < GRAM || this.all.has(value)) return;
    this.all.add(value);
    this.shortest = Math.min(this.shortest, value.length);
    const gram = value.slice(0, GRAM);
    this.heads[headOf(value, 0)] = 1;
    const list = this.byGram.get(gram);
    if (!list) this.byGram.set(gram, [value]);
    else {
      list.push(value);
      // Longest first: where two known strings start at one place, the longer one is the match.
      list.sort((a, b) => b.length - a.length);
    }
  }

  get size(): number {
    return this.all.size;
  }

  /** Every known string occurring in `text` (overlapping occurrences included). */
  findIn(text: string): string[] {
    if (text.length < this.shortest) return [];
    // Made at the first hit: most texts hold none.
    let found: Set<string> | undefined;
    for (let i = 0; i <= text.length - GRAM; i++) {
      if (this.heads[headOf(text, i)] === 0) continue;
      const list = this.byGram.get(text.slice(i, i + GRAM));
      if (list) for (const v of list) if (text.startsWith(v, i)) (found ??= new Set()).add(v);
    }
    return found ? [...found] : [];
  }

  /** `text` with each leftmost-longest occurrence of a known string replaced by `by`. */
  replaceIn(text: string, by: string): string {
    if (text.length < this.shortest) return text;
    let out = '';
    let last = 0;
    for (let i = 0; i <= text.length - GRAM; ) {
      const hit = this.heads[headOf(text, i)] ? this.byGram.get(text.slice(i, i + GRAM))?.find((v) => text.startsWith(v, i)) : undefined;
      if (hit) {
        out += text.slice(last, i) + by;
        i += hit.length;
        last = i;
      } else i++;
    }
    return last === 0 ? text : out + text.slice(last);
  }
}
