// Faults written blind (independent set 44): from seed 002 and the provider's document 1.35.0 only, the suite unread. Each names the
// statement it breaks; each bends one resource's own family of seams (inFamily), and is shown live against `npm run mock`.
import { blind, inFamily, provider } from '../kit/faults.js';
import type { AccountSeams } from './accounts.records.js';
import type { AppSeams } from './app-registration.records.js';
import type { ConsumerSeams } from './consumers.records.js';
import type { CustomerSeams } from './customers.records.js';
import type { EnrichmentSeams } from './enrichment.records.js';
import { faultKit } from './fault-builders.js';
import type { InstitutionSeams } from './institutions.records.js';
import type { MicroEntrySeams } from './micro-entries.records.js';
import { similarity, type PaymentsDataSeams } from './payments-data.records.js';
import type { RetrievalSeams } from './reports/retrieval.records.js';
import type { StatementSeams } from './statements.records.js';
import type { Customer } from './state.js';
import type { SwitchSeams } from './switches.records.js';
import { cents, type TransactionSeams } from './transactions.records.js';
import type { TxPushSeams } from './txpush.records.js';
import type { WebhookSeams } from './webhooks.records.js';

const customers = faultKit<CustomerSeams>();
const consumers = faultKit<ConsumerSeams>();
const accounts = faultKit<AccountSeams>();
const transactions = faultKit<TransactionSeams>();
const payments = faultKit<PaymentsDataSeams>();
const micro = faultKit<MicroEntrySeams>();
const statements = faultKit<StatementSeams>();
const switches = faultKit<SwitchSeams>();
const txpush = faultKit<TxPushSeams>();
const webhooks = faultKit<WebhookSeams>();
const institutions = faultKit<InstitutionSeams>();
const enrichment = faultKit<EnrichmentSeams>();
const apps = faultKit<AppSeams>();
const retrieval = faultKit<RetrievalSeams>();

export const INDEPENDENT_44_FAULTS = [
  ...inFamily('customers', [
    customers.fault('i44-fd-customers-search-matches-email', {
      rule: 'FD-CUST-SEARCH: the search text also finds a customer by its e-mail address, which the seed does not name among what a search matches (username, first and last names).',
      judge: customers.fold(
        'list',
        (x) => x.op === 'GetCustomers' && x.filters?.search !== undefined && x.filters.username === undefined,
        (x) => {
          const text = x.filters!.search!.trim().toLowerCase();
          const listed: Customer[] = x.list!.slice(0, x.list!.length);
          const partner = [...x.world.customers.group('partner', x.input.partner?.id ?? '').values()];
          const type = x.filters!.type;
          const more = partner.filter(
            (c) => !listed.includes(c) && (type === undefined || c.type === type) && (c.email ?? '').toLowerCase().includes(text),
          );
          x.list = [...listed, ...more];
        },
      ),
      ...blind,
    }),
  ]),
  ...inFamily('consumers', [
    consumers.fault('i44-fd-consumers-birthday-month-zero-based', {
      rule: 'FD-CONS-READ: the consumer readers give the birthday month counted from zero, where the Birthday schema counts it from one (1 is January).',
      answer: consumers.answered(['GetConsumer', 'GetConsumerForCustomer'], (body) =>
        typeof body.birthday?.month === 'number' ? { ...body, birthday: { ...body.birthday, month: body.birthday.month - 1 } } : body,
      ),
      ...provider,
      ...blind,
    }),
  ]),
  ...inFamily('accounts', [
    accounts.fault('i44-fd-accounts-display-position-across-logins', {
      rule: "FD-PROP-READERS-AGREE: GetCustomerAccounts numbers displayPosition across all the customer's accounts, where the schema gives the position of the account at its financial institution (1 on top), as the account read by id shows it.",
      answer: accounts.answered('GetCustomerAccounts', (body) => ({
        ...body,
        accounts: (body.accounts as Record<string, unknown>[]).map((a, i) => ({ ...a, displayPosition: i + 1 })),
      })),
      ...provider,
      ...blind,
    }),
  ]),
  ...inFamily('transactions', [
    transactions.fault('i44-fd-transactions-running-balance-before-posting', {
      rule: 'FD-TXN-RUNNING-BALANCE: runningBalanceAmount gives the balance before the transaction posted, where the schema describes the ending balance after it posted.',
      state: transactions.changed('running', (c) => ({ ...c, running: cents(c.running - c.transaction.amount) })),
      ...provider,
      ...blind,
    }),
  ]),
  ...inFamily('payments-data', [
    payments.fault('i44-fd-owner-match-last-name-against-first', {
      rule: "FD-PAY-MATCH-CLOSER-HIGHER: owner match scores the lastName sent against the holder's first name, so the holder's exact name scores low on its last name, where a closer match must score higher.",
      answer: payments.answered('AccountMatchingScoreDetails', (body, x) => {
        const lastName = x.input.body?.name?.lastName;
        if (lastName === undefined) return body;
        return {
          ...body,
          holders: (body.holders as Record<string, any>[]).map((h) => ({
            ...h,
            nameScores: { ...h.nameScores, lastName: similarity(String(lastName), String(h.firstName ?? '')) },
          })),
        };
      }),
      ...blind,
    }),
    payments.fault('i44-fd-balance-live-available-as-cleared', {
      rule: "FD-PROP-READERS-AGREE: the live available balance read answers the cleared (ledger) balance as availableBalance, where availableBalance is the account's available balance, the one the account record's detail shows.",
      answer: payments.answered('GetAvailableBalanceLive', (body) => ({ ...body, availableBalance: body.clearedBalance })),
      ...provider,
      ...blind,
    }),
  ]),
  ...inFamily('micro-entries', [
    micro.fault('i44-fd-micro-verify-one-amount-twice', {
      rule: 'FD-MICRO-VERIFY-WRONG: a verification sending one of the two deposited amounts twice verifies the entries, where the customer must give back the two amounts deposited.',
      judge: micro.fold(
        'amounts',
        (x) => x.op === 'VerifyMicroAmountDeposits' && x.entry !== undefined && x.sent?.length === 2,
        (x) => {
          x.match = x.sent!.every((c) => x.entry!.cents.includes(c));
        },
      ),
      ...blind,
    }),
  ]),
  ...inFamily('statements', [
    statements.fault('i44-fd-statements-v3-assets-of-most-recent', {
      rule: 'FD-STMT-ASSET-LINK: every detail of the multiple-statement read carries the asset id of the most recent statement, so an older index downloads the wrong statement, where the asset id of a detail retrieves that statement.',
      answer: statements.answered('GetCustomerAccountMultipleStatement', (body, x) => ({
        ...body,
        statements: (body.statements as Record<string, unknown>[]).map((s) => ({ ...s, id: x.statementOf(1).id })),
      })),
      ...blind,
    }),
  ]),
  ...inFamily('switches', [
    switches.fault('i44-fd-switches-total-distribution-allocated', {
      rule: 'FD-SW-DETAILS: a deposit switch distribution of type total carries an allocatedValue, which the schema says is not set when the distribution type is total.',
      answer: switches.answered('getDepositSwitchDetails', (body) => ({
        ...body,
        distributions: (body.distributions as Record<string, unknown>[]).map((d) =>
          d.type === 'total' ? { ...d, allocatedValue: 100 } : d,
        ),
      })),
      ...provider,
      ...blind,
    }),
    switches.fault('i44-fd-switches-pay-list-created-as-updated', {
      rule: 'FD-SW-DETAILS: the bill pay switch list gives each switch its last status update time as createdDate, where createdDate is when the switch was performed, as its details give it.',
      answer: switches.answered('getAllPaySwitches', (body, x) => ({
        ...body,
        switches: (body.switches as Record<string, unknown>[]).map((s) => ({
          ...s,
          createdDate: x.found?.find((f) => f.id === s.id)?.updatedDate ?? s.createdDate,
        })),
      })),
      ...provider,
      ...blind,
    }),
  ]),
  ...inFamily('txpush', [
    txpush.fault('i44-fd-txpush-subscribe-both-account-class', {
      rule: 'FD-TXPUSH-SUBSCRIBE: a subscribe call makes two records both of class account, where each subscribe call yields one account-class and one transaction-class record.',
      state: txpush.changed('subscribe', (c) => ({ ...c, records: c.records.map((r) => ({ ...r, type: 'account' as const })) })),
      ...blind,
    }),
    txpush.fault('i44-fd-txpush-test-debit-raises-balance', {
      rule: "FD-TXPUSH-RUNNING-BALANCE: a test transaction moves the account's balance by the size of its amount whatever its sign, so a debit raises it, where debits are negative amounts that lower the balance.",
      state: txpush.changed('test', (c) => ({ ...c, moved: Math.abs(c.moved) })),
      ...provider,
      ...blind,
    }),
  ]),
  ...inFamily('webhooks', [
    webhooks.fault('i44-fd-webhooks-sub-status-answers-previous', {
      rule: 'FD-WEBHOOK-SUB-STATUS: a subscription status change answers the state the subscription had before the change, where it moves to, and answers, the requested state.',
      judge: webhooks.fold(
        'subscription',
        (x) => x.op === 'changeWebhookSubscriptionStatus' && x.sub !== undefined,
        (x, m) => {
          m.previous = x.sub!.status;
        },
      ),
      answer: webhooks.answered('changeWebhookSubscriptionStatus', (body, _x, m) =>
        m.previous === undefined ? body : { ...body, status: m.previous },
      ),
      ...blind,
    }),
  ]),
  ...inFamily('institutions', [
    institutions.fault('i44-fd-locations-every-match-ranked-first', {
      rule: 'FD-LOC-MAX: every location match of a lookup is ranked 1, where matchRank ranks each match against the other potential matches of the best ones returned.',
      answer: institutions.answered('GetLocationMatches', (body) => ({
        ...body,
        locationMatches: (body.locationMatches as Record<string, unknown>[]).map((l) => ({ ...l, matchRank: 1 })),
      })),
      ...provider,
      ...blind,
    }),
    institutions.fault('i44-fd-branding-links-not-svg', {
      rule: 'FD-BRAND: the branding read links raster PNG images, where the seed says branding links to SVG assets.',
      answer: institutions.answered('GetInstitutionBranding', (body) => ({
        ...body,
        branding: Object.fromEntries(
          Object.entries(body.branding as Record<string, string>).map(([k, v]) => [k, String(v).replace(/\.svg$/, '.png')]),
        ),
      })),
      ...blind,
    }),
  ]),
  ...inFamily('enrichment', [
    enrichment.fault('i44-fd-enrichment-category-score-per-mille', {
      rule: 'FD-ENRICH-ADDS: transactionCategoryScore is given on a scale ten times wider, past the schema maximum, where it is a confidence between 0 and 100.',
      answer: enrichment.answered('enrichTransactions', (body) => ({
        ...body,
        transactions: (body.transactions as Record<string, any>[]).map((t) =>
          typeof t.transactionCategoryScore === 'number' ? { ...t, transactionCategoryScore: cents(t.transactionCategoryScore * 10) } : t,
        ),
      })),
      ...provider,
      ...blind,
    }),
  ]),
  ...inFamily('app-registration', [
    apps.fault('i44-fd-app-status-total-pages-floor', {
      rule: 'FD-APP-STATUS-PAGING: the status read counts its pages rounding down, so a last partial page is not counted in totalPages, where the pages partition every registration found.',
      answer: apps.answered('GetAppRegistrationStatus', (body) =>
        body.numberOfRecordsPerPage > 0 ? { ...body, totalPages: Math.floor(body.totalRecords / body.numberOfRecordsPerPage) } : body,
      ),
      ...provider,
      ...blind,
    }),
  ]),
  ...inFamily('retrieval', [
    retrieval.fault('i44-fd-reports-consumer-list-holds-customer-reports', {
      rule: "FD-REPORT-READ-OWNER: the consumer's report list holds every report of its customer, those generated without the consumer (a report needing none) too, where a consumer's list holds the reports the consumer owns.",
      judge: retrieval.fold(
        'list',
        (x) => x.op === 'GetReportsByConsumerId' && x.customerId !== undefined,
        (x) => {
          const store = x.world.reports;
          x.reports = (store.byCustomer.get(x.customerId!) ?? []).map((id) => store.reports.get(id)!).filter(Boolean);
        },
      ),
      ...blind,
    }),
  ]),
];
