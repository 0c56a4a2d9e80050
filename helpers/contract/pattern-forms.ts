// The forms a pattern allows, read from it: optional parts (SrcCorrelationId's `([0-9a-f]{8}.)?`, seed 000), a group's
// alternatives, each class's characters (a digit, lower and upper letters, two others; "any": a dot, dash, letter, digit).
// Reads literals, classes, alternatives and quantifiers; a lookaround, back reference or word boundary gives no form. Each
// form a candidate the caller confirms with the one Ajv instance.

type Quantified = { atom: Atom; min: number; max: number };
type Atom = { kind: 'set'; chars: string[] } | { kind: 'group'; alternatives: Quantified[][] };

/** What an "any character" position (`.`) or a negated class is tried with: each class of character once. */
const ANY = ['.', '-', '_', 'a', 'Z', '0'];
const range = (from: string, to: string) =>
  Array.from({ length: to.charCodeAt(0) - from.charCodeAt(0) + 1 }, (_, i) => String.fromCharCode(from.charCodeAt(0) + i));
const DIGITS = range('0', '9');
const WORD = [...range('a', 'z'), ...range('A', 'Z'), ...DIGITS, '_'];

class Unreadable extends Error {}

function escapeSet(c: string): string[] {
  if (c === 'd') return DIGITS;
  if (c === 'w') return WORD;
  // ECMA-262 \s (WhiteSpace and LineTerminator) takes the tab as well as the space; a line break is left out: no name holds one.
  if (c === 's') return [' ', '\t'];
  if (/[bBDWSk1-9]/.test(c)) throw new Unreadable(`\\${c}`);
  return [c];
}

function parse(pattern: string): { body: Quantified[][]; start: boolean; end: boolean } {
  let i = 0;
  const start = pattern.startsWith('^');
  if (start) i++;
  const endAnchored = pattern.endsWith('$') && !pattern.endsWith('\\$');
  const source = endAnchored ? pattern.slice(0, -1) : pattern;
  const alternatives = (): Quantified[][] => {
    const out: Quantified[][] = [[]];
    while (i < source.length && source[i] !== ')') {
      if (source[i] === '|') {
        out.push([]);
        i++;
        continue;
      }
      out[out.length - 1].push(quantified(atom()));
    }
    return out;
  };
  const atom = (): Atom => {
    const c = source[i++];
    if (c === '(') {
      if (source[i] === '?') {
        if (source[i + 1] !== ':') throw new Unreadable('a lookaround');
        i += 2;
      }
      const alts = alternatives();
      if (source[i++] !== ')') throw new Unreadable('an open group');
      return { kind: 'group', alternatives: alts };
    }
    if (c === '[') {
      const negated = source[i] === '^';
      if (negated) i++;
      const chars: string[] = [];
      while (i < source.length && (source[i] !== ']' || chars.length === 0)) {
        let from = source[i++];
        let set = [from];
        if (from === '\\') {
          set = escapeSet(source[i++]);
          from = set[0];
        }
        if (set.length === 1 && source[i] === '-' && source[i + 1] !== ']' && i + 1 < source.length) {
          let to = source[i + 1];
          i += 2;
          if (to === '\\') to = source[i++];
          set = range(from, to);
        }
        chars.push(...set);
      }
      if (source[i++] !== ']') throw new Unreadable('an open class');
      return { kind: 'set', chars: negated ? ANY.filter((a) => !chars.includes(a)) : [...new Set(chars)] };
    }
    if (c === '.') return { kind: 'set', chars: ANY };
    if (c === '\\') return { kind: 'set', chars: escapeSet(source[i++]) };
    if (c === '^' || c === '$' || c === '*' || c === '+' || c === '?' || c === '{') throw new Unreadable(c);
    return { kind: 'set', chars: [c] };
  };
  const quantified = (a: Atom): Quantified => {
    const c = source[i];
    if (c === '?') return i++, { atom: a, min: 0, max: 1 };
    if (c === '*') return i++, { atom: a, min: 0, max: Infinity };
    if (c === '+') return i++, { atom: a, min: 1, max: Infinity };
    const m = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(i));
    if (!m) return { atom: a, min: 1, max: 1 };
    i += m[0].length;
    const min = Number(m[1]);
    return { atom: a, min, max: m[2] === undefined ? min : m[3] ? Number(m[3]) : Infinity };
  };
  const body = alternatives();
  if (i < source.length) throw new Unreadable('an unmatched )');
  return { body, start, end: endAnchored };
}

/** How one form is written: which class of character each position takes, how many of a repeat, which alternative. */
interface Style {
  chars: 'lower' | 'upper' | 'digit' | 'other' | 'other2';
  most: boolean;
  alternative: number;
}

const CLASSES: Record<Style['chars'], (c: string) => boolean> = {
  lower: (c) => /[a-z]/.test(c),
  upper: (c) => /[A-Z]/.test(c),
  digit: (c) => /[0-9]/.test(c),
  other: (c) => !/[A-Za-z0-9]/.test(c),
  other2: (c) => !/[A-Za-z0-9]/.test(c),
};

function write(seq: Quantified[], style: Style): string {
  let out = '';
  for (const q of seq) {
    const count = style.most ? (Number.isFinite(q.max) ? Math.min(q.max, q.min + 40) : q.min + 2) : q.min;
    for (let k = 0; k < count; k++) {
      if (q.atom.kind === 'group') {
        const alts = q.atom.alternatives;
        out += write(alts[style.alternative % alts.length], style);
        continue;
      }
      const chars = q.atom.chars;
      const taken = chars.filter(CLASSES[style.chars]);
      // The second "other" style takes the class's second other character (a dash where the first is a dot);
      // the positions of a repeat run through the class (abcdef...), a single position takes its first.
      const pool = style.chars === 'other2' && taken.length > 1 ? taken.slice(1) : taken.length ? taken : chars;
      out += pool[k % pool.length];
    }
  }
  return out;
}

const STYLES: Style['chars'][] = ['lower', 'upper', 'digit', 'other', 'other2'];

/**
 * The telling forms of a pattern from a `value` it takes: with each optional part before or after it (in each class its
 * positions take), and each alternative of a choice; candidates the caller confirms.
 */
export function patternForms(pattern: string, value: string): { how: string; value: string }[] {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(pattern);
  } catch (error) {
    if (error instanceof Unreadable) return [];
    throw error;
  }
  const out: { how: string; value: string }[] = [];
  const seq = parsed.body.length === 1 ? parsed.body[0] : undefined;
  // A choice of alternatives (`^(?:Y|N)$`, `^(testing|active)?$`): each alternative, written plainly.
  const choice = parsed.body.length > 1 ? parsed.body : seq?.length === 1 && seq[0].atom.kind === 'group' ? seq[0].atom.alternatives : [];
  choice.forEach((alt, n) => {
    const written = write(alt, { chars: 'lower', most: false, alternative: 0 });
    out.push({ how: `alternative ${n + 1} of the pattern`, value: written });
  });
  if (seq && parsed.start && parsed.end) {
    const first = seq[0];
    const last = seq.at(-1)!;
    for (const [q, where] of [
      [first, 'before'],
      [last, 'after'],
    ] as const) {
      if (seq.length < 2 || q.min !== 0 || q.max !== 1 || q.atom.kind !== 'group') continue;
      for (const chars of STYLES)
        for (let alternative = 0; alternative < q.atom.alternatives.length; alternative++) {
          const part = write(q.atom.alternatives[alternative], { chars, most: true, alternative: 0 });
          if (!part) continue;
          out.push({
            how: `the optional part ${JSON.stringify(part)} (${chars === 'other2' ? 'other' : chars}) ${where} it`,
            value: where === 'before' ? part + value : value + part,
          });
        }
    }
  }
  // A class taking white space (`\s`) takes each white space character it names, not only the space: the value with each
  // other one between its words (or in its middle), a candidate the caller confirms.
  if (/(^|[^\\])\\s/.test(pattern))
    for (const w of escapeSet('s').filter((c) => c !== ' ')) {
      const mid = Math.floor(value.length / 2);
      const spaced = value.includes(' ') ? value.replaceAll(' ', w) : value.slice(0, mid) + w + value.slice(mid);
      out.push({ how: `with ${JSON.stringify(w)} for white space, which \\s takes`, value: spaced });
    }
  const seen = new Set<string>([value]);
  return out.filter((f) => !seen.has(f.value) && seen.add(f.value));
}

/**
 * Whether a pattern written without an end anchor refuses `value` when read whole (as if it ended in `$`). JSON Schema
 * does not anchor a pattern, so the value is valid; but such a pattern's last quantifier reads as the value's length
 * (provider 2.0.0 Mid `^[A-Za-z0-9]{1,15}`, Maid `^[A-Za-z0-9]{1,6}`), and a target may read it so: a value the two
 * readings judge apart is neither demanded accepted nor demanded refused.
 */
export function refusedReadWhole(pattern: string | undefined, value: string): boolean {
  if (pattern === undefined || (pattern.endsWith('$') && !pattern.endsWith('\\$'))) return false;
  try {
    return !new RegExp(`(?:${pattern})$`, 'u').test(value);
  } catch {
    return false;
  }
}

/** A UUID in its text form, its hex digits in either case (RFC 9562 section 4: one value, whatever their case on input). */
export const UUID_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The UUID versions a value of a UUID pattern is sent in (RFC 9562): time-based, random, time-ordered, and none set (nil-like). */
export const UUID_VERSIONS = ['version 1', 'version 4', 'version 7', 'no version or variant'] as const;
export type UuidVersion = (typeof UUID_VERSIONS)[number];

/** A new random UUID of `version` (RFC 9562 section 5: its version nibble and variant bits; none set for the nil-like one). */
export function uuidOf(version: UuidVersion): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  if (version === 'version 7') {
    const ms = Date.now();
    for (let i = 0; i < 6; i++) b[i] = Math.floor(ms / 2 ** (8 * (5 - i))) % 256;
  }
  const nibble = version === 'version 1' ? 1 : version === 'version 4' ? 4 : version === 'version 7' ? 7 : 0;
  b[6] = (b[6]! & 0x0f) | (nibble << 4);
  b[8] = nibble ? (b[8]! & 0x3f) | 0x80 : b[8]! & 0x3f;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
