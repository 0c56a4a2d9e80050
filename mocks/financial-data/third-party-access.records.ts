// Third-party access keys and authorization details as the API shows them (seed 002, App registration and third-party access;
// provider 1.35.0 ThirdPartyAccessKeyReceiptData, CustomerAuthorizationDetails) and what third-party-access.ts's seams carry.
import { createHash, createHmac } from 'node:crypto';
import type { Answered, Input } from './input.js';
import type { AccessKey, FdState, InstitutionLogin } from './state.js';

/** A stable pseudo identifier of `n` digits drawn from a text. */
const digits = (text: string, n: number) =>
  BigInt(`0x${createHash('sha256').update(text).digest('hex').slice(0, 16)}`)
    .toString()
    .padStart(n, '7')
    .slice(0, n);

/** The pseudo id a receipt names the key's customer or an account by (provider 1.35.0: never the real one). */
export const pseudoId = (key: AccessKey, kind: 'customer' | 'account', id: string) => digits(`${key.receiptId}:${kind}:${id}`, 19);

/** The content of a key's receipt at `nowMs`. */
export function receiptContent(key: AccessKey, nowMs: number) {
  const body = key.body;
  return {
    profile: 3,
    version: '1',
    receiptId: key.receiptId,
    customerId: pseudoId(key, 'customer', key.customerId),
    partnerId: body.partnerId,
    products: body.products.map((p: any) => ({ ...p, accountId: pseudoId(key, 'account', p.accountId) })),
    ...(body.provenance ? { provenance: body.provenance } : {}),
    timestamp: new Date(nowMs).toISOString(),
  };
}

/** A receipt as answered: its content and the proof that signs it. */
export function signedReceipt(content: Record<string, any>, signingKey: Buffer) {
  const signature = createHmac('sha256', signingKey).update(JSON.stringify(content)).digest('base64');
  return { data: [{ receipt: content, proof: { signature, keyId: 'mock-signing-key-1', timestamp: content.timestamp } }] };
}

export interface Exchange {
  op: 'GenerateThirdPartyAccessKey' | 'UpdateThirdPartyAccessKey' | 'RevokeThirdPartyAccessKey' | 'getCustomerAuthorizationDetails';
  input: Input;
  world: FdState;
  nowMs: number;
  /** The partner a key's body is judged for: the caller. */
  partnerId?: string;
  /** The key the path names (the 'key' step), or the one a generation makes. */
  key?: AccessKey;
  /** The login of the authorization details (the 'login' step). */
  login?: InstitutionLogin;
}

/** The steps of the judgement, in the order an operation takes those it has. */
export type Step = 'key' | 'customer' | 'accounts' | 'periods' | 'login' | 'legacy' | 'available';

/** A refusal: in the contract's error body (message), or in a body of its own (the coded 404s of the authorization details). */
export interface Refusal {
  status: number;
  message?: string;
  body?: Record<string, unknown>;
}

/** The coded error of the authorization details (provider 1.35.0 examples: code, status, message, user_message). */
export const coded = (status: number, code: string, userMessage: string): Refusal => ({
  status,
  body: { code, status: String(status), message: 'Resource Not Found.', user_message: userMessage },
});
/** A product naming an account the customer does not have (seed 002, Errors 404). */
export const noAccount = (p: { accountId: unknown }): Refusal => ({
  status: 404,
  message: `Account ${p.accountId} not found for the customer`,
});
/** A product whose period does not end after it starts (reference: FD-ACCESSKEY-PERIOD). */
export const BAD_PERIOD: Refusal = { status: 400, message: 'accessPeriod.endTime must be after startTime' };
export const NO_KEY: Refusal = { status: 404, message: 'Consent receipt not found.' };
/** Whether the account a product names is found (the 'accounts' step's lookup: the customer's account). */
export type AccountOf = (p: any, i: number, x: Exchange) => unknown;

/** What a write stores, before it is applied: a key made, the body an update grants, the keys a revocation revokes. */
export type Change = { op: 'generate'; key: AccessKey } | { op: 'update'; key: AccessKey; body: any };

export type Answer = Answered;

export type AccessSeams = { x: Exchange; step: Step; refusal: Refusal; change: Change; answer: Answer; delivery: never };
