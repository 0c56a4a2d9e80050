// Checker: how much of a card number an installments answer or notification shows in clear (provider 2.0.0: panLastFour at most):
// too much is a run of its digits longer than its issuer prefix, the first six alone, or a masked form showing more than four in
// place. Card enrollment allows its first six and last four (seed 000, MaskedCard).

import { scalars } from '../../secrets/sensitive.js';

/** The shortest run of the card's digits that neither its first six nor its last four can be. */
const LONGER_THAN_PREFIX = 7;
/** The characters that stand for a hidden digit in a masked card number. */
const MASK = /[*xX#•]/;
/** A card-like token standing on its own (inside a word it is an identifier: the mock's `otx` offer ids). */
const TOKEN = /(?<![0-9A-Za-z*#•])[0-9*xX#•]+(?:[ -][0-9*xX#•]+)*(?![0-9A-Za-z*#•])/g;

type CardForm = 'digit run' | 'first six' | 'masked';

const fromCard = (digits: string, pan: string) => {
  for (let i = 0; i + LONGER_THAN_PREFIX <= digits.length; i++) if (pan.includes(digits.slice(i, i + LONGER_THAN_PREFIX))) return true;
  return false;
};

/** How many of the card's digits a masked token (separators taken out) shows where they stand in the card. */
function digitsShown(compact: string, pan: string): number {
  if (compact.length === pan.length) return [...compact].filter((c, i) => c === pan[i]).length;
  const lead = /^[0-9]*/.exec(compact)![0];
  const trail = /[0-9]*$/.exec(compact)![0];
  return (lead && pan.startsWith(lead) ? lead.length : 0) + (trail && pan.endsWith(trail) ? trail.length : 0);
}

/** The forms in which one text shows more of the card than its last four digits. */
export function cardFormsInText(text: string, pan: string): CardForm[] {
  const forms = new Set<CardForm>();
  for (const run of text.match(new RegExp(`[0-9]{${LONGER_THAN_PREFIX},}`, 'g')) ?? []) if (fromCard(run, pan)) forms.add('digit run');
  if (new RegExp(`(?<![0-9])${pan.slice(0, 6)}(?![0-9])`).test(text)) forms.add('first six');
  for (const token of text.match(TOKEN) ?? []) {
    const compact = token.replace(/[ -]/g, '');
    if (!/[0-9]/.test(compact)) continue;
    if (MASK.test(compact)) {
      if (digitsShown(compact, pan) > 4) forms.add('masked');
    } else if (compact !== token && compact.length >= LONGER_THAN_PREFIX && fromCard(compact, pan)) forms.add('digit run');
  }
  return [...forms];
}

/** Where a value (any JSON) shows more of the card than its last four: JSON pointers with the form, never the digits. */
export function cardShownIn(value: unknown, pan: string): { at: string; form: CardForm }[] {
  return [...scalars(value)].flatMap(({ at, value: v }) => cardFormsInText(String(v), pan).map((form) => ({ at: at || '/', form })));
}
