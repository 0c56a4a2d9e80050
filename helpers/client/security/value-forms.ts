// Checker: a looked-up value in any other form names nothing: a body's credentials (seed 002, Authentication: a wrong one is a 401),
// the security headers and query filters' object ids, in the forms a loose lookup takes (FD-LOOKUP-EXACT, @assumption: no source
// documents folding; seed 002 states the secret's alphabet and compares it whole).
import type { LookedUpValue } from '../../contract/object-ids.js';

export const VALUE_FORMS = 'value-forms';

/** The value with the case of each letter swapped (`aB1` is `Ab1`). */
export const caseSwapped = (value: string) => [...value].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join('');

/** The value in alternating case, from upper (`abc` is `AbC`). */
export const alternatingCase = (value: string) => [...value].map((c, i) => (i % 2 ? c.toLowerCase() : c.toUpperCase())).join('');

/** A value's loose-lookup forms; `numeric`: no leading zero (reference, Identifiers); `header`: no space (RFC 9110 section 5.5). */
export function valueForms(value: string, opts: { numeric?: boolean; header?: boolean } = {}): { how: string; value: string }[] {
  const middle = Math.floor(value.length / 2);
  const separator = /[-_]/.exec(value);
  const forms = [
    ...(opts.header
      ? []
      : [
          { how: 'a leading space', value: ` ${value}` },
          { how: 'a trailing space', value: `${value} ` },
        ]),
    { how: 'a space inside it', value: `${value.slice(0, middle)} ${value.slice(middle)}` },
    { how: 'its case swapped', value: caseSwapped(value) },
    ...(opts.numeric && /^[0-9]+$/.test(value) ? [] : [{ how: 'a leading zero', value: `0${value}` }]),
    // A composed letter decomposed (NFD), or the reverse: canonically equivalent (UAX #15), another text as sent.
    ...otherForms(value),
    ...(separator
      ? [
          {
            how: 'a separator changed',
            value: `${value.slice(0, separator.index)}${separator[0] === '-' ? '_' : '-'}${value.slice(separator.index + 1)}`,
          },
        ]
      : []),
  ];
  return forms.filter((f) => f.value !== value);
}

/** The value in its other Unicode normal form (decomposed where it is composed, composed where decomposed), where it has one. */
export function otherForms(value: string): { how: string; value: string }[] {
  const nfd = value.normalize('NFD');
  const nfc = value.normalize('NFC');
  return [
    ...(nfd !== value ? [{ how: 'its decomposed form (NFD)', value: nfd }] : []),
    ...(nfc !== value ? [{ how: 'its composed form (NFC)', value: nfc }] : []),
  ];
}

/** The looked-up values of `values` this checker covers (not the path and body object ids near-id.ts varies). */
export const formChecked = (v: LookedUpValue) => v.in === 'header' || v.in === 'query' || v.names === 'credential' || v.names === 'partner';

/** A character of the same class as `c` (digit, hex letter, other letter in its case) that differs from it. */
function another(c: string): string {
  if (/[0-9]/.test(c)) return String((Number(c) + 1) % 10);
  if (/[a-fA-F]/.test(c)) return c === 'f' ? 'a' : c === 'F' ? 'A' : String.fromCharCode(c.charCodeAt(0) + 1);
  if (/[a-yA-Y]/.test(c)) return String.fromCharCode(c.charCodeAt(0) + 1);
  if (c === 'z' || c === 'Z') return c === 'z' ? 'a' : 'A';
  return '0';
}

/** The end forms a prefix, all-but-last or cut lookup takes for a value: its last character changed, dropped, or one more added. */
export function endForms(value: string): { how: string; value: string }[] {
  const last = value.slice(-1);
  const forms = [
    { how: 'its last character changed', value: `${value.slice(0, -1)}${another(last)}` },
    ...(value.length > 1 ? [{ how: 'its last character dropped', value: value.slice(0, -1) }] : []),
    { how: 'a character added at its end', value: `${value}${another(last)}` },
  ];
  return forms.filter((f) => f.value !== value);
}
