// Institutions and merchant locations as the API shows them (seed 002, Endpoints - Institutions; provider 1.35.0 Institution,
// CertifiedInstitutions, LocationDetail) and what institutions.ts's seams carry.
import type { Contract } from '../../helpers/contract/contract.js';
import type { Answered, Exchanged, Refused } from './input.js';
import type { Institution, Location } from './state.js';

/** seed 002, Institutions: the search text matches a name anywhere, without case, or an id whole (`text` trimmed and lower-cased). */
export const searchMatches = (i: Institution, text: string) => i.name.toLowerCase().includes(text) || i.id === text;

const productionStatus = (i: Institution) => ({
  overallStatus: 'online',
  ...Object.fromEntries(['transAgg', 'voa', 'voi', 'stateAgg', 'ach', 'aha'].map((p) => [p, i.products[p] ? 'online' : 'offline'])),
});
/** An institution's full record: the search list, GetInstitution and the routing-number lookup (provider 1.35.0 Institution). */
export const fullRecord = (i: Institution) => ({
  id: Number(i.id),
  name: i.name,
  ...i.products,
  oauthEnabled: i.id === '101732',
  currency: 'USD',
  status: 'online',
  urlHomeApp: `https://${i.name.toLowerCase().replace(/[^a-z]+/g, '')}.example.com`,
  ...(i.branding ? { branding: i.branding } : {}),
});
/** An institution of the certified list (provider 1.35.0 CertifiedInstitution). */
export const certifiedRecord = (i: Institution) => ({
  id: Number(i.id),
  name: i.name,
  ...i.products,
  studentLoanData: false,
  loanPaymentDetails: i.products.ach,
  oauthEnabled: i.id === '101732',
  productionStatus: productionStatus(i),
});
/** An institution of the certified list with its RSSD identifier (provider 1.35.0 CertifiedInstitutionWithRSSD). */
export const rssdRecord = (i: Institution) => ({ ...certifiedRecord(i), rssd: i.rssd, childInstitutions: [] });

/** A location match as listed, ranked from 1 (the best) (provider 1.35.0 LocationDetail matchRank). */
export const locationView = ({ idType: _t, idValue: _v, ...l }: Location, n: number) => ({ ...l, matchRank: n + 1 });

export interface Exchange extends Exchanged {
  contract: Contract;
  /** The epoch second of the request. */
  nowS: number;
  /** The lists: the search text (trimmed, lower-cased), the product types, what each filter keeps ('search', 'type', 'countries' steps). */
  search?: string;
  types?: string[];
  keep?: { search(i: Institution): boolean; type(i: Institution): boolean; countries: boolean };
  /** The lists: the institutions kept, in catalogue order (the 'list' step). */
  list?: Institution[];
  /** GetInstitution, its branding: the institution of the path; the branding answered (the 'institution' and 'branding' steps). */
  institution?: Institution;
  branding?: Record<string, string>;
  /** The routing-number lookup: the institutions found (the 'routing' step). */
  found?: Institution[];
  /** The location lookup: every location matched, best first (the 'location' step). */
  matches?: Location[];
}

/** The steps of the judgement, in the order an operation takes those it has. */
export type Step =
  | 'search'
  | 'type'
  | 'countries'
  | 'list'
  | 'institution'
  | 'branding'
  | 'routing'
  | 'location-parameter-sets'
  | 'location';

/** A refusal: its status, words and, where the provider codes it (the location lookup's 400s), its code. */
export interface Refusal extends Refused {
  code?: string;
}

export type Answer = Answered;

export type InstitutionSeams = { x: Exchange; step: Step; refusal: Refusal; change: never; answer: Answer; delivery: never };
