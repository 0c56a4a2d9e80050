// The one Ajv instance of the suite and the mocks (docs/conventions.md, Checks): draft 2020-12,
// ajv-formats, and the formats the contracts name that JSON Schema does not define.
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ErrorObject } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import countries from 'i18n-iso-countries';
import iso6391 from 'iso-639-1';
import { isCurrencyCode } from './currency-countries.js';

const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

// ISO 3166-1's officially assigned alpha-2 codes: the package also lists XK (Kosovo), a code of the
// user-assigned range that ISO 3166 does not assign, so a request carrying it is no ISO 3166 code.
const alpha2 = new Set(Object.keys(countries.getAlpha2Codes()).filter((code) => code !== 'XK'));
const languages = new Set<string>(iso6391.getAllCodes());
// ISO 3166-1's alpha-3 codes (provider 2.0.0, installments countryCode: "ISO 3166 alpha 3 code values").
const alpha3 = new Set(Object.keys(countries.getAlpha3Codes()).filter((code) => code !== countries.alpha2ToAlpha3('XK')));

const LOCAL_DATE_TIME = /^(\d{4})-(\d\d)-(\d\d)[Tt]([01]\d|2[0-3]):[0-5]\d:([0-5]\d|60)(\.\d+)?$/;
/** An RFC 3339 date-time without its time-offset, its day one of its month's (29 February only in a leap year). */
function isLocalDateTime(v: string): boolean {
  const m = LOCAL_DATE_TIME.exec(v);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return days !== undefined && day >= 1 && day <= days;
}

// RFC 3339 section 5.6: time-offset = "Z" / time-numoffset, time-numoffset = ("+" / "-") time-hour ":" time-minute (the
// "T" and "Z" of either case, NOTE there). ajv-formats takes an offset without its colon or its minutes (+0000, +00), which no
// RFC 3339 date-time or full-time ends in: the formats below keep its judgement and add the offset's form.
const RFC3339_OFFSET = /(?:[Zz]|[+-]\d\d:\d\d)$/;
type FormatOf = { validate: (v: string) => boolean; compare?: (a: string, b: string) => number | undefined };
const offsetStrict = (lenient: FormatOf) => ({
  type: 'string' as const,
  validate: (v: string) => RFC3339_OFFSET.test(v) && lenient.validate(v),
  ...(lenient.compare ? { compare: lenient.compare } : {}),
});

function createAjv() {
  const instance = new Ajv2020({ strict: true, allErrors: true, verbose: true, allowUnionTypes: true });
  addFormats(instance);
  instance.addFormat('date-time', offsetStrict(fullFormats['date-time'] as FormatOf));
  instance.addFormat('time', offsetStrict(fullFormats.time as FormatOf));
  // seed 000, Consumer: countryCode "ISO 3166 alpha-2", languageCode "ISO 639-1"
  instance.addFormat('iso-3166-alpha-2', { type: 'string', validate: (v: string) => alpha2.has(v) });
  // provider 2.0.0 (installments), countryCode: "ISO 3166 alpha 3 code values", its pattern of either case
  instance.addFormat('iso-3166-alpha-3', { type: 'string', validate: (v: string) => alpha3.has(v.toUpperCase()) });
  instance.addFormat('iso-639-1', { type: 'string', validate: (v: string) => languages.has(v) });
  // provider 2.0.0 (installments), every currency member: "Currency code according to ISO 4217"
  instance.addFormat('iso-4217', { type: 'string', validate: isCurrencyCode });
  // OpenAPI format registry, date-time-local: "RFC3339 date-time without the timezone component" (RFC 3339 section 5.6
  // full-date "T" partial-time), the form of provider 1.35.0's NoZoneDateTime (financial data).
  instance.addFormat('date-time-local', { type: 'string', validate: isLocalDateTime });
  // OpenAPI 3.1 annotation keywords that are not JSON Schema vocabulary.
  instance.addVocabulary(['example', 'discriminator', 'xml', 'externalDocs']);
  return instance;
}

export const ajv = createAjv();
export type { ErrorObject };

export const ISO_COUNTRIES: readonly string[] = [...alpha2];
export const ISO_COUNTRIES_ALPHA3: readonly string[] = [...alpha3];
export const ISO_LANGUAGES: readonly string[] = [...languages];

export const isIsoCountry = (code: string): boolean => alpha2.has(code);
export const isIsoLanguage = (code: string): boolean => languages.has(code);
