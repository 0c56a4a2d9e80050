// Checker: how much of a card number an installments answer or notification shows in clear.
// Provider 2.0.0: card data travels encrypted in requests and comes back as panLastFour at most, so
// any other digit of the card shown is too much, whatever the member and whatever the form:
// - a run of digits taken from the card longer than its issuer prefix (the first six, which every
//   range of the issuer shares, so a run of six alone could be a range's and not the card's);
// - the first six on their own, a number of its own in a text or a member (a BIN is the card's start);
// - a masked form (`545454******4792`, `5454 54XX XXXX 4792`, `**** **** 1600 4792`): digits, mask
//   characters and single spaces or hyphens, showing more than four of the card's digits where they
//   stand in the card, or the card's digits grouped by separators into a run longer than the prefix.
// Card enrollment allows its first six and last four (seed 000, MaskedCard): this checker is the
// installments one only.

import { scalars } from '../../secrets/sensitive.js';

/** The shortest run of the card's digits that neither its first six nor its last four can be. */
const LONGER_THAN_PREFIX = 7;
/** The characters that stand for a hidden digit in a masked card number. */
const MASK = /[*xX#•]/;
/**
 * A card-like token: groups of digits and mask characters, each joined to the next by one space or
 * hyphen, standing on its own. Inside a word it is part of an identifier, not a masked number: the
 * mock's offer ids (`otx` and hex digits) hold an `x` followed by digits, which once matched the
 * card's last five on a stand-in run.
 */
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
