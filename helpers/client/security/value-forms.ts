// Checker: a looked-up value in any other form than itself names nothing, wherever it travels. The
// near-id checker (near-id.ts) varies the object ids of paths and bodies; this one covers what it
// leaves: the credentials a body carries (a partner id and secret: seed 002, Authentication, a wrong
// one is a 401), the security headers (the app key and the app token), and the object ids of query
// filters (a filter naming an object in another form lists nothing of it). The forms are those a
// loose lookup takes for the value: white space before, after or inside it, its case swapped, a
// leading zero, a `-` or `_` separator changed (FD-LOOKUP-EXACT, @assumption: no source documents
// folding of an id or a credential; seed 002 states the secret's alphabet and compares it whole).
import type { LookedUpValue } from '../../contract/object-ids.js';

export const VALUE_FORMS = 'value-forms';

const caseSwapped = (value: string) => [...value].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join('');

/**
 * The forms of one value a loose lookup would take for it, each other than the value itself. `numeric`:
 * the value may be read as an integer (reference, Identifiers: some ids are integers, where 01005 is
 * 1005), so no leading zero. `header`: HTTP drops white space around a header value before the server
 * sees it (RFC 9110 section 5.5), so no space before or after.
 */
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

/** The looked-up values of `values` this checker covers (not the path and body object ids near-id.ts varies). */
export const formChecked = (v: LookedUpValue) => v.in === 'header' || v.in === 'query' || v.names === 'credential' || v.names === 'partner';
