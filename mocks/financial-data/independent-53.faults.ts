// Faults written blind (independent set 53): from seed 002 and the provider's document 1.35.0 only, the suite unread. Each names the
// statement it breaks, and is shown live against `npm run mock` (/work/w53f-live/I53.md).
import { blind, inFamily, provider, schema } from '../kit/faults.js';
import type { AuthSeams } from './auth.records.js';
import { faultKit } from './fault-builders.js';
import type { AnalyticsSeams } from './reports/analytics.records.js';
import { type AssetSeams, monthsBefore } from './reports/assets.records.js';
import type { BillingSeams } from './reports/billing.records.js';
import type { GuardSeams } from './reports/guard.records.js';
import type { RetrievalSeams } from './reports/retrieval.records.js';
import { findCustomer, linkedData } from './state.js';

const auth = faultKit<AuthSeams>();
const assets = faultKit<AssetSeams>();
const analytics = faultKit<AnalyticsSeams>();
const billing = faultKit<BillingSeams>();
const guard = faultKit<GuardSeams>();
const retrieval = faultKit<RetrievalSeams>();

const CASH_FLOW_ACKS = ['GenerateCashFlowBusinessReport', 'GenerateCashFlowPersonalReport'] as const;

export const INDEPENDENT_53_FAULTS = [
  auth.fault('i53-fd-secret-charset-dot', {
    rule: 'FD-SECRET-CHARSET: ModifyPartnerSecret accepts (204) a new secret holding a full stop, a character outside the allowed set, where seed 002 Authentication names letters, digits and the listed special characters only and Errors gives 400 when the secret rules are violated.',
    ...blind,
    relax: schema('NewPartnerSecret', { set: { pattern: '^(?=.*[A-Za-z])(?=.*[0-9])[A-Za-z0-9!@#$%&*_+.-]*$' } }),
  }),
  ...inFamily('assets', [
    assets.fault('i53-fd-voi-investment-eligible', {
      rule: 'FD-VOI-ELIGIBLE: GenerateVOIReport gates eligibility on the VOA account types, so a customer whose accounts asked are an investment account alone gets 202, where seed 002 says VOI needs checking, savings or money market and answers 400 without one.',
      ...blind,
      state: (x, c) =>
        c.kind === 'types' && c.use === 'gate' && x.kind === 'voi' && c.types ? { ...c, types: [...c.types, 'investment'] } : c,
    }),
    assets.fault('i53-fd-txreport-order-unchecked', {
      rule: 'FD-TXREPORT-ORDER: GenerateTransactionsReport with toDate before fromDate is accepted (202) and filed with the reversed window, where provider 1.35.0 wants toDate later than fromDate and refuses the request as a bad request.',
      ...blind,
      ...provider,
      judge: assets.skip('order'),
    }),
    assets.fault('i53-fd-txreport-pending-by-default', {
      rule: 'FD-TXREPORT-PENDING: a transactions report generated without includePending holds the pending transactions of the window, where provider 1.35.0 IncludePending defaults to false (pending transactions only when true).',
      ...blind,
      ...provider,
      state: (x, c) =>
        c.kind === 'options' && x.kind === 'transactions' && x.input.query.includePending === undefined && c.options.window
          ? { ...c, options: { ...c.options, window: { ...c.options.window, pending: true } } }
          : c,
    }),
    assets.fault('i53-fd-voai-default-history-two-months', {
      rule: 'FD-VOAI-HISTORY-DEFAULT: a VOAI generated without fromDate shows two calendar months of history instead of the default number of days, so over a short February (a report made at the end of March) it leaves out the oldest days of the default window, where seed 002 gives VOAI a default history of a fixed number of days (VOAI default history), changed only by fromDate.',
      ...blind,
      state: (x, c) =>
        c.kind === 'options' && x.kind === 'voaHistory' && x.input.body.fromDate === undefined && c.options.window
          ? { ...c, options: { ...c.options, window: { ...c.options.window, from: monthsBefore(c.options.window.to, 2) } } }
          : c,
    }),
    assets.fault('i53-fd-stmtreport-account-first-of-customer', {
      rule: "FD-STMTREPORT-CONTENT: GenerateStatementReport files its constraints naming the customer's first account instead of the accountId asked (the member derived from the customer, not from the body), where provider 1.35.0 StatementReportConstraints echo the statementReportData sent.",
      ...blind,
      ...provider,
      state: (x, c) => {
        if (c.kind !== 'filing' || x.kind !== 'statement' || !x.customer) return c;
        const first = linkedData(x.world, x.customer.id).accounts[0];
        const data = c.filing.constraints.statementReportData;
        return first && data
          ? {
              ...c,
              filing: {
                ...c.filing,
                constraints: { ...c.filing.constraints, statementReportData: { ...data, accountId: Number(first.id) } },
              },
            }
          : c;
      },
    }),
  ]),
  assets.fault('i53-fd-stmtreport-index-past-max', {
    rule: 'FD-STMTREPORT-INDEX: GenerateStatementReport accepts (202) a statementIndex one past its maximum, where provider 1.35.0 StatementData.statementIndex ranges from its minimum to its maximum and a value outside is a bad request.',
    ...blind,
    ...provider,
    relax: schema('StatementReportData.statementIndex', { shift: { maximum: 1 } }),
  }),
  ...inFamily('analytics', [
    analytics.fault('i53-fd-balance-analytics-credit-card-eligible', {
      rule: 'FD-ANALYTICS-ELIGIBLE: GenerateBalanceAnalyticsReport counts a credit card account as eligible (the foresight account types reused), so a customer asking for its credit card alone gets 202, where seed 002 says balance analytics needs a checking or savings account, otherwise 400.',
      ...blind,
      judge: analytics.foldOn('GenerateBalanceAnalyticsReport', 'types', (x) => {
        x.types = [...x.types, 'creditCard'];
      }),
    }),
    analytics.fault('i53-fd-foresight-savings-not-eligible', {
      rule: 'FD-FORESIGHT-ELIGIBLE: GenerateForesightAnalyticsNonCraReport leaves savings out of its eligible account types, so a customer asking for its savings account alone is a 400, where seed 002 says foresight analytics needs checking, credit card or savings.',
      ...blind,
      judge: analytics.foldOn('GenerateForesightAnalyticsNonCraReport', 'types', (x) => {
        x.types = x.types.filter((t) => t !== 'savings');
      }),
    }),
    analytics.fault('i53-fd-payhist-cra-no-consumer', {
      rule: 'FD-PAYHIST-CRA-CONSUMER: GeneratePaymentHistoryReport for a CRA purpose with a personal guarantor is accepted (202) for a customer without a consumer, the consumer requirement not applied on this operation, where seed 002 says payment history needs a consumer when the purpose is CRA (404 resource not found without one).',
      ...blind,
      judge: analytics.foldOn('GeneratePaymentHistoryReport', 'consumer', (x) => {
        x.needsConsumer = false;
      }),
    }),
    analytics.fault('i53-fd-analytics-business-details-latest-business', {
      rule: "FD-ANALYTICS-USERTYPE-ENTITY: a business balance or cash flow analytics report names in its businessDetails the partner's most recently added business (another customer's) instead of the business of the customer it is generated for, where seed 002 says the report's business is created according to the userType for that customer (one business per customer).",
      ...blind,
      state: (x, c) => {
        if (c.kind !== 'filing' || !c.filing.businessDetails) return c;
        const own = findCustomer(x.world, x.customerId, undefined);
        const latest = [...x.world.businesses.values()].filter((b) => b.partnerId === own?.partnerId).at(-1);
        return latest
          ? {
              ...c,
              filing: {
                ...c.filing,
                businessDetails: { businessId: latest.id, name: latest.fields.name, address: latest.fields.address ?? {} },
              },
            }
          : c;
      },
    }),
    analytics.fault('i53-fd-analytics-pin-repeated', {
      rule: "FD-ANALYTICS-REPORT-PIN: a second cash flow analytics report generated for the same customer acks the report pin of the customer's first one (the pin kept per customer, a repeated call treated as the first), where provider 1.35.0 gives each generated report its own reportPin.",
      ...blind,
      ...provider,
      answer: analytics.answered('GenerateCashflowAnalyticsReport', (body, x, m) => {
        const pins = (m.pins ??= {}) as Record<string, unknown>;
        if (pins[x.customerId] === undefined) {
          pins[x.customerId] = body.reportPin;
          return body;
        }
        return { ...body, reportPin: pins[x.customerId] };
      }),
    }),
    analytics.fault('i53-fd-cashflow-ack-created-date-text', {
      rule: 'FD-RESP-FORMS: the 202 ack of the cash flow reports (business and personal) gives createdDate as an ISO 8601 date-time text, where provider 1.35.0 types a report createdDate as epoch seconds, an integer.',
      ...blind,
      ...provider,
      answer: analytics.answered([...CASH_FLOW_ACKS], (body) =>
        typeof body.createdDate === 'number' ? { ...body, createdDate: new Date(body.createdDate * 1000).toISOString() } : body,
      ),
    }),
  ]),
  ...inFamily('billing', [
    billing.fault('i53-fd-billing-testing-by-default', {
      rule: "FD-BILLING-TESTING: getResellerBillingReport without viewTestingReports lists the testing customers' reports too (the default read as true), where seed 002 gives viewTestingReports default false, false meaning only active customer types.",
      ...blind,
      judge: billing.fold(
        'testing',
        (x) => x.input.query.viewTestingReports === undefined,
        (x) => {
          x.viewTesting = true;
        },
      ),
    }),
  ]),
  ...inFamily('report-guard', [
    guard.fault('i53-fd-cashflow-personal-no-consumer', {
      rule: 'FD-REPORT-CONSUMER: GenerateCashFlowPersonalReport for a customer without a consumer is accepted (202), as the business cash flow report is, where seed 002 says the personal cash flow report is provided under FCRA rules and needs a consumer (404 without one).',
      ...blind,
      judge: guard.skip('consumer', (x) => (x.url ?? '').includes('/cashFlowPersonal')),
    }),
  ]),
  ...inFamily('retrieval', [
    retrieval.fault('i53-fd-consumer-report-list-after-delete', {
      rule: "FD-REPORT-CONSUMER-OWNER: once its customer is deleted, GetReportsByConsumerId lists none of the consumer's reports (they are dropped with the customer), where seed 002 says the consumer persists as owner of generated reports after the customer is deleted.",
      ...blind,
      judge: retrieval.foldOn('GetReportsByConsumerId', 'list', (x) => {
        x.reports = (x.reports ?? []).filter((r) => findCustomer(x.world, r.customerId, undefined));
      }),
    }),
  ]),
];
