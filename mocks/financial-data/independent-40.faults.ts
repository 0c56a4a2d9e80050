// Faults written blind (brief blind40, helper w40c): from the seed and the provider's 1.35.0 document only, the suite's checks unread.
// Each names the rule id(s) of schemas/financial-data/rules*.yaml it breaks and bends one family of seams (its `family`), or the
// contract (`relax`).
import { assumption, blind, provider, schema, type FaultMemory } from '../kit/faults.js';
import { faultKit } from './fault-builders.js';
import type { FrontSeams } from './middleware.records.js';
import type { AuthSeams } from './auth.records.js';
import type { CustomerSeams } from './customers.records.js';
import type { ConsumerSeams } from './consumers.records.js';
import type { BusinessSeams } from './businesses.records.js';
import { viewer, type AccountSeams } from './accounts.records.js';
import type { TransactionSeams } from './transactions.records.js';
import type { PaymentsDataSeams } from './payments-data.records.js';
import type { PsiSeams } from './psi.records.js';
import type { StatementSeams } from './statements.records.js';
import type { MicroEntrySeams } from './micro-entries.records.js';
import type { SwitchSeams } from './switches.records.js';
import type { InstitutionSeams } from './institutions.records.js';
import type { WebhookSeams } from './webhooks.records.js';
import type { AppSeams } from './app-registration.records.js';
import type { ComponentsSeams } from './connect-components.records.js';
import { coded, type AccessSeams } from './third-party-access.records.js';
import type { RetrievalSeams } from './reports/retrieval.records.js';
import type { BillingSeams } from './reports/billing.records.js';
import type { Account } from './state.js';

const front = faultKit<FrontSeams>();
const auth = faultKit<AuthSeams>();
const customers = faultKit<CustomerSeams>();
const consumers = faultKit<ConsumerSeams>();
const businesses = faultKit<BusinessSeams>();
const accounts = faultKit<AccountSeams>();
const transactions = faultKit<TransactionSeams>();
const payments = faultKit<PaymentsDataSeams>();
const psi = faultKit<PsiSeams>();
const statements = faultKit<StatementSeams>();
const micro = faultKit<MicroEntrySeams>();
const switches = faultKit<SwitchSeams>();
const institutions = faultKit<InstitutionSeams>();
const webhooks = faultKit<WebhookSeams>();
const apps = faultKit<AppSeams>();
const components = faultKit<ComponentsSeams>();
const access = faultKit<AccessSeams>();
const retrieval = faultKit<RetrievalSeams>();
const billing = faultKit<BillingSeams>();

/** A quarter of an hour, the slack a token's expiry is read with by the fault that keeps it alive past its lifetime. */
const TOKEN_SLACK_MS = 15 * 60 * 1000;
/** The page size other readers default to, taken by the billing fault for its own. */
const OTHER_READERS_PAGE = 25;

export const INDEPENDENT_40_FAULTS = [
  // --- Authentication (seed 002, Authentication; Limits)
  front.fault('i40-fd-token-lifetime-slack-quarter-hour', {
    rule: 'FD-TOKEN-LIFETIME: a token past its documented lifetime is still accepted for a further quarter of an hour (expiry read with slack).',
    family: 'front',
    judge: front.skip('expiry', (x) => x.issued !== undefined && x.nowMs - x.issued.issuedMs < x.lifetimeMs + TOKEN_SLACK_MS),
    ...blind,
  }),
  auth.fault('i40-fd-secret-immediate-default-false', {
    rule: 'FD-SECRET-CHANGE: a secret change that leaves out immediate is read as immediate false, so the old secret keeps a grace period (provider PartnerCredentialsWithNewSecret.immediate: default true).',
    family: 'auth',
    judge: auth.fold(
      'partner',
      (x) => x.op === 'ModifyPartnerSecret' && x.input.body.immediate === undefined,
      (x) => {
        x.input.body.immediate = false;
      },
    ),
    ...provider,
    ...blind,
  }),

  // --- Customers and consumers (seed 002, Customers; Consumers; Resources)
  customers.fault('i40-fd-customers-found-counts-page', {
    rule: 'FD-PAGE-COUNTS: GetCustomers answers found as the size of the page shown, not the number of customers the query matches.',
    family: 'customers',
    answer: customers.answered('GetCustomers', (body) => ({ ...body, found: body.displaying })),
    ...blind,
  }),
  consumers.fault('i40-fd-consumer-for-deleted-customer-served', {
    rule: "FD-CUST-DELETE-LINKED: after DeleteCustomer, GetConsumerForCustomer through the deleted customer's id still answers its consumer instead of 404.",
    family: 'consumers',
    judge: consumers.skipOn('GetConsumerForCustomer', 'customer', (x) => x.world.consumerOf.has(x.input.path.customerId)),
    ...blind,
  }),
  businesses.fault('i40-fd-business-by-id-not-an-array', {
    rule: 'FD-BUS-READ: GetBusinessById answers the business record itself instead of an array holding it (provider GetBusinessById response).',
    family: 'businesses',
    answer: businesses.answered('GetBusinessById', (body) => (Array.isArray(body) ? body[0] : body)),
    ...provider,
    ...blind,
  }),

  // --- Accounts (seed 002, Accounts)
  accounts.fault('i40-fd-accounts-delete-again-204', {
    rule: 'FD-ACCT-DELETE-AGAIN: a second DeleteCustomerAccount of an account already deleted answers 204 again instead of 404 (a delete read as idempotent).',
    family: 'accounts',
    state: accounts.changed('delete', (c, _x, m) => {
      const gone: Map<string, Account> = (m.gone ??= new Map());
      for (const a of c.gone) gone.set(a.id, a);
    }),
    judge: (x, step, r, m: FaultMemory) => {
      if (step !== 'account' || !r || x.op !== 'DeleteCustomerAccount') return r;
      const before = (m.gone as Map<string, Account> | undefined)?.get(x.input.path.accountId);
      if (!before || before.customerId !== x.input.path.customerId) return r;
      x.account = before;
      return undefined;
    },
    ...blind,
  }),
  accounts.fault('i40-fd-accounts-refresh-v2-200-with-accounts', {
    rule: 'FD-ACCT-REFRESH-V2: RefreshCustomerAccountsV2 answers 200 with the refreshed accounts, as v1 does, instead of 204 without a body.',
    family: 'accounts',
    answer: (x, a) =>
      x.op === 'RefreshCustomerAccountsV2' && a.status === 204
        ? { status: 200, body: { accounts: (x.list ?? []).map((acc) => viewer(x.world, acc.customerId).full(acc)) }, shown: x.list ?? [] }
        : a,
    ...blind,
  }),

  // --- Transactions (seed 002, Transactions)
  transactions.fault('i40-fd-txn-include-pending-default-true', {
    rule: 'FD-TXN-PENDING: GetCustomerAccountTransactions without includePending lists pending transactions too (provider IncludePending: default false).',
    family: 'transactions',
    judge: transactions.foldOn('GetCustomerAccountTransactions', 'pending', (x) => {
      if (x.input.query.includePending === undefined) x.pending = true;
    }),
    ...provider,
    ...blind,
  }),
  transactions.fault('i40-fd-txn-recurring-unknown-account-ignored', {
    rule: "FD-TXN-RECURRING-UNKNOWN-ACCOUNT: GetRecurringTransactions drops an accountIds entry that is not one of the customer's accounts and answers 200 for the others instead of 404 (provider GetRecurringTransactions 404).",
    family: 'transactions',
    judge: transactions.skipOn('GetRecurringTransactions', 'accounts'),
    ...provider,
    ...blind,
  }),

  // --- Payments data and PSI (seed 002, Payments data; Payment success indicators)
  payments.fault('i40-fd-pay-ach-certificate-of-deposit-refused', {
    rule: 'FD-PAY-ACH-TYPES: ACH details v1 refuse a certificateOfDeposit account as an unsupported type (400), though the seed lists it among the supported ones.',
    family: 'payments-data',
    judge: payments.refuse('type', (x) => x.op === 'GetAccountACHDetails' && x.account?.type === 'cd', {
      status: 400,
      message: 'Bad request. (Account type not supported).',
    }),
    ...blind,
  }),
  payments.fault('i40-fd-pay-owner-v3-insights-by-default', {
    rule: 'FD-PAY-INSIGHTS: owner details v3 without withInsights return identityInsights, as if the parameter were true (provider WithInsightsParameter: only when true).',
    family: 'payments-data',
    judge: payments.foldOn('GetAccountOwnerDetails', 'account', (x) => {
      if (x.input.query.withInsights === undefined) x.input.query.withInsights = true;
    }),
    ...provider,
    ...blind,
  }),
  psi.fault('i40-fd-psi-reasons-without-include-reasons', {
    rule: 'FD-PSI-REASONS: a PSI read without include_reasons carries the reason codes (provider IncludeReasonsParameter: reasons omitted unless true).',
    family: 'psi',
    state: (x, c) => (c.kind === 'reasons' && x.input.query.include_reasons === undefined ? { ...c, include: true } : c),
    ...provider,
    ...blind,
  }),

  // --- Statements (seed 002, Statements, pay statements, assets)
  statements.fault('i40-fd-stmt-pdf-labelled-json', {
    rule: 'FD-STMT-PDF: the v1 statement PDF is sent with Content-Type application/json instead of a PDF media type (seed: 200 PDF; provider response application/pdf).',
    family: 'statements',
    answer: (x, a) => (x.op === 'GetCustomerAccountStatement' && a.status === 200 ? { ...a, type: 'application/json' } : a),
    ...blind,
  }),

  // --- Micro entries and switches (seed 002, Micro entries and switches)
  micro.fault('i40-fd-micro-initiate-again-while-pending', {
    rule: 'FD-MICRO-CONFLICT: a second initiation for the same receiving account while its entries are still pending is accepted (200) instead of the 409 the seed lists for micro entries.',
    family: 'micro-entries',
    judge: micro.skip('conflict'),
    ...assumption,
    ...blind,
  }),
  switches.fault('i40-fd-switch-bill-pay-id-as-deposit', {
    rule: 'FD-SW-OTHER-KIND: getDepositSwitchDetails answers a bill pay switch of the customer named by its id (200) instead of 404: the kind is not checked.',
    family: 'switches',
    judge: (x, step, r) => {
      if (step !== 'switch' || !r || x.op !== 'getDepositSwitchDetails') return r;
      const any = x.pool?.find((s) => s.id === x.input.path.switch_id);
      if (!any) return r;
      x.switch = any;
      return undefined;
    },
    ...blind,
  }),
  switches.fault('i40-fd-switch-external-id-echo-lowercased', {
    rule: 'FD-SW-EXTERNAL: getAllExternalDepositSwitches echoes the external id of the path lower-cased instead of as sent.',
    family: 'switches',
    answer: switches.answered('getAllExternalDepositSwitches', (body) => ({ ...body, externalId: String(body.externalId).toLowerCase() })),
    ...blind,
  }),

  // --- Institutions (seed 002, Institutions)
  institutions.fault('i40-fd-inst-search-nothing-404', {
    rule: 'FD-INST-EMPTY: GetInstitutions with a search matching nothing answers 404 instead of an empty list with 200.',
    family: 'institutions',
    judge: institutions.refuse('list', (x) => x.op === 'GetInstitutions' && x.search !== undefined && x.list?.length === 0, {
      status: 404,
      message: 'No institutions found',
    }),
    ...blind,
  }),
  institutions.fault('i40-fd-inst-certified-types-any-of', {
    rule: 'FD-INST-PRODUCT-TYPE: GetCertifiedInstitutions given several product types lists institutions certified for any one of them instead of for all (provider ProductTypesParameter).',
    family: 'institutions',
    judge: institutions.foldOn('GetCertifiedInstitutions', 'type', (x) => {
      const types = x.types ?? [];
      if (types.length > 1) x.keep!.type = (i) => types.some((t) => i.products[t] === true);
    }),
    ...provider,
    ...blind,
  }),

  // --- Webhooks (seed 002, Webhook subscriptions)
  webhooks.fault('i40-fd-webhook-delete-again-204', {
    rule: 'FD-WEBHOOK-DELETE: a second deleteWebhookSubscription of a subscription already deleted answers 204 again instead of 404.',
    family: 'webhooks',
    judge: (x, step, r) => {
      const named = x.named;
      if (step !== 'subscription' || !r || x.op !== 'deleteWebhookSubscription' || !named?.deleted) return r;
      if (named.partnerId !== x.input.partner?.id) return r;
      x.sub = named;
      return undefined;
    },
    ...blind,
  }),
  webhooks.fault('i40-fd-webhook-list-total-of-page', {
    rule: 'FD-WEBHOOK-PAGE-OFFSET: listWebhookSubscriptions gives as total the subscriptions of the page, not of the whole set (provider Subscriptions.total).',
    family: 'webhooks',
    answer: webhooks.answered('listWebhookSubscriptions', (body) => ({ ...body, total: body.count })),
    ...provider,
    ...blind,
  }),

  // --- App registration and third-party access (seed 002, App registration and third-party access)
  apps.fault('i40-fd-app-modify-keeps-approval', {
    rule: 'FD-APP-MODIFY-PENDING: modifying an approved registration keeps it approved (A) instead of putting it back to pending review (provider AppRegistrationStatus).',
    family: 'app-registration',
    state: apps.changed('modify', (c) => ({ ...c, pending: false })),
    ...provider,
    ...blind,
  }),
  apps.fault('i40-fd-app-institutions-first-only', {
    rule: 'FD-APP-INSTITUTIONS: getRegisteredInstitutions without institution_id returns only the first institution of the application instead of the status of all of them.',
    family: 'app-registration',
    judge: apps.foldOn('getRegisteredInstitutions', 'institution', (x) => {
      if (x.input.query.institution_id === undefined && x.rows) x.rows = x.rows.slice(0, 1);
    }),
    ...blind,
  }),
  access.fault('i40-fd-authdetails-migrated-still-legacy', {
    rule: 'FD-AUTHDETAILS-LEGACY: a legacy login once migrated to its OAuth connection still answers the legacy error code on the authorization details instead of 200 (seed: only OAuth connections are supported, and migration moves the accounts onto the OAuth connection).',
    family: 'third-party-access',
    judge: access.refuse('legacy', (x) => x.login?.legacy === true, coded(404, '3003', 'Institution Login Id is not found')),
    ...blind,
  }),

  // --- Connect components (seed 002, Connect components)
  components.fault('i40-fd-components-aorequired-default-true', {
    rule: 'FD-COMPONENTS-CONFIG-CREATE: a configuration created without aoRequired stores and reads back aoRequired true (provider AoRequired: default false).',
    family: 'connect-components',
    state: (x, c) =>
      c.kind === 'create' && x.input.body?.aoRequired === undefined ? { ...c, configuration: { ...c.configuration, aoRequired: true } } : c,
    ...provider,
    ...blind,
  }),
  components.fault('i40-fd-components-reconnect-login-404', {
    rule: "FD-COMPONENTS-RECONNECT-LOGIN: a reconnection naming an institution login that is not the customer's answers 404, a status the seed does not list for it, instead of 400.",
    family: 'connect-components',
    judge: (x, step, r) => (step === 'login' && r && x.op === 'post-reconnections' ? { ...r, status: 404 } : r),
    ...blind,
  }),

  // --- Reports (seed 002, Report retrieval)
  retrieval.fault('i40-fd-report-by-customer-pdf-ignored', {
    rule: 'FD-REPORT-READ-FORMAT: GetReportByCustomer answers JSON to an Accept of application/pdf (the Accept header is not read on that reader).',
    family: 'retrieval',
    judge: retrieval.foldOn('GetReportByCustomer', 'format', (x) => {
      x.pdf = false;
    }),
    ...blind,
  }),
  billing.fault('i40-fd-billing-default-size-25', {
    rule: 'FD-BILLING-DEFAULT-SIZE: the reseller billing page without size holds the page size other readers default to, not the documented default of its own.',
    family: 'billing',
    judge: billing.fold(
      'size',
      (x) => x.input.query.size === undefined,
      (x) => {
        x.size = OTHER_READERS_PAGE;
      },
    ),
    ...blind,
  }),

  // --- Validation faults: the contract loosened or tightened
  front.fault('i40-fd-connect-language-french-refused', {
    rule: 'FD-CONNECT-LANGUAGE: the Connect language fr (French, Canada), which the seed and the provider name, is refused as outside the enum.',
    relax: schema('ConnectLanguage', { remove: { enum: ['fr'] } }),
    ...blind,
  }),
  front.fault('i40-fd-enrich-description-at-bound-refused', {
    rule: "FD-ENRICH-FIELD-LIMITS: a transaction description exactly at the schema's maxLength is refused: the bound read as exclusive (provider TransactionPayload.description).",
    relax: schema('EnrichmentTransactionFields.description', { shift: { maxLength: -1 } }),
    ...provider,
    ...blind,
  }),
];
