// Statements as the API shows them and what statements.ts's seams carry, apart so its faults name them without the shared front.
import { createHash } from 'node:crypto';
import { onePagePdf } from '../kit/pdf.js';
import type { Answered, Exchanged, Refused } from './input.js';
import type { Account, Asset } from './state.js';

/** An asset id in the provider's form (provider 1.35.0 AssetId example): a UUID, then the customer id. */
export function assetIdOf(seed: string, customerId: string): string {
  const h = createHash('sha256').update(seed).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}-${customerId}`;
}

const pad = (n: number) => String(n).padStart(2, '0');
const us = (d: Date) => `${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}/${d.getUTCFullYear()}`;

/** The calendar month `month` (0-based, may run before January: the year before) of the year of `nowMs`, as a statement period. */
export function periodOfMonth(nowMs: number, month: number) {
  const now = new Date(nowMs);
  const start = new Date(Date.UTC(now.getUTCFullYear(), month, 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), month + 1, 0));
  return { start, end, description: `${us(start)} - ${us(end)}`, documentDate: end.toISOString().slice(0, 10) };
}
export type Period = ReturnType<typeof periodOfMonth>;
/** The calendar month `index` months before the current one (1 = the last closed month). */
export const period = (nowMs: number, index: number): Period => periodOfMonth(nowMs, new Date(nowMs).getUTCMonth() - index);

/** A small, valid-looking PDF (ASCII only): the account's name, last four digits and period. */
export function statementPdf(account: Account, index: number, p: Period): Buffer {
  const text = `Statement ${index}: ${account.name} ending ${account.number.slice(-4)}, ${p.description}`;
  return Buffer.from(onePagePdf([text]), 'ascii');
}

/** A statement of an index: its asset id, its PDF and its period (statements.ts registers its asset). */
export interface Statement {
  id: string;
  pdf: Buffer;
  p: Period;
}

export interface Exchange extends Exchanged {
  nowMs: number;
  nowS: number;
  /** The Accept header as sent. */
  accept: string;
  /** The period of an index. */
  period: (index: number) => Period;
  /** The statement of an index, its asset registered (what the answers are made of). */
  statementOf: (index: number) => Statement;
  /** The account of the path (the 'account' step). */
  account?: Account;
  /** v1: the index asked (its default applied) and the index read (the 'read' step). */
  index?: number;
  read?: number;
  /** v3: the indexes detailed, in order (the 'indexes' step). */
  indexes?: number[];
  /** The asset read: its id as asked, the asset found (the 'asset' step). */
  asset?: Asset;
}

/** The steps of the judgement, in the order an operation takes those it has. */
export type Step = 'account' | 'customer' | 'mfa' | 'read' | 'indexes' | 'asset';

/** A refusal: its status and words (203: the challenge, no body). */
export type Refusal = Refused;

/** What a request keeps: a pay statement's bytes as stored. */
export type Change = { kind: 'pay-statement'; bytes: Buffer; label: string };

/** An answer as sent: its status, media type and body. */
export interface Answer extends Answered {
  type?: string;
}

export type StatementSeams = { x: Exchange; step: Step; refusal: Refusal; change: Change; answer: Answer; delivery: never };
