// Blind faults (independent measure 42): written from the seeds, the provider's document 1.35.0 and the contract only, the specs
// unread. Each bends one documented statement at a seam its behaviour module already calls, or loosens the contract (`relax`).
import { assumption, blind, provider, schema } from '../kit/faults.js';
import type { AccessSeams } from './third-party-access.records.js';
import type { AccountSeams } from './accounts.records.js';
import type { CustomerSeams } from './customers.records.js';
import type { EnrichmentSeams } from './enrichment.records.js';
import { faultKit } from './fault-builders.js';
import type { GuardSeams } from './reports/guard.records.js';
import type { MicroEntrySeams } from './micro-entries.records.js';
import type { PaymentsDataSeams } from './payments-data.records.js';
import type { PsiSeams } from './psi.records.js';
import type { StatementSeams } from './statements.records.js';
import type { SwitchSeams } from './switches.records.js';
import { usernameKey } from './state.js';
import type { TransactionSeams } from './transactions.records.js';
import type { TxPushSeams } from './txpush.records.js';
import type { WebhookSeams } from './webhooks.records.js';

const customers = faultKit<CustomerSeams>();
const transactions = faultKit<TransactionSeams>();
const accounts = faultKit<AccountSeams>();
const payments = faultKit<PaymentsDataSeams>();
const psi = faultKit<PsiSeams>();
const webhooks = faultKit<WebhookSeams>();
const access = faultKit<AccessSeams>();
const statements = faultKit<StatementSeams>();
const micro = faultKit<MicroEntrySeams>();
const txpush = faultKit<TxPushSeams>();
const guard = faultKit<GuardSeams>();
const switches = faultKit<SwitchSeams>();
const enrichment = faultKit<EnrichmentSeams>();
const { fault } = customers;

const CUSTOMER_FAULTS = [
  customers.fault('i42-fd-customers-username-unique-per-kind', {
    rule:
      'FD-CUST-USERNAME-UNIQUE: a username the partner already gave a customer of the other kind (testing or active) is accepted again ' +
      'instead of the 409 the seed gives to any username already used by the partner.',
    judge: customers.skipOn(['AddCustomer', 'AddTestingCustomer'], 'username', (x) => {
      const id = x.world.usernames.get(usernameKey(x.input.partner?.id ?? '', x.input.body.username));
      const held = id === undefined ? undefined : x.world.customers.get(id);
      return held !== undefined && held.type !== (x.op === 'AddCustomer' ? 'active' : 'testing');
    }),
    family: 'customers',
    ...blind,
  }),
  customers.fault('i42-fd-customers-empty-type-lists-none', {
    rule:
      'FD-CUST-TYPE-EMPTY: GetCustomers with the type parameter sent empty reads the empty text as a type and lists no customer, where ' +
      'the provider documents an empty type as listing customers of every type.',
    judge: customers.foldOn('GetCustomers', 'filters', (x) => {
      if (x.input.query.type === '' && x.filters) x.filters.type = '';
    }),
    family: 'customers',
    ...provider,
    ...blind,
  }),
  customers.fault('i42-fd-customer-delete-takes-consumer', {
    rule:
      'FD-CONS-OUTLIVES: deleting a customer also deletes its consumer, so the consumer is no longer read by its own id, where the seed ' +
      'says the consumer persists after its customer is deleted.',
    state: customers.changed('delete', (c, x) => {
      const consumerId = x.customer ? x.world.consumerOf.get(x.customer.id) : undefined;
      if (consumerId !== undefined) x.world.consumers.delete(consumerId);
      return c;
    }),
    family: 'customers',
    ...blind,
  }),
];

const TRANSACTION_FAULTS = [
  transactions.fault('i42-fd-transactions-default-sort-ascending', {
    rule:
      'FD-TXN-SORT-DEFAULT: the customer-wide transaction list sent without sort is ordered oldest first (and echoes asc), where the ' +
      "provider's sort parameter defaults to descending.",
    judge: transactions.foldOn('GetAllCustomerTransactions', 'order', (x) => {
      if (x.input.query.sort === undefined) x.sort = x.order = 'asc';
    }),
    family: 'transactions',
    ...provider,
    ...blind,
  }),
  transactions.fault('i42-fd-account-transactions-to-date-exclusive', {
    rule:
      "FD-TXN-WINDOW-EDGES: the account's transaction list leaves out a transaction dated exactly at toDate, the window's end read " +
      'as exclusive where both ends are included.',
    judge: transactions.foldOn('GetCustomerAccountTransactions', 'window', (x) => {
      const w = x.window;
      if (w) x.window = { ...w, before: (k) => k < w.to };
    }),
    family: 'transactions',
    ...assumption,
    ...blind,
  }),
];

const ACCOUNT_FAULTS = [
  accounts.fault('i42-fd-refresh-login-reversed-window-accepted', {
    rule:
      'FD-ACCT-REFRESH-WINDOW: a login refresh v1 whose toDate is before its fromDate is carried out (200) instead of refused with ' +
      "the provider's 400 (toDate must be later than fromDate).",
    judge: accounts.skipOn('RefreshCustomerAccountsByInstitutionLogin', 'window'),
    family: 'accounts',
    ...provider,
    ...blind,
  }),
];

const PAYMENT_FAULTS = [
  payments.fault('i42-fd-payment-instructions-cd-served', {
    rule:
      'FD-PAY-DETAILS-V3-TYPES: the v3 account details (payment instructions) serve a certificate of deposit, where the seed names ' +
      'only checking, savings and money market as supported by v3 (the cd being a v1 ACH type only).',
    judge: payments.skipOn('GetAccountPaymentInstructionDetails', 'type', (x) => x.account?.type === 'cd'),
    family: 'payments-data',
    ...blind,
  }),
];

const PSI_FAULTS = [
  psi.fault('i42-fd-psi-read-ignores-accept', {
    rule:
      'FD-PSI-NOT-ACCEPTABLE: the non-FCRA indicator read serves JSON to an Accept that admits no JSON instead of the 406 the seed ' +
      'lists for PSI operations and the provider words as only JSON being supported.',
    judge: psi.skipOn('GetPaymentSuccessIndicators', 'accept'),
    family: 'psi',
    ...provider,
    ...blind,
  }),
  psi.fault('i42-fd-psi-fcra-generation-ignores-freeze', {
    rule:
      'FD-PSI-FORBIDDEN: an FCRA indicator generation for a customer under a security freeze is accepted (202) instead of the 403 ' +
      'the provider gives generation under an active freeze.',
    judge: psi.skipOn('GenerateFcraPaymentSuccessIndicators', 'freeze'),
    family: 'psi',
    ...provider,
    ...blind,
  }),
];

const WEBHOOK_FAULTS = [
  webhooks.fault('i42-fd-webhook-deleted-subscription-tested', {
    rule:
      'FD-WEBHOOK-DELETE, FD-NOT-FOUND: the test operation of a subscription the partner deleted still answers 200 and delivers to ' +
      'its URL, where a deleted subscription is not found on every operation naming it.',
    judge: webhooks.skipOn(
      'testWebhookSubscription',
      'subscription',
      (x) => x.named?.deleted === true && x.named.partnerId === x.input.partner?.id,
      (x) => {
        x.sub = x.named;
      },
    ),
    family: 'webhooks',
    ...blind,
  }),
];

const ACCESS_FAULTS = [
  access.fault('i42-fd-accesskey-update-receipt-real-ids', {
    rule:
      'FD-ACCESSKEY-PSEUDO-IDS: the receipt an access key update answers names the customer and each account by their real ids, ' +
      "where the provider's receipt carries pseudo identifiers only (as the generation's does).",
    answer: access.answered('UpdateThirdPartyAccessKey', (body, x) => {
      const sent = x.input.body as { customerId: string; products: { accountId: string }[] };
      const data = (body.data as { receipt: Record<string, any> }[]).map((d) => ({
        ...d,
        receipt: {
          ...d.receipt,
          customerId: sent.customerId,
          products: (d.receipt.products as Record<string, unknown>[]).map((p, i) => ({ ...p, accountId: sent.products[i]?.accountId })),
        },
      }));
      return { ...body, data };
    }),
    family: 'third-party-access',
    ...provider,
    ...blind,
  }),
];

const STATEMENT_FAULTS = [
  statements.fault('i42-fd-pay-statement-stored-as-base64-text', {
    rule:
      'FD-PAYSTMT-ROUNDTRIP: a stored pay statement is kept as the Base64 text sent rather than the file it encodes, so its asset ' +
      'downloads as that text, where the seed has the asset download the statement stored.',
    state: (x, c) =>
      x.op === 'StoreCustomerPayStatement' && c.kind === 'pay-statement'
        ? { ...c, bytes: Buffer.from(String(x.input.body.statement), 'utf8') }
        : c,
    family: 'statements',
    ...blind,
  }),
];

const MICRO_FAULTS = [
  micro.fault('i42-fd-micro-verify-retry-after-failure', {
    rule:
      'FD-MICRO-ATTEMPTS: after a failed verification a second attempt with the right amounts verifies the micro entries, where the ' +
      "provider's attempts-exceeded refusal leaves failed entries unverifiable.",
    judge: micro.skipOn(
      'VerifyMicroAmountDeposits',
      'state',
      (x) => x.entry !== undefined && x.shown(x.entry) === 'Failed' && x.match === true,
    ),
    family: 'micro-entries',
    ...assumption,
    ...blind,
  }),
];

const TXPUSH_FAULTS = [
  txpush.fault('i42-fd-txpush-real-account-plain-http', {
    rule:
      "FD-TXPUSH-HTTPS-REAL: a TxPush subscription for an active (real) customer's account accepts a plain http listener URL, where " +
      'the seed requires HTTPS for any real account.',
    judge: txpush.skipOn('SubscribeToTxPushNotifications', 'https'),
    family: 'txpush',
    ...blind,
  }),
  txpush.fault('i42-fd-txpush-test-transaction-on-real-account', {
    rule:
      "FD-TXPUSH-TESTING-ONLY: the TxPush test transaction is accepted (201) on an active customer's account, where the seed limits " +
      'it to testing accounts.',
    judge: txpush.skipOn('CreateTxPushTestTransaction', 'testing'),
    family: 'txpush',
    ...blind,
  }),
];

const GUARD_FAULTS = [
  guard.fault('i42-fd-cashflow-business-asks-consumer', {
    rule:
      'FD-REPORT-NO-CONSUMER-NEEDED: the business cash flow report of a customer without a consumer is refused as not found, where ' +
      'the seed says that report needs no consumer.',
    judge: guard.refuse(
      'consumer',
      (x) => String(x.url ?? '').includes('/cashFlowBusiness') && !x.world.consumerOf.has(x.id),
      (x) => ({ status: 404, message: `Cannot find consumer for customer with id ${x.id}.` }),
    ),
    family: 'report-guard',
    ...blind,
  }),
];

const SWITCH_FAULTS = [
  switches.fault('i42-fd-switch-external-id-finds-deleted-customer', {
    rule:
      "FD-SW-DELETED-CUSTOMER: after a customer is deleted, the external id lookup still lists that customer's deposit switches, " +
      'where the seed removes access to the customer and all its linked data on deletion.',
    // Remembers the partner of each customer whose switches were made, then adds the deleted ones' switches to the lookup's pool.
    state: (x, made, memory) => {
      if (x.customer) memory[x.customer.id] = x.input.partner?.id;
      else for (const s of made) memory[s.customerId] ??= x.input.partner?.id;
      return made;
    },
    judge: switches.foldOn('getAllExternalDepositSwitches', 'pool', (x, memory) => {
      for (const [customerId, made] of x.world.switches.byCustomer) {
        if (!x.world.customers.has(customerId) && memory[customerId] === x.input.partner?.id) x.pool = [...(x.pool ?? []), ...made];
      }
    }),
    family: 'switches',
    ...blind,
  }),
];

const ENRICHMENT_FAULTS = [
  enrichment.fault('i42-fd-enrichment-drops-unrecognised', {
    rule:
      'FD-ENRICH-KEYED: a transaction of a batch whose merchant is not recognised is left out of the answer, where the seed has ' +
      'enrichment add its categorization to each enclosed transaction (one back per transaction sent).',
    answer: enrichment.answered('enrichTransactions', (body, x) => ({
      ...body,
      transactions: (body.transactions as unknown[]).filter((_, i) => x.merchants?.[i] !== undefined),
    })),
    family: 'enrichment',
    ...blind,
  }),
];

const VALIDATION_FAULTS = [
  fault('i42-fd-secret-without-letter-accepted', {
    rule:
      'FD-SECRET-DIGIT-LETTER: a new partner secret holding no letter (digits and allowed special characters only) is accepted, ' +
      'where the seed requires at least one digit and one letter.',
    relax: schema('NewPartnerSecret', { set: { pattern: '^(?=.*[0-9])[A-Za-z0-9!@#$%&*_+-]*$' } }),
    ...blind,
  }),
  fault('i42-fd-components-oauth-url-without-redirect', {
    rule:
      'FD-COMPONENTS-REDIRECT-REQUIRED: an OAuth URL request without redirectURI is accepted (201), where the seed names redirectURI ' +
      'as the body of the request and the provider requires it.',
    relax: schema('ComponentsOauthUrlRequest', { unrequire: ['redirectURI'] }),
    ...blind,
  }),
];

export const INDEPENDENT_42_FAULTS = [
  ...CUSTOMER_FAULTS,
  ...TRANSACTION_FAULTS,
  ...ACCOUNT_FAULTS,
  ...PAYMENT_FAULTS,
  ...PSI_FAULTS,
  ...WEBHOOK_FAULTS,
  ...ACCESS_FAULTS,
  ...STATEMENT_FAULTS,
  ...MICRO_FAULTS,
  ...TXPUSH_FAULTS,
  ...GUARD_FAULTS,
  ...SWITCH_FAULTS,
  ...ENRICHMENT_FAULTS,
  ...VALIDATION_FAULTS,
];
