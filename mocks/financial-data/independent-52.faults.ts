// Faults written blind (independent set 52): from seed 002 and the provider's document 1.35.0 only, the suite unread. Each names the
// statement it breaks, and is shown live against `npm run mock` (/work/w52f-live/I52.md).
import { blind, inFamily, provider } from '../kit/faults.js';
import type { AccountSeams } from './accounts.records.js';
import type { AppSeams } from './app-registration.records.js';
import type { ConnectSeams } from './connect.records.js';
import type { EnrichmentSeams } from './enrichment.records.js';
import { faultKit } from './fault-builders.js';
import type { InstitutionSeams } from './institutions.records.js';
import type { PaymentsDataSeams } from './payments-data.records.js';
import { findCustomer } from './state.js';
import { periodOfMonth, type StatementSeams } from './statements.records.js';
import type { AccessSeams } from './third-party-access.records.js';
import type { TransactionSeams } from './transactions.records.js';
import type { TxPushSeams } from './txpush.records.js';
import type { WebhookSeams } from './webhooks.records.js';

const statements = faultKit<StatementSeams>();
const txpush = faultKit<TxPushSeams>();
const transactions = faultKit<TransactionSeams>();
const institutions = faultKit<InstitutionSeams>();
const connect = faultKit<ConnectSeams>();
const accounts = faultKit<AccountSeams>();
const enrichment = faultKit<EnrichmentSeams>();
const apps = faultKit<AppSeams>();
const access = faultKit<AccessSeams>();
const webhooks = faultKit<WebhookSeams>();
const payments = faultKit<PaymentsDataSeams>();

const DAY_S = 86_400;

export const INDEPENDENT_52_FAULTS = [
  ...inFamily('statements', [
    statements.fault('i52-fd-asset-read-through-sibling-customer', {
      rule: "FD-ASSET-OWNER: GetAssetByCustomerID finds the asset by its id among every customer of the partner, so a pay statement stored for one customer downloads (200) through another customer's id of the same partner, where the asset belongs to the customer it was stored for and is a resource not found elsewhere (seed 002 Resources - Asset; Errors 404).",
      ...blind,
      judge: statements.skip(
        'asset',
        (x) => {
          const asset = x.world.statements.assets.get(x.input.path.assetId);
          return asset !== undefined && findCustomer(x.world, asset.customerId, x.input.partner?.id) !== undefined;
        },
        (x) => {
          x.asset = x.world.statements.assets.get(x.input.path.assetId);
        },
      ),
    }),
    statements.fault('i52-fd-stmt-details-month-end-period', {
      rule: "FD-STMT-ASSET-LINK: GetCustomerAccountMultipleStatement dates each detail by moving today's date back index months (the day kept), so at a month's end past the day count of the earlier month the date overflows: on the last day of March the first index is March (not yet closed) and February is skipped, and the detail's asset downloads another statement than v1 gives for that index, where the asset id of a detail is the statement of that index (seed 002 Statements; provider 1.35.0 StatementIndexesParameter, monthly statements).",
      ...blind,
      judge: statements.fold(
        'indexes',
        (x) => x.op === 'GetCustomerAccountMultipleStatement',
        (x) => {
          x.period = (index) => {
            const d = new Date(x.nowMs);
            d.setUTCMonth(d.getUTCMonth() - index);
            return periodOfMonth(d.getTime(), d.getUTCMonth());
          };
        },
      ),
    }),
  ]),
  ...inFamily('txpush', [
    txpush.fault('i52-fd-txpush-delete-sibling-customer-record', {
      rule: "FD-TXPUSH-DELETE-UNKNOWN: DeleteTxPushSubscription deletes (204) a subscription record of another customer of the same partner named under this customer's path (the record looked up by id within the partner), so that customer's listener stops hearing of its account, where a record not of the customer of the path is a resource not found 404 (seed 002 Errors 404; Events: deleting one subscription stops only that subscription's events).",
      ...blind,
      judge: txpush.skip(
        'subscription',
        (x) => x.found !== undefined && findCustomer(x.world, x.found.customerId, x.input.partner?.id) !== undefined,
        (x) => {
          x.sub = x.found;
        },
      ),
    }),
  ]),
  ...inFamily('transactions', [
    transactions.fault('i52-fd-txn-account-list-start-from-zero', {
      rule: 'FD-TXN-PAGE-START: GetCustomerAccountTransactions reads a start it is sent as a page index counted from zero (a start of one serves the second page), on the account list only, so its first page is reached only without start, where provider 1.35.0 StartParameter is the index of the page of results counted from one, as the customer-wide list reads it.',
      ...blind,
      ...provider,
      judge: transactions.fold(
        'page',
        (x) => x.op === 'GetCustomerAccountTransactions' && x.input.query.start !== undefined,
        (x) => {
          x.page = { ...x.page!, start: x.page!.start + 1 };
        },
      ),
    }),
    transactions.fault('i52-fd-txn-todate-echoed-end-of-day', {
      rule: 'FD-TXN-ECHO: GetAllCustomerTransactions echoes as toDate the end of the UTC day the toDate sent falls in (the echo taken from a window widened to whole days), not the toDate of the request, where provider 1.35.0 gives fromDate and toDate as the values of the request that generated the response.',
      ...blind,
      ...provider,
      answer: transactions.answered('GetAllCustomerTransactions', (b) => ({
        ...b,
        toDate: String(Math.floor(Number(b.toDate) / DAY_S) * DAY_S + DAY_S - 1),
      })),
    }),
    transactions.fault('i52-fd-txn-historic-forced-again-mfa', {
      rule: 'FD-TXN-HISTORIC-ONCE: a second LoadHistoricTransactionsForCustomerAccount of an account already loaded, sent with force true, answers 203 (the forced new connection read as a multi-factor challenge) instead of 204, where seed 002 Transactions says force=true forces a second institution connection and a second call for the same account adds nothing (203 only when an MFA challenge is needed).',
      ...blind,
      state: transactions.changed('load', (c, x) =>
        c.account.historicLoaded && x.input.body?.force === true ? { ...c, status: 203, loaded: [] } : c,
      ),
    }),
    transactions.fault('i52-fd-txn-recurring-first-account-only', {
      rule: 'FD-TXN-RECURRING-ACCOUNTS: GetRecurringTransactions sent two accountIds looks at the first one only (the list read as one id), so its accountRecurringTransactions holds one account and the customer series leave out the second, where seed 002 Transactions (AccountIds body, one or more accounts) looks at every account asked for.',
      ...blind,
      judge: transactions.fold(
        'accounts',
        (x) => x.op === 'GetRecurringTransactions' && (x.asked?.length ?? 0) > 1,
        (x) => {
          x.chosen = x.held!.filter((a) => a.id === x.asked![0]);
        },
      ),
    }),
  ]),
  ...inFamily('institutions', [
    institutions.fault('i52-fd-inst-countries-lower-case-us', {
      rule: 'FD-INST-COUNTRIES: GetInstitutions compares the supportedCountries sent with the upper-case code, so supportedCountries us lists no institution while US lists them, where provider 1.35.0 supportedCountries takes the two-letter codes in either case (the US region lists institutions, seed 002).',
      ...blind,
      ...provider,
      judge: institutions.fold(
        'countries',
        (x) => x.op === 'GetInstitutions',
        (x) => {
          const sent = String(x.input.query.supportedCountries ?? '*').split(',');
          x.keep!.countries = sent.includes('*') || sent.includes('US');
        },
      ),
    }),
  ]),
  ...inFamily('connect', [
    connect.fault('i52-fd-connect-joint-second-borrower-unchecked', {
      rule: "FD-CONNECT-CUSTOMER: GenerateJointBorrowerConnectUrl checks the customerId of the first borrower only, so a joint borrower naming a customer the partner does not have is given a link (200), where provider 1.35.0 refuses a customer ID that does not exist or does not belong to the partner with a 400, each borrower's.",
      ...blind,
      ...provider,
      judge: connect.skip('customer', (x) => (x.index ?? 0) > 0),
    }),
  ]),
  ...inFamily('accounts', [
    accounts.fault('i52-fd-acct-login-delete-leaves-accounts', {
      rule: "FD-ACCT-DELETE-LOGIN: DeleteCustomerAccountsByInstitutionLogin removes the login (204) but not its accounts, so each of them still reads 200 by id and stays in the customer's account list, where seed 002 Accounts says the delete of an institution login removes access to that data (its accounts a resource not found).",
      ...blind,
      state: accounts.changed('delete', (c, x) => (x.op === 'DeleteCustomerAccountsByInstitutionLogin' ? { ...c, gone: [] } : c)),
    }),
  ]),
  ...inFamily('enrichment', [
    enrichment.fault('i52-fd-enrich-unknown-type-uncategorized', {
      rule: 'FD-ENRICH-UNKNOWN-AS-CHECKING: a transaction sent with accountType unknown is answered Uncategorized, without entities, address or flags (the unknown type left unenriched), where provider 1.35.0 TransactionPayload.accountType says unknown is enriched as a checking account.',
      ...blind,
      ...provider,
      answer: enrichment.answered('enrichTransactions', (b, x) => ({
        ...b,
        transactions: (b.transactions as Record<string, unknown>[]).map((t, i) => {
          if (x.sent[i]?.accountType !== 'unknown') return t;
          const { address: _a, isEcommerce: _e, isBrickAndMortar: _b, ...rest } = t;
          return {
            ...rest,
            transactionCategory: 'Uncategorized',
            transactionCategoryScore: 0,
            transactionCategoryGroup: 'Other',
            entities: [],
          };
        }),
      })),
    }),
  ]),
  ...inFamily('app-registration', [
    apps.fault('i52-fd-app-list-application-id-read-as-pre-app-id', {
      rule: 'FD-APP-LIST-FILTER: getApplications filters by application_id against the pre_app_id of each registration (the query member bound to the wrong column), so the registration holding that applicationId is not returned and one whose preAppId has that value is, where provider 1.35.0 application_id returns the registrations of that application id.',
      ...blind,
      ...provider,
      judge: apps.fold(
        'scope',
        (x) => x.op === 'getApplications' && x.criteria?.application_id !== undefined,
        (x) => {
          x.criteria = { ...x.criteria, pre_app_id: Number(x.criteria!.application_id), application_id: undefined };
        },
      ),
    }),
  ]),
  ...inFamily('third-party-access', [
    access.fault('i52-fd-authdetails-unknown-login-status-member', {
      rule: "FD-PROP-ERROR-STATUS, FD-AUTHDETAILS-UNKNOWN: the 404 of an institution login id naming no login of the partner carries the error code as its status member, on that refusal path only (the legacy refusal keeps 404), where provider 1.35.0 ErrorMessage.status is the HTTP status of the answer and code the provider's error code.",
      ...blind,
      ...provider,
      judge: (_x, step, r) => (step === 'login' && r?.body ? { ...r, body: { ...r.body, status: String(r.body.code) } } : r),
    }),
  ]),
  ...inFamily('webhooks', [
    webhooks.fault('i52-fd-webhook-list-request-id-required', {
      rule: 'FD-WEBHOOK-REQUEST-ID: listWebhookSubscriptions refuses with 400 a call without the X-External-Request-Id header (the header taken as required on the list only), where provider 1.35.0 RequestIdHeader is not required and seed 002 gives every webhook operation the request-id header as a parameter it takes.',
      ...blind,
      ...provider,
      judge: webhooks.refuse('request-id', (x) => x.op === 'listWebhookSubscriptions' && x.headers['x-external-request-id'] === undefined, {
        status: 400,
        description: 'X-External-Request-Id header is required',
      }),
    }),
  ]),
  ...inFamily('payments-data', [
    payments.fault('i52-fd-pay-instruction-routing-of-first-account', {
      rule: "FD-PAY-ACCOUNT-NUMBER: GetAccountPaymentInstructionDetails gives each instruction's routingNumber descriptor as the routing number of the customer's first account, not of the account read, so an account of the same customer at another institution reads its own account number with another routing number than its ACH details v1 give, where the full account number comes with the same routing number on v1 and v3 (provider 1.35.0 ACHDetails.routingNumber; PaymentInstruction descriptors).",
      ...blind,
      ...provider,
      answer: payments.answered('GetAccountPaymentInstructionDetails', (b, x) => {
        const first = [...x.world.accounts.values()].find((a) => a.customerId === x.account?.customerId);
        if (!first) return b;
        return {
          ...b,
          paymentInstruction: (b.paymentInstruction as Record<string, any>[]).map((p) => ({
            ...p,
            descriptors: (p.descriptors as Record<string, any>[]).map((d) =>
              d.type === 'routingNumber' ? { ...d, value: first.routingNumber } : d,
            ),
          })),
        };
      }),
    }),
  ]),
];
