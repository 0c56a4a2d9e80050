// Faults of third-party access keys and authorization details, named `<rule id>-<deviation>`, at third-party-access.ts's seams (a
// receipt bent is signed again, so a fault breaks what it names and not the proof). A blind fault, and an id docs/mutation.md names,
// keep the earlier id as an alias.
import { always, assumption, blind, faultCatalogue, provider, seeded, was, type FaultMemory, type SeamFn } from '../kit/faults.js';
import { faultKit } from './fault-builders.js';
import {
  coded,
  noAccount,
  signedReceipt,
  type AccessSeams,
  type AccountOf,
  type Exchange,
  type Step,
} from './third-party-access.records.js';
import { findAccount, type AccessKey } from './state.js';

type Judge = SeamFn<AccessSeams, 'judge'>;
type Answering = SeamFn<AccessSeams, 'answer'>;
type Stating = SeamFn<AccessSeams, 'state'>;
type Op = Exchange['op'];
type When = (x: Exchange, memory: FaultMemory) => boolean;
type Body = Record<string, any>;
const { fault, skip, on } = faultKit<AccessSeams>();
const DAY_MS = 86_400_000;
const keys = (x: Exchange) => x.world.accessKeys.keys;
/** The key of the path whoever holds it, and whether it is live. */
const pathKey = (x: Exchange) => keys(x).get(x.input.path.consentReceiptId);
const ownRevoked = (x: Exchange) => pathKey(x)?.revoked === true && pathKey(x)!.partnerId === x.input.partner?.id;

// (a) The request as judged: functions at the judge seam.
/** The key of the path found otherwise (`find`) where the sources find none, on `ops`. */
const keyedOtherwise = (ops: Op[], find: (x: Exchange) => AccessKey | undefined): Judge =>
  skip(
    'key',
    (x) => ops.includes(x.op) && find(x) !== undefined,
    (x) => (x.key = find(x)),
  );
/** The receipt id looked up without case among the caller's live keys. */
const caseless = (x: Exchange) =>
  [...keys(x).values()].find(
    (k) =>
      k.receiptId.toLowerCase() === String(x.input.path.consentReceiptId).toLowerCase() &&
      k.partnerId === x.input.partner?.id &&
      !k.revoked,
  );
/** A request refused at `step` (on `ops`) that has already written (`write`): the refusal stands, the write too. */
const writtenThenRefused =
  (steps: Step[], when: When, write: (x: Exchange) => void): Judge =>
  (x, s, r, m) => {
    if (r && steps.includes(s) && when(x, m)) write(x);
    return r;
  };
/** Each product's account looked up otherwise (`find`; undefined: not found). */
const accountsFound =
  (find: AccountOf): Judge =>
  (x, s, r) => {
    if (s !== 'accounts') return r;
    const missing = (x.input.body.products as any[]).find((p, i) => !find(p, i, x));
    return missing ? noAccount(missing) : undefined;
  };
const documentedAccount: AccountOf = (p, _i, x) => findAccount(x.world, x.input.body.customerId, p.accountId, x.partnerId);
/** The refusal of an authorization details step made otherwise (its status or code). */
const recoded =
  (step: Step, status: (s: number) => number, code: (c: string) => string): Judge =>
  (_x, s, r) =>
    r?.body && s === step ? coded(status(r.status), code(String(r.body.code)), String(r.body.user_message)) : r;

// (b) What a write stores: functions at the state seam.
const updated =
  (bend: (body: any, key: AccessKey, x: Exchange, memory: FaultMemory) => any): Stating =>
  (x, c, m) =>
    c.op === 'update' ? { ...c, body: bend(c.body, c.key, x, m) } : c;

// (c) The answer: functions at the answer seam.
/** A receipt answered on `ops` with its content made otherwise, signed again. */
const receipted =
  (ops: Op[], bend: (content: Body, x: Exchange, memory: FaultMemory) => Body): Answering =>
  (x, a, m) =>
    ops.includes(x.op) && a.status === 200 && a.body?.data
      ? { ...a, body: signedReceipt(bend(a.body.data[0].receipt, x, m), x.world.accessKeys.signingKey) }
      : a;
const RECEIPTS: Op[] = ['GenerateThirdPartyAccessKey', 'UpdateThirdPartyAccessKey'];
/** The authorization details answered with a member made otherwise. */
const detailed =
  (member: string, bend: (v: any, body: Body, x: Exchange) => unknown): Answering =>
  (x, a) =>
    x.op === 'getCustomerAuthorizationDetails' && a.status === 200
      ? { ...a, body: { ...a.body, [member]: bend(a.body[member], a.body, x) } }
      : a;
const shiftedIso = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();

export const THIRD_PARTY_ACCESS_FAULTS = faultCatalogue([
  fault('fd-accesskey-pseudo-ids-real-customer-id', 'FD-ACCESSKEY-PSEUDO-IDS: the receipt names the customer by its real id', {
    answer: receipted(RECEIPTS, (c, x) => ({ ...c, customerId: x.key!.customerId })),
    ...provider,
  }),
  fault('fd-accesskey-not-found-first-account-only', 'FD-ACCESSKEY-NOT-FOUND: a product after the first is not checked', {
    judge: accountsFound((p, i, x) => (i > 0 ? (x.world.accounts.get(p.accountId) ?? ({} as never)) : documentedAccount(p, i, x))),
    ...blind,
    ...was('blind-accesskey-first-account-checked-only'),
  }),
  fault('fd-accesskey-period-unchecked', 'FD-ACCESSKEY-PERIOD: a period ending before it starts is granted', {
    judge: skip('periods'),
    ...assumption,
  }),
  fault('fd-accesskey-update-appends-products', 'FD-ACCESSKEY-UPDATE: an update appends the products sent to those granted before', {
    state: updated((body, key) => ({ ...body, products: [...key.body.products, ...body.products] })),
    ...blind,
    ...was('blind-accesskey-update-appends-products'),
  }),
  fault('fd-obj-exact-id-form-accesskey-revoke-id-case-folded', 'FD-OBJ-EXACT-ID-FORM: revocation finds a receipt id in any case', {
    judge: keyedOtherwise(['RevokeThirdPartyAccessKey'], caseless),
    ...seeded,
    ...assumption,
  }),
  fault('fd-prop-refused-no-trace-accesskey-refused-update-revokes-key', {
    rule: 'FD-PROP-REFUSED-NO-TRACE, FD-ACCESSKEY-UPDATE: an update refused for its body has already revoked the key, so a later valid update of it is a 404',
    judge: writtenThenRefused(['customer', 'accounts', 'periods'], on('UpdateThirdPartyAccessKey'), (x) => (x.key!.revoked = true)),
    ...assumption,
  }),
  fault('fd-accesskey-revoked-key-updatable', 'FD-ACCESSKEY-REVOKED: a revoked key is updated (200), re-signed', {
    judge: keyedOtherwise(['UpdateThirdPartyAccessKey'], (x) => (ownRevoked(x) ? pathKey(x) : undefined)),
    ...blind,
    ...was('blind-accesskey-revoked-key-updatable'),
  }),
  fault('fd-accesskey-revoked-generate-revives', {
    rule: 'FD-ACCESSKEY-REVOKED, FD-ACCESSKEY-GENERATE: generating a key for a customer whose key was revoked brings the revoked receipt back, same id, updatable again',
    state: (x, c) => {
      if (c.op !== 'generate') return c;
      const revoked = [...keys(x).values()].find(
        (k) => k.revoked && k.partnerId === x.partnerId && k.customerId === x.input.body.customerId,
      );
      return revoked ? { ...c, key: Object.assign(revoked, { revoked: false, body: x.input.body }) } : c;
    },
  }),
  fault('fd-accesskey-unknown-update-upserts', 'FD-ACCESSKEY-UNKNOWN: an update of an id never issued makes a key of it', {
    judge: keyedOtherwise(['UpdateThirdPartyAccessKey'], (x) =>
      pathKey(x)
        ? undefined
        : {
            receiptId: x.input.path.consentReceiptId,
            partnerId: x.partnerId!,
            customerId: x.input.body.customerId,
            body: x.input.body,
            revoked: false,
          },
    ),
    state: (x, c) => {
      if (c.op === 'update') keys(x).set(c.key.receiptId, c.key);
      return c;
    },
    ...blind,
    ...was('blind-accesskey-unknown-update-upserts'),
  }),
  fault('fd-prop-refused-no-trace-accesskey-revoke-foreign-revoked', {
    rule: "FD-OBJ-OTHER-PARTNER, FD-PROP-REFUSED-NO-TRACE, FD-ACCESSKEY-REVOKED: the revocation of another partner's key answers 404 yet revokes it",
    judge: writtenThenRefused(
      ['key'],
      (x) => x.op === 'RevokeThirdPartyAccessKey' && pathKey(x) !== undefined && pathKey(x)!.partnerId !== x.input.partner?.id,
      (x) => (pathKey(x)!.revoked = true),
    ),
  }),
  // --- Authorization details (seed 002: OAuth only; 3003 legacy connection, 3004 details unavailable)
  fault('fd-authdetails-oauth-end-before-start', 'FD-AUTHDETAILS-OAUTH: the authorization ends a day before it starts', {
    answer: detailed('authorizationEndDate', (_v, b) => shiftedIso(b.authorizationStartDate, -DAY_MS)),
  }),
  fault('fd-authdetails-unavailable-coded-3003', 'FD-AUTHDETAILS-UNAVAILABLE, FD-PROP-REFUSAL-CODE: coded as legacy', {
    judge: recoded(
      'available',
      (s) => s,
      () => '3003',
    ),
    ...was('authdetails-unavailable-3003'),
  }),
  fault('fd-authdetails-unknown-login-served', 'FD-AUTHDETAILS-UNKNOWN, FD-PROP-REFUSAL-CODE: an unknown login is served', {
    judge: skip(
      'login',
      always,
      (x) => (x.login = { id: Number(x.input.path.institution_login_id), customerId: '', institutionId: '', legacy: false }),
    ),
    ...was('authdetails-unknown-login-served'),
  }),
]);
