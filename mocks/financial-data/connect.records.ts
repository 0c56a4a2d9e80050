// The experiences Connect knows and what connect.ts's seams carry.
import type { Answered, Exchanged, Refused } from './input.js';

/** The application whose experiences the mock knows (a sandbox sets FD_EXPERIENCE_APP_NAME). */
export const EXPERIENCE_APP_NAME = 'FinBank Lending';
export interface Experience {
  id: string;
  appName: string;
  productCode: string[];
}
/** provider 1.35.0 Experiences: id (UUID), appName, productCode. A second application, so that the list is per application. */
export const EXPERIENCES: Experience[] = [
  { id: '3f1c2a40-5b6d-4e7f-8a9b-0c1d2e3f4a51', appName: EXPERIENCE_APP_NAME, productCode: ['VOA', 'VOI'] },
  { id: '3f1c2a40-5b6d-4e7f-8a9b-0c1d2e3f4a52', appName: EXPERIENCE_APP_NAME, productCode: ['AO', 'ACH'] },
  { id: '3f1c2a40-5b6d-4e7f-8a9b-0c1d2e3f4a53', appName: 'FinBank Payroll', productCode: ['VOIE'] },
];
export const TWO_HOURS_MS = 2 * 3600_000;

/** A customer (and consumer) a generate body names; the first is the one the link opens for. */
export type Who = { customerId?: string; consumerId?: string };

export interface Exchange extends Exchanged {
  /** The body (an empty object when none was sent). */
  body: any;
  nowMs: number;
  /** A generate operation: the session type its link carries, whether it answers an e-mail, the borrowers it names. */
  type?: string;
  email?: boolean;
  who?: Who[];
  /** The borrower being judged and its place in `who` (the 'customer' and 'consumer' steps). */
  index?: number;
  borrower?: Who;
  /** Whether the experience asked is one of the partner's (the 'known' step). */
  known?: boolean;
  /** GetAllExperience: how an application name matches ('appName'), its experiences ('apps'), the codes and what they keep ('codes'). */
  named?: (appName: string) => boolean;
  mine?: Experience[];
  codes?: string[];
  keeps?: (e: Experience) => boolean;
}

/** The steps of the judgement, in the order an operation takes those it has. */
export type Step = 'partner' | 'customer' | 'consumer' | 'experience' | 'known' | 'body' | 'login' | 'appName' | 'apps' | 'codes';

export interface Refusal extends Refused {
  code?: string;
}

/** The session a link opens: its scheme and its query, before it is signed. */
export interface Session {
  scheme: string;
  query: URLSearchParams;
}

export type Answer = Answered;

export type ConnectSeams = { x: Exchange; step: Step; refusal: Refusal; change: Session; answer: Answer; delivery: never };
