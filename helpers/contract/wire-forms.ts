// How a parameter's text is read as its schema's type, one reading for the suite and the mocks: exactly the type's JSON form
// (RFC 8259 sections 6 and 3, as the examples use; OpenAPI 3.1 gives no looser text): an integer's decimal digits (a minus at
// most; no leading zero, plus, fraction, exponent or space), a number also with a fraction, `true` or `false`. Any other
// text stays text, which the type refuses.
import type { Json } from './contract.js';

const INTEGER = /^-?(0|[1-9][0-9]*)$/;
const NUMBER = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?$/;

/** The JSON type a parameter schema (resolved) names, `null` aside. */
export const typeOf = (schema: Json): string | undefined =>
  Array.isArray(schema?.type) ? schema.type.find((t: string) => t !== 'null') : schema?.type;

/** The range of each integer format (OpenAPI format registry: int32 and int64 are signed 32- and 64-bit integers). */
const FORMAT_BITS: Record<string, bigint> = { int32: 31n, int64: 63n };

/**
 * Whether an integer's digits fit its schema's format, judged on the text: a double cannot tell 2^63 from 2^63 - 1, so a value
 * past an int64 would read as one. Past it, no integer of the format stands for the text: it stays text, which the type refuses.
 */
const withinFormat = (schema: Json, text: string): boolean => {
  const max = formatMax(schema);
  if (max === undefined) return true;
  const n = BigInt(text);
  return n <= max && n >= -max - 1n;
};

/** The largest integer of a schema's integer format (int32, int64), or undefined for none. */
export function formatMax(schema: Json): bigint | undefined {
  const bits = FORMAT_BITS[String(schema?.format)];
  return bits === undefined ? undefined : 2n ** bits - 1n;
}

/** The value a parameter's text stands for under `schema` (resolved): a number or a boolean in its written form, else the text itself. */
export function wireValue(schema: Json, text: unknown): unknown {
  if (typeof text !== 'string') return text;
  const type = typeOf(schema);
  if (type === 'integer' && INTEGER.test(text)) return withinFormat(schema, text) ? Number(text) : text;
  if (type === 'number' && NUMBER.test(text)) return Number(text);
  if (type === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}
