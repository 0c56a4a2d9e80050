// Faults written blind (independent set 60): from seed 002 and the provider's document 1.35.0 only, the suite unread. Each names the
// statement it breaks, and is shown live against `npm run mock` (/work/w60f-live/I60.md).
import { blind, provider, schema } from '../kit/faults.js';
import type { AccountSeams } from './accounts.records.js';
import type { AppSeams } from './app-registration.records.js';
import { faultKit } from './fault-builders.js';
import type { PaymentsDataSeams } from './payments-data.records.js';
import { accountsOfLogin } from './state.js';
import type { AccessSeams } from './third-party-access.records.js';
import type { TransactionSeams } from './transactions.records.js';

const access = faultKit<AccessSeams>();
const apps = faultKit<AppSeams>();
const payments = faultKit<PaymentsDataSeams>();
const transactions = faultKit<TransactionSeams>();
const accounts = faultKit<AccountSeams>();

/** An ISO 8601 instant written without its zone designator (the UTC wall time alone). */
const noZone = (iso: unknown) => (typeof iso === 'string' ? iso.replace(/(Z|[+-]\d\d:\d\d)$/, '') : iso);

export const INDEPENDENT_60_FAULTS = [
  access.fault('i60-fd-accesskey-revoke-again', {
    rule: 'FD-ACCESSKEY-REVOKED: a second RevokeThirdPartyAccessKey of a key already revoked answers 204 again (the revoke read as idempotent), where seed 002 App registration and third-party access says a revoked key is unusable and revoking it again is a 404',
    family: 'third-party-access',
    judge: access.skipOn(
      'RevokeThirdPartyAccessKey',
      'key',
      (x) => {
        const key = x.world.accessKeys.keys.get(String(x.input.path.consentReceiptId));
        return Boolean(key && key.revoked && key.partnerId === x.input.partner?.id);
      },
      (x) => {
        x.key = x.world.accessKeys.keys.get(String(x.input.path.consentReceiptId));
      },
    ),
    ...blind,
  }),
  access.fault('i60-fd-accesskey-update-unknown-400', {
    rule: 'FD-ACCESSKEY-UNKNOWN: UpdateThirdPartyAccessKey of a consentReceiptId never issued is refused 400 (filed as a malformed request), while revocation keeps the 404, where seed 002 says a receipt id never issued is a 404 (resource not found) on update and revocation',
    family: 'third-party-access',
    judge: (x, s, r) => (r && s === 'key' && x.op === 'UpdateThirdPartyAccessKey' && r.status === 404 ? { ...r, status: 400 } : r),
    ...blind,
  }),
  access.fault('i60-fd-authdetails-end-before-start', {
    rule: 'FD-AUTHDETAILS-OAUTH: getCustomerAuthorizationDetails answers authorizationEndDate as the authorization period counted back from its start (the duration subtracted, not added), so the end date falls before the start date, where seed 002 says an OAuth login answers its start date and an end date after it',
    family: 'third-party-access',
    answer: access.answered('getCustomerAuthorizationDetails', (b) => {
      const start = Date.parse(b?.authorizationStartDate);
      const end = Date.parse(b?.authorizationEndDate);
      return Number.isNaN(start) || Number.isNaN(end) ? b : { ...b, authorizationEndDate: new Date(start - (end - start)).toISOString() };
    }),
    ...blind,
  }),
  access.fault('i60-fd-accesskey-timestamp-no-zone', {
    rule: 'FD-ACCESSKEY-GENERATE, FD-RESP-FORMS: the receipt of a new third-party access key gives receipt.timestamp and proof.timestamp as a UTC wall time without its zone designator, where provider 1.35.0 types those timestamps format date-time (an RFC 3339 instant carries its offset)',
    family: 'third-party-access',
    answer: access.answered('GenerateThirdPartyAccessKey', (b) =>
      Array.isArray(b?.data)
        ? {
            ...b,
            data: b.data.map((d: any) => ({
              ...d,
              receipt: d.receipt ? { ...d.receipt, timestamp: noZone(d.receipt.timestamp) } : d.receipt,
              proof: d.proof ? { ...d.proof, timestamp: noZone(d.proof.timestamp) } : d.proof,
            })),
          }
        : b,
    ),
    ...blind,
    ...provider,
  }),
  apps.fault('i60-fd-app-institution-wrong-code', {
    rule: 'FD-APP-INSTITUTIONS-NOT-FOUND: getRegisteredInstitutions with an institution the approved application is not registered with answers 404 with the code and words of an unknown application instead of the code of an institution not registered, where seed 002 and the provider 1.35.0 examples give an institution the application is not registered with its own not-found code',
    family: 'app-registration',
    judge: (_x, s, r) => (r && s === 'institution' ? { ...r, code: '3001', userMessage: 'Requested Application Id is not found' } : r),
    ...blind,
  }),
  apps.fault('i60-fd-app-list-start-zero', {
    rule: 'FD-APP-LIST-PAGING: getApplications with start 0 is served (200, the first page) instead of refused 400 with the invalid-start code, where provider 1.35.0 pages start from page 1 and its 400 example refuses a start below the first page',
    family: 'app-registration',
    judge: apps.skipOn('getApplications', 'start'),
    ...blind,
    ...provider,
  }),
  payments.fault('i60-fd-match-timeout-504', {
    rule: 'FD-PAY-MATCH-TIMEOUT: owner match on an account whose institution does not answer the holder data in time is answered 504 (a gateway timeout) instead of the 408 the seed lists for AccountMatchingScoreDetails, where seed 002 Errors 408 says the request timed out',
    family: 'payments-data',
    judge: (x, s, r) => (r && s === 'slow' && x.op === 'AccountMatchingScoreDetails' ? { ...r, status: 504 } : r),
    ...blind,
  }),
  payments.fault('i60-fd-owner-mfa-served', {
    rule: 'FD-PAY-OWNER-MFA: GetAccountOwner of an account whose institution asks a multi-factor challenge answers 200 with the owner (the challenge checked on the v3 owner details only), where seed 002 Payments data gives 203 for an account that needs a multi-factor challenge',
    family: 'payments-data',
    judge: payments.skipOn('GetAccountOwner', 'mfa'),
    ...blind,
  }),
  payments.fault('i60-fd-live-balance-credit-card', {
    rule: 'FD-PAY-BALANCE-TYPES: GetAvailableBalanceLive serves a credit card account (200 with a balance), the type check applied to the cached variant only, where seed 002 says available balance supports checking, savings, moneyMarket and cd',
    family: 'payments-data',
    judge: payments.skipOn('GetAvailableBalanceLive', 'type', (x) => x.account?.type === 'creditCard'),
    ...blind,
  }),
  payments.fault('i60-fd-peb-interval-zero', {
    rule: "FD-PAY-CACHE-INTERVAL-RANGE: the payment enablement bundle accepts balance_cache_interval 0 (the live balance's lower bound applied to the bundle), where provider 1.35.0 PebAllowedBalanceCacheInterval's minimum refuses it",
    relax: schema('PebBalanceCacheInterval', { shift: { minimum: -1 } }),
    ...blind,
    ...provider,
  }),
  payments.fault('i60-fd-paystmt-label-optional', {
    rule: 'FD-PAYSTMT-REQUIRED: StoreCustomerPayStatement stores a pay statement sent without its label (200, an asset id), where provider 1.35.0 PayStatement requires label',
    relax: schema('PayStatement', { unrequire: ['label'] }),
    ...blind,
    ...provider,
  }),
  payments.fault('i60-fd-stmt-index-past-max', {
    rule: "FD-STMT-INDEX-RANGE: GetCustomerAccountStatement takes an index one past the statement index maximum (served or not found, not refused), where provider 1.35.0 StatementIndexParameter's maximum makes it a 400",
    relax: schema('StatementIndex', { shift: { maximum: 1 } }),
    ...blind,
    ...provider,
  }),
  transactions.fault('i60-fd-historic-mfa-204', {
    rule: 'FD-TXN-HISTORIC-STATUS: the historic load of an account whose institution asks a multi-factor challenge answers 204 (as if loaded), where seed 002 Errors 203 gives the multi-factor challenge of that account',
    family: 'transactions',
    answer: (x, a) => (x.op === 'LoadHistoricTransactionsForCustomerAccount' && a.status === 203 ? { ...a, status: 204 } : a),
    ...blind,
  }),
  transactions.fault('i60-fd-historic-load-whole-login', {
    rule: "FD-TXN-HISTORIC-LOAD: the historic load of one account loads the older transactions of every account of the same institution login (the load keyed by login), so the customer's savings account gains transactions too, where seed 002 Transactions loads the history of the account of the path alone",
    family: 'transactions',
    state: transactions.changed('load', (c, x) =>
      c.status === 204
        ? {
            ...c,
            loaded: accountsOfLogin(x.world, c.account.institutionLoginId).filter((a) => a.customerId === c.account.customerId && !a.mfa),
          }
        : c,
    ),
    ...blind,
  }),
  accounts.fault('i60-fd-login-list-after-delete', {
    rule: "FD-ACCT-DELETE-LOGIN: once an institution login is deleted (204), its simple by-login account list answers 200 with no account instead of 404 (the deleted login's id still taken as known), where seed 002 Accounts says after the delete the login's lists are a 404",
    family: 'accounts',
    state: accounts.changed('delete', (c, x, m) => {
      if (x.op === 'DeleteCustomerAccountsByInstitutionLogin') (m.gone ??= new Set<string>()).add(String(x.input.path.institutionLoginId));
      return c;
    }),
    judge: (x, s, r, m) =>
      r && s === 'login' && x.op === 'GetCustomerAccountsByInstitutionLoginSimple' && m.gone?.has(String(x.input.path.institutionLoginId))
        ? undefined
        : r,
    ...blind,
  }),
];
