// The card sources a request may name, and the request limits of seed 000, shared by the specs that
// run a check under each source or at each limit.
import { enumOf, lengthOf, loadContract } from '../../fixtures/card-enrollment.js';

const contract = await loadContract('card-enrollment');

/** Every Origin value, and the request without cardSource (seed 000: not required). */
export const SOURCES: (string | undefined)[] = [...enumOf(contract, 'Origin'), undefined];

/** A source as a test title names it. */
export const named = (source: string | undefined) => (source === undefined ? 'no cardSource' : `cardSource ${source}`);

/** The body with its cardSource replaced by `source`, or taken out. */
export const withSource = (body: Record<string, any>, source: string | undefined) => {
  const { cardSource: _sent, ...rest } = body;
  return source === undefined ? rest : { ...rest, cardSource: source };
};

/** A request limit of seed 000, Limits: its rule, the field, and a value of a given length that keeps every other rule of the field. */
export interface LimitRow {
  /** Its id in schemas/card-enrollment/rules.yaml. */
  rule: string;
  field: string;
  value: (length: number) => string;
  /** The contract's minLength / maxLength of the field. */
  min?: number;
  max?: number;
}

/** A field's lengths: a `card.` field lives in the Card the request carries encrypted; the others in the request body. */
export const limitBounds = (field: string) =>
  field.startsWith('card.') ? lengthOf(contract, 'Card', field.slice(5)) : lengthOf(contract, 'EnrollCardRequest', field);
