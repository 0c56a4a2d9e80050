// Independent faults of the financial data mock (measure 39), written blind: from seed 002, the provider's document 1.35.0, the
// contract and the behaviour modules only, the suite's checks unread. Each bends one resource's seams (its `family`) or loosens the
// contract (`relax`), and names the rule ids of schemas/financial-data/rules*.yaml it breaks.
import { blind, faultWriter, provider, type Fault, type FaultSeams, type SeamTypes, schema } from '../kit/faults.js';
import type { AccountSeams } from './accounts.records.js';
import type { AppSeams } from './app-registration.records.js';
import type { AuthSeams } from './auth.records.js';
import type { BusinessSeams } from './businesses.records.js';
import type { ComponentsSeams } from './connect-components.records.js';
import { ssnDigits, type ConsumerSeams } from './consumers.records.js';
import type { CustomerSeams } from './customers.records.js';
import type { InstitutionSeams } from './institutions.records.js';
import type { MicroEntrySeams } from './micro-entries.records.js';
import type { PaymentsDataSeams } from './payments-data.records.js';
import { DAY_S, epochOf, isoDate, type PsiSeams } from './psi.records.js';
import type { AssetSeams } from './reports/assets.records.js';
import { windowRefusal, type BillingSeams } from './reports/billing.records.js';
import type { RetrievalSeams } from './reports/retrieval.records.js';
import type { StoreSeams } from './reports/store.records.js';
import type { StatementSeams } from './statements.records.js';
import type { SwitchSeams } from './switches.records.js';
import { coded, type AccessSeams } from './third-party-access.records.js';
import type { TransactionSeams } from './transactions.records.js';
import type { TxPushSeams } from './txpush.records.js';
import { errorBody, type WebhookSeams } from './webhooks.records.js';

/** The seams of one resource, typed as its module calls them. */
const at = <T extends FaultSeams<any>>(seams: T) => seams;
const fault = faultWriter<SeamTypes>('FD');

/** The same instant one calendar month later (UTC; the day clamped to the month's last), as a release counting "a month" would. */
const oneMonthAfter = (s: number) => {
  const d = new Date(s * 1000);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 2, 0)).getUTCDate();
  return (
    Date.UTC(
      d.getUTCFullYear(),
      d.getUTCMonth() + 1,
      Math.min(d.getUTCDate(), last),
      d.getUTCHours(),
      d.getUTCMinutes(),
      d.getUTCSeconds(),
    ) / 1000
  );
};

export const INDEPENDENT_39_FAULTS = [
  // --- Authentication
  fault('i39-fd-lock-fifth-failure-counted-as-fourth', {
    rule: 'FD-LOCK-FIVE: the partner is locked once its fourth failed authentication is counted, one failure before the five the seed allows.',
    family: 'auth',
    ...at<FaultSeams<AuthSeams>>({
      judge: (x, step, r) => {
        if (step === 'partner') x.lockAt = x.lockAt - 1;
        return r;
      },
    }),
    ...blind,
  }),
  fault('i39-fd-secret-eleven-characters-accepted', {
    rule: "FD-SECRET-LENGTH: a new partner secret one character below the seed's minimum length is accepted.",
    relax: schema('NewPartnerSecret', { shift: { minLength: -1 } }),
    ...blind,
  }),

  // --- Customers and consumers
  fault('i39-fd-customer-modify-blanks-other-name', {
    rule: 'FD-CUST-MODIFY, FD-MODIFY-LEAVES-OTHERS: a modification sending one name stores the other one empty, where the seed keeps it.',
    family: 'customers',
    ...at<FaultSeams<CustomerSeams>>({
      state: (_x, c) => (c.op === 'modify' ? { ...c, firstName: c.firstName ?? '', lastName: c.lastName ?? '' } : c),
    }),
    ...blind,
  }),
  fault('i39-fd-consumer-modify-refused-after-customer-delete', {
    rule: 'FD-PROP-SURVIVOR, FD-CONS-OUTLIVES: once its customer is deleted, the consumer still reads by its id but ModifyConsumer answers 404, though the consumer persists.',
    family: 'consumers',
    ...at<FaultSeams<ConsumerSeams>>({
      judge: (x, step, r) =>
        r ??
        (step === 'consumer' && x.op === 'ModifyConsumer' && x.consumer && !x.world.customers.has(x.consumer.customerId)
          ? { status: 404, message: 'Customer not found' }
          : undefined),
    }),
    ...blind,
  }),
  fault('i39-fd-consumer-by-customer-ssn-whole', {
    rule: "FD-CONS-SSN-LAST-FOUR, FD-OBJ-SENSITIVE: GetConsumerForCustomer shows the whole SSN sent, where the provider's Consumer.ssn is its last four digits only.",
    ...provider,
    family: 'consumers',
    ...at<FaultSeams<ConsumerSeams>>({
      answer: (x, a) =>
        x.op === 'GetConsumerForCustomer' && a.status === 200 && x.consumer ? { ...a, body: { ...a.body, ssn: ssnDigits(x.consumer) } } : a,
    }),
    ...blind,
  }),

  // --- Businesses
  fault('i39-fd-business-update-modified-date-zoned', {
    rule: "FD-DATE-WRITE-TIME, FD-RESP-FORMS: UpdateBusiness stores modifiedDate with a Z zone, where the provider's NoZoneDateTime names none.",
    ...provider,
    family: 'businesses',
    ...at<FaultSeams<BusinessSeams>>({
      state: (x, c) => (x.op === 'UpdateBusiness' ? { ...c, modifiedDate: `${c.modifiedDate}Z` } : c),
    }),
    ...blind,
  }),

  // --- Institutions
  fault('i39-fd-certified-product-types-any-of', {
    rule: 'FD-FILTER-COMBINATION, FD-INST-PRODUCT-TYPE: GetCertifiedInstitutions with several product types lists institutions certified for any of them, not for all.',
    ...provider,
    family: 'institutions',
    ...at<FaultSeams<InstitutionSeams>>({
      judge: (x, step, r) => {
        if (step === 'type' && x.op === 'GetCertifiedInstitutions' && x.types && x.types.length > 1 && x.keep) {
          const types = x.types;
          x.keep.type = (i) => types.some((t) => i.products[t] === true);
        }
        return r;
      },
    }),
    ...blind,
  }),
  fault('i39-fd-routing-number-ten-digits-accepted', {
    rule: 'FD-ROUTING-LENGTH: a routing number one digit too long is looked up (404) instead of the 400 the seed gives for a wrong length.',
    relax: schema('RoutingNumber', { set: { pattern: '^[0-9]{9,10}$' } }),
    ...blind,
  }),

  // --- Accounts and transactions
  fault('i39-fd-refresh-v2-attempt-date-kept', {
    rule: 'FD-ACCT-REFRESH-DATE: RefreshCustomerAccountsV2 answers 204 but leaves aggregationAttemptDate unchanged, where completion shows as an updated attempt date.',
    family: 'accounts',
    ...at<FaultSeams<AccountSeams>>({
      state: (x, c) => (c.op === 'refresh' && x.op === 'RefreshCustomerAccountsV2' ? { ...c, attempt: false } : c),
    }),
    ...blind,
  }),
  fault('i39-fd-historic-load-mfa-still-loads', {
    rule: "FD-TXN-HISTORIC-MFA: the historic load answering 203 (multi-factor challenge) still loads the account's older transactions, though the request was unsuccessful.",
    ...provider,
    family: 'transactions',
    ...at<FaultSeams<TransactionSeams>>({
      state: (_x, c) => (c.op === 'load' && c.status === 203 ? { ...c, loaded: [c.account] } : c),
    }),
    ...blind,
  }),
  fault('i39-fd-account-transactions-window-by-posted-date', {
    rule: 'FD-TXN-WINDOW: the account transaction list compares fromDate and toDate with postedDate, where the seed dates a transaction by its transactionDate.',
    family: 'transactions',
    ...at<FaultSeams<TransactionSeams>>({
      judge: (x, step, r) => {
        if (step === 'window' && x.op === 'GetCustomerAccountTransactions' && x.window)
          x.window = { ...x.window, key: (t) => t.postedDate };
        return r;
      },
    }),
    ...blind,
  }),

  // --- Payments data
  fault('i39-fd-balance-cache-interval-in-seconds', {
    rule: 'FD-PAY-BALANCE-CACHE: GetAvailableBalanceLive reads balance_cache_interval as seconds, where the provider counts it in minutes, so a cached balance is refreshed too soon.',
    ...provider,
    family: 'payments-data',
    ...at<FaultSeams<PaymentsDataSeams>>({
      state: (_x, c) => (c.reader === 'live' ? { ...c, refresh: c.interval === 0 || c.ageS > c.interval } : c),
    }),
    ...blind,
  }),
  fault('i39-fd-realtime-transfer-flags-swapped', {
    rule: "FD-PAY-REALTIME-FLAGS: the v3 details give transferInEnabled the account's ability to send and transferOutEnabled its ability to receive.",
    family: 'payments-data',
    ...at<FaultSeams<PaymentsDataSeams>>({
      answer: (x, a) =>
        x.op === 'GetAccountPaymentInstructionDetails' && a.status === 200
          ? {
              ...a,
              body: {
                ...a.body,
                paymentInstruction: a.body.paymentInstruction.map((p: Record<string, unknown>) =>
                  'transferInEnabled' in p ? { ...p, transferInEnabled: p.transferOutEnabled, transferOutEnabled: p.transferInEnabled } : p,
                ),
              },
            }
          : a,
    }),
    ...blind,
  }),

  // --- Payment success indicators
  fault('i39-fd-psi-run-read-through-sibling-account', {
    rule: 'FD-PSI-OWNER, FD-OBJ-OTHER-PARENT: a pay request reads back (200) through another account of the same customer, where it belongs to the account it was run on.',
    family: 'psi',
    ...at<FaultSeams<PsiSeams>>({
      judge: (x, step, r) =>
        step === 'owner' && r && x.op === 'GetPaymentSuccessIndicators' && x.run?.customerId === x.account?.customerId ? undefined : r,
    }),
    ...blind,
  }),
  fault('i39-fd-psi-legacy-days-skip-29-february', {
    rule: 'FD-PSI-DAYS: the legacy indicator steps its potential settlement dates over a 365-day calendar, skipping 29 February, where the days are consecutive calendar days.',
    ...provider,
    family: 'psi',
    ...at<FaultSeams<PsiSeams>>({
      state: (x, c) => {
        if (c.kind !== 'days' || x.op !== 'GetPaymentSuccessIndicator') return c;
        const dates: string[] = [];
        for (let s = epochOf(x.today); dates.length < c.dates.length; s += DAY_S)
          if (!isoDate(s).endsWith('-02-29')) dates.push(isoDate(s));
        return { ...c, dates };
      },
    }),
    ...blind,
  }),

  // --- Statements
  fault('i39-fd-statement-index-past-a-year-wraps', {
    rule: 'FD-PROP-INDEX-ORDER, FD-STMT-INDEX-RANGE: GetCustomerAccountStatement counts its index within one year, so index 13 gives the most recent statement again instead of an older one.',
    ...provider,
    family: 'statements',
    ...at<FaultSeams<StatementSeams>>({
      judge: (x, step, r) => {
        if (step === 'read' && x.read !== undefined) x.read = ((x.read - 1) % 12) + 1;
        return r;
      },
    }),
    ...blind,
  }),
  fault('i39-fd-statement-details-index-by-position', {
    rule: 'FD-STMT-INDEX-ORDER: GetCustomerAccountMultipleStatement numbers its details by their position in the answer, not by the index each was asked for.',
    ...provider,
    family: 'statements',
    ...at<FaultSeams<StatementSeams>>({
      answer: (x, a) =>
        x.op === 'GetCustomerAccountMultipleStatement' && a.status === 200
          ? { ...a, body: { statements: a.body.statements.map((s: object, i: number) => ({ ...s, index: String(i + 1) })) } }
          : a,
    }),
    ...blind,
  }),

  // --- Micro entries
  fault('i39-fd-micro-routing-ten-digits-accepted', {
    rule: 'FD-MICRO-ROUTING-LENGTH: an initiation whose receiver routing number is one digit too long is accepted, where the seed refuses a wrong routing number length with 400.',
    relax: schema('MicroEntryRoutingNumber', { set: { pattern: '^[0-9]{9,10}$' } }),
    ...blind,
  }),
  fault('i39-fd-micro-verify-one-cent-off-accepted', {
    rule: 'FD-MICRO-VERIFY-WRONG: a verification with an amount one cent off the deposited one verifies the entries, where the customer must give the two amounts deposited.',
    family: 'micro-entries',
    ...at<FaultSeams<MicroEntrySeams>>({
      judge: (x, step, r) => {
        if (step === 'amounts' && x.sent && x.entry && !x.match) {
          const [a, b] = x.entry.cents;
          const near = (p: number, q: number) => Math.abs(p - q) <= 1;
          const [s, t] = x.sent;
          x.match = (near(s, a) && near(t, b)) || (near(s, b) && near(t, a));
        }
        return r;
      },
    }),
    ...blind,
  }),
  fault('i39-fd-micro-details-last-five-digits', {
    rule: 'FD-MICRO-MASKING: the micro-deposit details give accountNumberLast4 as the last five digits of the account number sent.',
    ...provider,
    family: 'micro-entries',
    ...at<FaultSeams<MicroEntrySeams>>({
      answer: (x, a) =>
        x.op === 'GetMicroDepositsDetails' && a.status === 200 && x.entry
          ? { ...a, body: { ...a.body, accountNumberLast4: x.entry.accountNumber.slice(-5) } }
          : a,
    }),
    ...blind,
  }),

  // --- Switches
  fault('i39-fd-external-switches-prefix-match', {
    rule: 'FD-SW-EXTERNAL, FD-FILTER-RULE: getAllExternalDepositSwitches lists the deposit switches whose external id starts with the one in the path, not only those carrying it whole.',
    family: 'switches',
    ...at<FaultSeams<SwitchSeams>>({
      judge: (x, step, r) => {
        if (step !== 'found' || x.op !== 'getAllExternalDepositSwitches' || !x.pool) return r;
        const id = x.input.path.external_id;
        x.found = x.pool.filter((s) => s.kind === 'deposit' && s.externalId !== undefined && s.externalId.startsWith(id));
        return x.found.length ? undefined : r;
      },
    }),
    ...blind,
  }),

  // --- TxPush
  fault('i39-fd-txpush-delete-one-removes-sibling', {
    rule: "FD-TXPUSH-DELETE-ONE: deleting one TxPush subscription also deletes the other record of the same account, where only that subscription's events stop.",
    family: 'txpush',
    ...at<FaultSeams<TxPushSeams>>({
      state: (x, c) =>
        c.op === 'delete' && c.removed[0]
          ? { ...c, removed: [...x.world.txpush.subscriptions.group('account', c.removed[0].accountId).values()] }
          : c,
    }),
    ...blind,
  }),
  fault('i39-fd-txpush-test-transaction-date-from-posted', {
    rule: 'FD-TXN-INJECTED-ECHO, FD-TXPUSH-TEST-TRANSACTION: the injected test transaction is stored and announced with the postedDate sent as its transactionDate.',
    ...provider,
    family: 'txpush',
    ...at<FaultSeams<TxPushSeams>>({
      state: (_x, c) => {
        if (c.op !== 'test') return c;
        const transaction = { ...c.transaction, transactionDate: c.transaction.postedDate };
        return { ...c, transaction, stored: c.stored && transaction };
      },
    }),
    ...blind,
  }),

  // --- Webhook subscriptions
  fault('i39-fd-webhook-activation-leaves-events-inactive', {
    rule: 'FD-WEBHOOK-SUB-STATUS, FD-PROP-CASCADE: a subscription set active keeps each event in its former status, where the status change moves all its events to the requested state.',
    family: 'webhooks',
    ...at<FaultSeams<WebhookSeams>>({
      state: (x, c) => (c.op === 'sub-status' && c.status === 'active' && x.sub ? { ...c, events: x.sub.events.map((e) => e.status) } : c),
    }),
    ...blind,
  }),
  fault('i39-fd-webhook-event-delete-404-bad-request-code', {
    rule: 'FD-WEBHOOK-ERROR-SHAPE: deleting an event the subscription does not hold answers 404 with the bad-request ReasonCode 1502, where the provider gives 1501 for resource not found.',
    ...provider,
    family: 'webhooks',
    ...at<FaultSeams<WebhookSeams>>({
      answer: (x, a) => {
        const error = a.body?.Errors?.Error?.[0];
        if (x.op !== 'deleteWebhookSubscriptionEvent' || a.status !== 404 || !x.sub || !error) return a;
        const body = errorBody(400, error.Description);
        return { ...a, body };
      },
    }),
    ...blind,
  }),
  fault('i39-fd-webhook-event-test-ignores-override', {
    rule: "FD-WEBHOOK-URL-OVERRIDE, FD-DELIVERY-URL: the event test delivery goes to the subscription's URL though the event overrides it with its own.",
    family: 'webhooks',
    ...at<FaultSeams<WebhookSeams>>({
      delivery: (x, d) => (x.op === 'testWebhookSubscriptionBasedOnEventId' && x.sub?.url ? { ...d, to: [x.sub.url] } : d),
    }),
    ...blind,
  }),

  // --- Reports
  fault('i39-fd-report-callback-sent-in-progress', {
    rule: 'FD-REPORT-CALLBACK: a report generated with a callback URL calls it at once while inProgress, as well as on completion, where the callback reports completion.',
    family: 'store',
    ...at<FaultSeams<StoreSeams>>({
      delivery: (_x, d) => (d.silent === 'in progress' ? { ...d, silent: undefined } : d),
    }),
    ...blind,
  }),
  fault('i39-fd-transactions-report-window-730-days', {
    rule: 'FD-TXREPORT-WINDOW: the transactions report counts its window in days (two years of 365), refusing a window of the documented calendar months that spans 29 February.',
    family: 'assets',
    ...at<FaultSeams<AssetSeams>>({
      judge: (x, step, r) => {
        if (step !== 'window' || x.kind !== 'transactions' || x.from === undefined || x.to === undefined) return r;
        return x.to - x.from > 730 * DAY_S
          ? { status: 400, message: `There cannot be more than ${x.limits.txreportMonths} months between fromDate and toDate` }
          : undefined;
      },
    }),
    ...blind,
  }),
  fault('i39-fd-consumer-portfolio-keeps-first-of-type', {
    rule: 'FD-PORTFOLIO-LATEST, FD-DERIVED-VIEW: the portfolio read through the consumer keeps the first report of each type, where it holds the most recent one.',
    family: 'retrieval',
    ...at<FaultSeams<RetrievalSeams>>({
      judge: (x, step, r) => {
        if (step === 'portfolio' && x.op === 'GetPortfolioByConsumer' && x.portfolio)
          x.portfolio = { ...x.portfolio, replaces: () => false };
        return r;
      },
    }),
    ...blind,
  }),
  fault('i39-fd-report-by-customer-wildcard-accept-pdf', {
    rule: 'FD-REPORT-READ-FORMAT, FD-PROP-ACCEPT: GetReportByCustomer answers the PDF to an Accept of */* naming neither JSON nor PDF, where JSON is returned then.',
    family: 'retrieval',
    ...at<FaultSeams<RetrievalSeams>>({
      judge: (x, step, r) => {
        if (step === 'format' && x.op === 'GetReportByCustomer' && x.ranges && !x.ranges.includes('application/json'))
          x.pdf = x.pdf || x.ranges.some((range) => range === '*/*' || range === 'application/*');
        return r;
      },
    }),
    ...blind,
  }),
  fault('i39-fd-billing-window-one-calendar-month', {
    rule: 'FD-BILLING-WINDOW: the reseller billing refuses a window longer than one calendar month, so the documented number of days from 1 February is a 400.',
    family: 'billing',
    ...at<FaultSeams<BillingSeams>>({
      judge: (x, step, r) => (step === 'window' ? (x.end > oneMonthAfter(x.start) ? windowRefusal(x.maxDays) : undefined) : r),
    }),
    ...blind,
  }),

  // --- App registration and third-party access
  fault('i39-fd-registered-institutions-filter-ignored', {
    rule: "FD-APP-INSTITUTIONS: getRegisteredInstitutions with an institution id answers every institution registration of the application, not only that institution's.",
    family: 'app-registration',
    ...at<FaultSeams<AppSeams>>({
      judge: (x, step, r) => {
        if (step === 'institution' && !r && x.all) x.rows = x.all;
        return r;
      },
    }),
    ...blind,
  }),
  fault('i39-fd-app-modify-drops-application-id', {
    rule: 'FD-APP-MODIFY-PENDING: modifying an approved registration drops its applicationId, which the provider keeps for the lifespan of the application.',
    ...provider,
    family: 'app-registration',
    ...at<FaultSeams<AppSeams>>({
      state: (_x, c) => (c.op === 'modify' ? { ...c, applicationId: undefined } : c),
    }),
    ...blind,
  }),
  fault('i39-fd-access-key-update-after-revoke', {
    rule: 'FD-ACCESSKEY-REVOKED: a revoked third-party access key is still updated (200), where revocation leaves it unusable (404).',
    family: 'third-party-access',
    ...at<FaultSeams<AccessSeams>>({
      judge: (x, step, r) => {
        if (step !== 'key' || !r || x.op !== 'UpdateThirdPartyAccessKey') return r;
        const key = x.world.accessKeys.keys.get(x.input.path.consentReceiptId);
        if (!key || !key.revoked || key.partnerId !== x.input.partner?.id) return r;
        x.key = key;
        return undefined;
      },
    }),
    ...blind,
  }),
  fault('i39-fd-authorization-legacy-code-3004', {
    rule: 'FD-AUTHDETAILS-LEGACY, FD-PROP-REFUSAL-CODE: the authorization details of a legacy connection answer 404 with code 3004 (details unavailable), where the seed gives 3003.',
    family: 'third-party-access',
    ...at<FaultSeams<AccessSeams>>({
      judge: (_x, step, r) => (step === 'legacy' && r ? coded(404, '3004', 'Institution Login Id details are not found') : r),
    }),
    ...blind,
  }),

  // --- Connect components and enrichment
  fault('i39-fd-login-form-deleted-configuration-accepted', {
    rule: 'FD-COMPONENTS-CONFIGURATION-REF: a login form naming a configuration the partner deleted is created (201), where a configurationId naming none is refused.',
    family: 'connect-components',
    ...at<FaultSeams<ComponentsSeams>>({
      judge: (x, step, r) => {
        if (step !== 'configuration' || !r || x.op !== 'post-institutions-institutionId-login-forms') return r;
        if (!x.stored?.deleted || x.stored.partnerId !== x.partnerId) return r;
        x.configuration = x.stored;
        return undefined;
      },
    }),
    ...blind,
  }),
  fault('i39-fd-enrichment-batch-1001-accepted', {
    rule: "FD-ENRICH-BATCH: an enrichment batch one transaction above the seed's maximum is accepted.",
    relax: schema('EnrichTransactionsPayload.transactions', { shift: { maxItems: 1 } }),
    ...blind,
  }),
] satisfies Fault[];
