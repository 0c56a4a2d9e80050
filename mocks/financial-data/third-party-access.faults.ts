// Faults of third-party access keys and authorization details, each named by the rule it breaks
// (`<rule id>-<deviation>`), its rule text starting with the rule ids (`rules`: the specs the targeted
// mutation run picks). A fault bends third-party-access.ts at its seams: the request as judged at one
// step, what a write stores, the answer (a receipt bent is signed again, so that a fault breaks what it
// names and not the proof). A blind fault, and an id docs/mutation.md names, keep the earlier id as an alias.
import { faultCatalogue, type FaultMemory, type FaultSeams } from '../kit/faults.js';
import { faultKit, blind, always, assumption, provider, was, seededAt } from './fault-builders.js';
import {
  BAD_PERIOD,
  coded,
  noAccount,
  receiptContent,
  signedReceipt,
  type AccessSeams,
  type AccountOf,
  type Exchange,
  type Step,
} from './third-party-access.records.js';
import { findAccount, findCustomer, type AccessKey, type InstitutionLogin } from './state.js';

type Seams = FaultSeams<AccessSeams>;
type Judge = NonNullable<Seams['judge']>;
type Answering = NonNullable<Seams['answer']>;
type Stating = NonNullable<Seams['state']>;
type Op = Exchange['op'];
type When = (x: Exchange, memory: FaultMemory) => boolean;
type Body = Record<string, any>;
const { fault, skip, refuse, on } = faultKit<AccessSeams>();
const DAY_MS = 86_400_000;
const KEYED: Op[] = ['UpdateThirdPartyAccessKey', 'RevokeThirdPartyAccessKey'];
const keys = (x: Exchange) => x.world.accessKeys.keys;
/** The key of the path whoever holds it, and whether it is live. */
const pathKey = (x: Exchange) => keys(x).get(x.input.path.consentReceiptId);
const ownRevoked = (x: Exchange) => pathKey(x)?.revoked === true && pathKey(x)!.partnerId === x.input.partner?.id;
const foreignLive = (x: Exchange) => pathKey(x) !== undefined && !pathKey(x)!.revoked && pathKey(x)!.partnerId !== x.input.partner?.id;

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
/** The 'key' refusal of `ops` where `when` holds made otherwise. */
const keyRefused =
  (ops: Op[], when: When, made: (x: Exchange) => ReturnType<Judge>): Judge =>
  (x, s, r, m) =>
    r && s === 'key' && ops.includes(x.op) && when(x, m) ? made(x) : r;
/** Each product's account looked up otherwise (`find`; undefined: not found). */
const accountsFound =
  (find: AccountOf): Judge =>
  (x, s, r) => {
    if (s !== 'accounts') return r;
    const missing = (x.input.body.products as any[]).find((p, i) => !find(p, i, x));
    return missing ? noAccount(missing) : undefined;
  };
const documentedAccount: AccountOf = (p, _i, x) => findAccount(x.world, x.input.body.customerId, p.accountId, x.partnerId);
/** Each product's period judged otherwise (`after`: whether it ends after it starts). */
const periodsJudged =
  (after: (start: string, end: string) => boolean): Judge =>
  (x, s, r) =>
    s !== 'periods'
      ? r
      : (x.input.body.products as any[]).some((p) => !after(String(p.accessPeriod.startTime), String(p.accessPeriod.endTime)))
        ? BAD_PERIOD
        : undefined;
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
  // --- Generation and its receipt (seed 002, GenerateThirdPartyAccessKey 200; provider 1.35.0 ThirdPartyAccessKeyReceiptData)
  fault('fd-accesskey-generate-no-proof', 'FD-ACCESSKEY-GENERATE: the key is answered without its signed proof', {
    answer: (x, a) =>
      RECEIPTS.includes(x.op) && a.body?.data ? { ...a, body: { data: a.body.data.map(({ receipt }: Body) => ({ receipt })) } } : a,
  }),
  fault('fd-accesskey-generate-products-dropped', 'FD-ACCESSKEY-GENERATE: the receipt lists no product granted', {
    answer: receipted(RECEIPTS, (c) => ({ ...c, products: [] })),
  }),
  fault('fd-accesskey-pseudo-ids-real-customer-id', 'FD-ACCESSKEY-PSEUDO-IDS: the receipt names the customer by its real id', {
    answer: receipted(RECEIPTS, (c, x) => ({ ...c, customerId: x.key!.customerId })),
    ...provider,
  }),
  fault('fd-accesskey-pseudo-ids-real-account-id', 'FD-ACCESSKEY-PSEUDO-IDS: the receipt names the accounts by their real ids', {
    answer: receipted(RECEIPTS, (c, x) => ({
      ...c,
      products: c.products.map((p: Body, i: number) => ({ ...p, accountId: x.key!.body.products[i].accountId })),
    })),
    ...provider,
  }),
  fault('fd-accesskey-pseudo-ids-account-id-zero-padded', 'FD-ACCESSKEY-PSEUDO-IDS: a pseudo account id is the real one zero-padded', {
    answer: receipted(RECEIPTS, (c, x) => ({
      ...c,
      products: c.products.map((p: Body, i: number) => ({
        ...p,
        accountId: String(x.key!.body.products[i].accountId).padStart(p.accountId.length, '0'),
      })),
    })),
    ...provider,
  }),
  fault('fd-accesskey-not-found-customer-unchecked', 'FD-ACCESSKEY-NOT-FOUND: a key for an unknown customer is granted', {
    judge: (x, s, r) =>
      s === 'customer' ? undefined : s === 'accounts' ? accountsFound((p, _i, y) => y.world.accounts.get(p.accountId))(x, s, r, {}) : r,
  }),
  fault('fd-accesskey-not-found-account-unchecked', 'FD-ACCESSKEY-NOT-FOUND: a key on an account the customer does not have is granted', {
    judge: skip('accounts'),
  }),
  fault('fd-accesskey-not-found-first-account-only', 'FD-ACCESSKEY-NOT-FOUND: a product after the first is not checked', {
    judge: accountsFound((p, i, x) => (i > 0 ? (x.world.accounts.get(p.accountId) ?? ({} as never)) : documentedAccount(p, i, x))),
    ...blind('blind-accesskey-first-account-checked-only'),
  }),
  fault('fd-accesskey-not-found-update-account-other-customer', {
    rule: "FD-ACCESSKEY-NOT-FOUND, FD-OBJ-OTHER-PARENT: the update checks only that the account is the partner's, so another customer's account is granted (generation still refuses it)",
    judge: (x, s, r) =>
      x.op !== 'UpdateThirdPartyAccessKey'
        ? r
        : accountsFound((p, i, y) => {
            const a = y.world.accounts.get(p.accountId);
            return documentedAccount(p, i, y) ?? (a && findCustomer(y.world, a.customerId, y.partnerId) ? a : undefined);
          })(x, s, r, {}),
    ...provider,
  }),
  fault('fd-obj-exact-id-form-accesskey-account-id-trimmed', {
    rule: "FD-OBJ-EXACT-ID-FORM: generation looks each product's accountId up trimmed, so an account id with a trailing space grants the account",
    judge: (x, s, r) =>
      x.op !== 'GenerateThirdPartyAccessKey'
        ? r
        : accountsFound((p, i, y) => documentedAccount({ accountId: String(p.accountId).trim() }, i, y))(x, s, r, {}),
    ...seededAt,
    ...assumption,
  }),
  fault('fd-accesskey-period-unchecked', 'FD-ACCESSKEY-PERIOD: a period ending before it starts is granted', {
    judge: skip('periods'),
    ...assumption,
  }),
  fault('fd-accesskey-period-equal-accepted', 'FD-ACCESSKEY-PERIOD: a period ending when it starts is granted', {
    judge: periodsJudged((start, end) => Date.parse(end) >= Date.parse(start)),
    ...assumption,
  }),
  fault('fd-accesskey-period-minute-precision', "FD-ACCESSKEY-PERIOD: periods compared to the minute, a second's refused", {
    judge: periodsJudged((start, end) => Math.floor(Date.parse(end) / 60_000) > Math.floor(Date.parse(start) / 60_000)),
    ...assumption,
    ...blind('blind-accesskey-period-minute-precision'),
  }),
  fault('fd-accesskey-period-compared-as-text', {
    rule: 'FD-ACCESSKEY-PERIOD: the generation and the update compare startTime and endTime as text, so a period whose end is written at another UTC offset is judged by its characters, not its instant',
    judge: periodsJudged((start, end) => end > start),
    ...provider,
  }),
  // --- Update (seed 002, UpdateThirdPartyAccessKey 200: the same receipt id, the products and periods sent)
  fault('fd-accesskey-update-new-id', 'FD-ACCESSKEY-UPDATE: an update answers a receipt of a new id', {
    state: (x, c) => {
      if (c.op !== 'update') return c;
      const fresh = { ...c.key, receiptId: `${c.key.receiptId.slice(0, -4)}upd${x.world.accessKeys.seq++ % 10}` };
      keys(x).set(fresh.receiptId, fresh);
      return { ...c, key: fresh };
    },
  }),
  fault('fd-accesskey-update-not-saved', 'FD-ACCESSKEY-UPDATE: an update answers 200 and keeps the products and periods granted before', {
    state: updated((_body, key) => key.body),
  }),
  fault('fd-accesskey-update-appends-products', 'FD-ACCESSKEY-UPDATE: an update appends the products sent to those granted before', {
    state: updated((body, key) => ({ ...body, products: [...key.body.products, ...body.products] })),
    ...blind('blind-accesskey-update-appends-products'),
  }),
  fault('fd-accesskey-update-start-time-day-start', "FD-ACCESSKEY-UPDATE: an update stores each start at its UTC day's start", {
    state: updated((body) => ({
      ...body,
      products: body.products.map((p: any) => ({
        ...p,
        accessPeriod: { ...p.accessPeriod, startTime: `${String(p.accessPeriod.startTime).slice(0, 10)}T00:00:00Z` },
      })),
    })),
    ...provider,
  }),
  fault('fd-accesskey-update-answer-first-product-only', 'FD-ACCESSKEY-UPDATE: the update answer lists only the first product sent', {
    answer: receipted(['UpdateThirdPartyAccessKey'], (c) => ({ ...c, products: c.products.slice(0, 1) })),
    ...provider,
  }),
  fault('fd-accesskey-update-answers-previous-products', 'FD-ACCESSKEY-UPDATE: the update answers the receipt as it was before', {
    state: (_x, c, m) => {
      if (c.op === 'update') m.before = { ...c.key };
      return c;
    },
    answer: receipted(['UpdateThirdPartyAccessKey'], (c, x, m) => (m.before ? receiptContent(m.before, x.nowMs) : c)),
  }),
  fault('fd-obj-other-partner-accesskey-update', {
    rule: "FD-OBJ-OTHER-PARTNER, FD-ACCESSKEY-UPDATE: the update finds the key by its receipt id alone and judges the body for the key's own partner, so another partner updates it (200)",
    judge: skip(
      'key',
      (x) => x.op === 'UpdateThirdPartyAccessKey' && foreignLive(x),
      (x) => {
        x.key = pathKey(x);
        x.partnerId = x.key!.partnerId;
      },
    ),
  }),
  fault('fd-accesskey-unknown-update-id-case-folded', 'FD-ACCESSKEY-UNKNOWN: the update finds a receipt id in any case', {
    judge: keyedOtherwise(['UpdateThirdPartyAccessKey'], caseless),
    ...provider,
  }),
  fault('fd-obj-exact-id-form-accesskey-revoke-id-case-folded', 'FD-OBJ-EXACT-ID-FORM: revocation finds a receipt id in any case', {
    judge: keyedOtherwise(['RevokeThirdPartyAccessKey'], caseless),
    ...seededAt,
    ...assumption,
  }),
  fault('fd-prop-refused-no-trace-accesskey-refused-update-revokes-key', {
    rule: 'FD-PROP-REFUSED-NO-TRACE, FD-ACCESSKEY-UPDATE: an update refused for its body has already revoked the key, so a later valid update of it is a 404',
    judge: writtenThenRefused(['customer', 'accounts', 'periods'], on('UpdateThirdPartyAccessKey'), (x) => (x.key!.revoked = true)),
    ...assumption,
  }),
  // --- Revocation (seed 002, RevokeThirdPartyAccessKey 204; then the key is gone: 404)
  fault('fd-accesskey-revoked-revoke-noop', 'FD-ACCESSKEY-REVOKED: a revocation answers 204 and leaves the key live', {
    state: (_x, c) => (c.op === 'revoke' ? { ...c, revoked: [] } : c),
  }),
  fault('fd-accesskey-revoked-revoke-twice-204', 'FD-ACCESSKEY-REVOKED: revoking a revoked key again answers 204', {
    judge: keyedOtherwise(['RevokeThirdPartyAccessKey'], (x) => (ownRevoked(x) ? pathKey(x) : undefined)),
  }),
  fault('fd-accesskey-revoked-key-updatable', 'FD-ACCESSKEY-REVOKED: a revoked key is updated (200), re-signed', {
    judge: keyedOtherwise(['UpdateThirdPartyAccessKey'], (x) => (ownRevoked(x) ? pathKey(x) : undefined)),
    ...blind('blind-accesskey-revoked-key-updatable'),
  }),
  fault('fd-accesskey-revoked-update-400', 'FD-ACCESSKEY-REVOKED: an update of a revoked key is answered 400', {
    judge: keyRefused(['UpdateThirdPartyAccessKey'], ownRevoked, () => ({ status: 400, message: 'The consent receipt was revoked.' })),
    ...assumption,
  }),
  fault('fd-prop-answer-is-state-accesskey-revoked-update-old-receipt', {
    rule: 'FD-ACCESSKEY-REVOKED, FD-PROP-ANSWER-IS-STATE: an update of a revoked key is answered 200 with the receipt as it was, nothing saved',
    judge: keyRefused(['UpdateThirdPartyAccessKey'], ownRevoked, (x) => ({
      status: 200,
      body: signedReceipt(receiptContent(pathKey(x)!, x.nowMs), x.world.accessKeys.signingKey),
    })),
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
  fault('fd-accesskey-revoked-answered-200', 'FD-ACCESSKEY-REVOKED: the revocation is answered 200 with the receipt, not 204', {
    answer: (x, a) =>
      x.op === 'RevokeThirdPartyAccessKey' && a.status === 204
        ? { status: 200, body: signedReceipt(receiptContent(x.key!, x.nowMs), x.world.accessKeys.signingKey) }
        : a,
  }),
  fault('fd-accesskey-revoked-all-of-customer', {
    rule: 'FD-ACCESSKEY-REVOKED, FD-ACCESSKEY-UPDATE: revoking a key revokes every live key of the same customer, so updating another one is a 404 (each call alone answers right)',
    state: (x, c) =>
      c.op === 'revoke'
        ? { ...c, revoked: [...keys(x).values()].filter((k) => k.partnerId === x.key!.partnerId && k.customerId === x.key!.customerId) }
        : c,
    origin: 'model',
  }),
  fault('fd-accesskey-unknown-400', 'FD-ACCESSKEY-UNKNOWN: a consentReceiptId never issued is a 400 on update and revocation, not 404', {
    judge: keyRefused(KEYED, always, () => ({ status: 400, message: 'Consent receipt not found.' })),
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
    ...blind('blind-accesskey-unknown-update-upserts'),
  }),
  fault('fd-accesskey-unknown-revoke-other-partner', "FD-ACCESSKEY-UNKNOWN, FD-ACCESSKEY-REVOKED: another partner's key is revoked", {
    judge: keyedOtherwise(['RevokeThirdPartyAccessKey'], (x) => (foreignLive(x) ? pathKey(x) : undefined)),
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
  fault('fd-authdetails-oauth-wrong-login-id', 'FD-AUTHDETAILS-OAUTH: the answer names the login after the one asked for', {
    answer: detailed('institutionLoginId', (v) => v + 1),
  }),
  fault('fd-authdetails-oauth-start-epoch-text', 'FD-AUTHDETAILS-OAUTH: the start is epoch seconds as text, not a date-time', {
    answer: detailed('authorizationStartDate', (v) => String(Math.floor(Date.parse(v) / 1000))),
    ...blind('blind-authdetails-start-epoch-text'),
  }),
  fault('fd-authdetails-legacy-served', 'FD-AUTHDETAILS-LEGACY: a legacy connection answers its details', {
    judge: skip('legacy'),
    ...was('authdetails-legacy-served'),
  }),
  fault('fd-authdetails-legacy-migrated-still-legacy', 'FD-AUTHDETAILS-LEGACY: a login migrated to OAuth is still refused as legacy', {
    judge: refuse('legacy', (x) => x.login!.legacy && x.login!.migrated === true, coded(404, '3003', 'Institution Login Id is not found')),
  }),
  fault('fd-authdetails-legacy-coded-3004', 'FD-AUTHDETAILS-LEGACY, FD-PROP-REFUSAL-CODE: legacy coded as unavailable', {
    judge: recoded(
      'legacy',
      (s) => s,
      () => '3004',
    ),
    ...blind('blind-authdetails-legacy-3004'),
  }),
  fault('fd-authdetails-unavailable-coded-3003', 'FD-AUTHDETAILS-UNAVAILABLE, FD-PROP-REFUSAL-CODE: coded as legacy', {
    judge: recoded(
      'available',
      (s) => s,
      () => '3003',
    ),
    ...was('authdetails-unavailable-3003'),
  }),
  fault('fd-authdetails-unavailable-400', 'FD-AUTHDETAILS-UNAVAILABLE: unavailable details are refused 400, not 404', {
    judge: recoded(
      'available',
      () => 400,
      (c) => c,
    ),
    ...blind('blind-authdetails-predating-400'),
  }),
  fault('fd-authdetails-unknown-login-served', 'FD-AUTHDETAILS-UNKNOWN, FD-PROP-REFUSAL-CODE: an unknown login is served', {
    judge: skip(
      'login',
      always,
      (x) => (x.login = { id: Number(x.input.path.institution_login_id), customerId: '', institutionId: '', legacy: false }),
    ),
    ...was('authdetails-unknown-login-served'),
  }),
  fault('fd-authdetails-unknown-other-partner-login', "FD-AUTHDETAILS-UNKNOWN: another partner's login is served", {
    judge: skip(
      'login',
      (x) => loginOf(x) !== undefined && x.world.customers.has(loginOf(x)!.customerId),
      (x) => (x.login = loginOf(x)),
    ),
    ...blind('blind-authdetails-other-partner-login'),
  }),
  fault('fd-obj-after-delete-authdetails-deleted-customer-login', {
    rule: "FD-OBJ-AFTER-DELETE, FD-AUTHDETAILS-UNKNOWN: the authorization details of a deleted customer's login are still answered 200",
    judge: skip(
      'login',
      (x) => loginOf(x) !== undefined && !x.world.customers.has(loginOf(x)!.customerId),
      (x) => (x.login = loginOf(x)),
    ),
  }),
]);

function loginOf(x: Exchange): InstitutionLogin | undefined {
  return x.world.logins.get(Number(x.input.path.institution_login_id));
}
