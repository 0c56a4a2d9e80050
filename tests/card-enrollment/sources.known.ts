// The card sources a request may name, shared by the specs that run a check under each of them.
import { enumOf, loadContract } from '../../fixtures/card-enrollment.js';

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
