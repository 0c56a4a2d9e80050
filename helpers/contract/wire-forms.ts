// How a parameter's text (a query, path or header value) is read as the value its schema types: the
// one reading of the suite and the mocks, so that what the checks call "the contract refuses this
// text" is what a mock refuses. A typed parameter takes exactly its type's written form: an integer
// as its decimal digits (a minus sign at most, no leading zero, sign, fraction, exponent or space),
// a number the same with a fraction after a point, a boolean as `true` or `false` in that case (the
// forms of JSON, RFC 8259 section 6 and 3, which the contracts' examples use; OpenAPI 3.1 gives a
// parameter a JSON Schema type and no looser text). Any other text stays text, which the schema's
// type then refuses.
import type { Json } from './contract.js';

const INTEGER = /^-?(0|[1-9][0-9]*)$/;
const NUMBER = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?$/;

/** The JSON type a parameter schema (resolved) names, `null` aside. */
export const typeOf = (schema: Json): string | undefined =>
  Array.isArray(schema?.type) ? schema.type.find((t: string) => t !== 'null') : schema?.type;

/** The value a parameter's text stands for under `schema` (resolved): a number or a boolean in its written form, else the text itself. */
export function wireValue(schema: Json, text: unknown): unknown {
  if (typeof text !== 'string') return text;
  const type = typeOf(schema);
  if (type === 'integer' && INTEGER.test(text)) return Number(text);
  if (type === 'number' && NUMBER.test(text)) return Number(text);
  if (type === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}
