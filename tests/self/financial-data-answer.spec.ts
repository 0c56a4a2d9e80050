// Covers: the financial data answer judge's pure functions (fixtures/assertions/financial-data-answer.ts),
// on bodies written here: each check fails on the break it is for and stays silent where the contract
// lets two answers differ (no false alarm), whatever the mock does.
import { expect, test } from '../../fixtures/self.js';
import {
  countProblems,
  echoProblems,
  echoRule,
  listCountTable,
  periodProblems,
  periodRules,
  ReaderPlans,
  readerRule,
} from '../../fixtures/assertions/financial-data-answer.js';
import { loadContract } from '../../helpers/contract/contract.js';
import { loadRules } from '../../helpers/contract/rules.js';

const contract = await loadContract('financial-data');
const rules = loadRules('financial-data').rules;
const table = listCountTable(contract, rules);
const row = (operationId: string) => table.find((r) => r.operationId === operationId)!;

test('the list table is generated from the response schemas: every paged list with its items and counts, and a rule of the catalogue', () => {
  const ids = table.map((r) => r.operationId);
  for (const id of 'GetCustomers GetInstitutions GetAllCustomerTransactions listWebhookSubscriptions getResellerBillingReport'.split(' '))
    expect(ids, id).toContain(id);
  expect(row('GetAllCustomerTransactions').items, 'the page, not dailyBalances').toBe('transactions');
  for (const r of table) expect(r.rule, r.operationId).toMatch(/^FD-/);
});

test('counts: displaying is the page, found at least the page, moreAvailable from a 1-based start; a right answer passes', () => {
  const customers = row('GetCustomers');
  const page = (n: number) => Array.from({ length: n }, (_, i) => ({ id: String(i) }));
  // A page of 5 customers, none more available.
  const fivePage = (found: number, displaying: number, query?: { start: number; limit: number }) =>
    countProblems(customers, { found, displaying, moreAvailable: false, customers: page(5) }, query);
  const second = { start: 2, limit: 25 };
  expect(fivePage(30, 5, second)).toEqual([]);
  expect(fivePage(30, 4, second)).toHaveLength(1);
  expect(fivePage(3, 5)).toHaveLength(1);
  // found one more than the pages hold: the last page must then say more.
  expect(fivePage(31, 5, second)).toHaveLength(1);
  // Transactions write moreAvailable as text (provider 1.35.0).
  const txns = row('GetCustomerAccountTransactions');
  const onePage = (moreAvailable: string, query: { start?: number; limit: number }) =>
    countProblems(txns, { found: 2, displaying: 1, moreAvailable, transactions: page(1) }, query);
  expect(onePage('true', { limit: 1 })).toEqual([]);
  expect(onePage('false', { limit: 1 })).toHaveLength(1);
  // A start the contract does not define (0) leaves moreAvailable unjudged.
  expect(onePage('false', { start: 0, limit: 1 })).toEqual([]);
});

test('readers: a member both schemas document alike must agree; varying, masked and differently typed members are left alone', () => {
  const plans = new ReaderPlans(contract);
  const op = (id: string) => contract.operationOf(id);
  const [full] = plans.objects(op('GetCustomerAccount'), 200, {
    id: '1',
    name: 'Checking',
    currency: 'USD',
    balance: 10,
    number: '0001234567',
    institutionId: '101',
  });
  const [simple] = plans.objects(op('GetCustomerAccountsSimple'), 200, {
    accounts: [{ id: '1', name: 'Checking', currency: 'USD', institutionId: '101' }],
  });
  expect(full.kind).toBe(simple.kind);
  expect(plans.disagreements(simple, full)).toEqual([]);
  expect(plans.disagreements({ ...simple, value: { ...simple.value, currency: 'usd' } }, full)).toEqual(['currency: "usd" / "USD"']);
  // Balances change with time: never compared.
  const [later] = plans.objects(op('GetCustomerAccount'), 200, { ...full.value, balance: 11 });
  expect(plans.disagreements(later, full)).toEqual([]);
  // An identity the by-id reader gives (business_id: businessId); a nested address compared member by member.
  const business = { businessId: 'b1', name: 'Shop', address: { city: 'Utica' } };
  const [byId] = plans.objects(op('GetBusinessById'), 200, [business]);
  const [byCustomer] = plans.objects(op('GetBusinessByCustomer'), 200, [{ ...business, address: { city: 'UTICA' } }]);
  expect(plans.disagreements(byId, byCustomer)).toEqual(['address.city: "Utica" / "UTICA"']);
  // A writer's 200 is the object as the write left it, compared like a reader's; a 202's work is not done.
  const [added] = plans.objects(op('AddBusinessDetails'), 200, { ...business, email: 'a@example.test' });
  expect(plans.disagreements(byId, added)).toEqual(['email: left out / "a@example.test"']);
  expect(plans.objects(op('GeneratePaymentSuccessIndicators'), 202, { payRequestId: 'p1' })).toEqual([]);
  // A parent's id is no identity: a bundle naming its customer is not an object of its own.
  expect(plans.objects(op('GetAccountDetailsByAccountId'), 200, { customerId: '5', errorCount: 0, accounts: [] })).toEqual([]);
});

test('echo: a writer answers what it was sent, members only one side documents and transformed ones aside', () => {
  const plans = new ReaderPlans(contract);
  const add = contract.operationOf('AddBusinessDetails');
  const sent = { name: 'Shop', email: 'a@example.test', address: { city: 'Utica' }, phoneNumber: { countryCode: '1', phoneNo: '5551234' } };
  const answer = { ...sent, businessId: 'b1', phoneNumber: { countryCode: '+1', phoneNo: '555-1234' } };
  expect(echoProblems(plans, add, 200, sent, answer)).toEqual([]);
  expect(echoProblems(plans, add, 200, sent, { ...answer, address: { city: 'UTICA' } })).toEqual(['address.city: "UTICA" / "Utica"']);
  // A member sent with a value and left out is not echoed, optional (email) or not; one sent empty says nothing.
  expect(echoProblems(plans, add, 200, sent, { ...answer, email: undefined })).toEqual(['email: left out / "a@example.test"']);
  expect(echoProblems(plans, add, 200, { ...sent, email: '' }, { ...answer, email: undefined })).toEqual([]);
  // A refusal echoes nothing.
  expect(echoProblems(plans, add, 400, sent, { ...answer, name: 'Other' })).toEqual([]);
});

test('echo of arrays: scalar items as a collection, object items by their key; renamed members of one component; defaults of members left out', () => {
  const plans = new ReaderPlans(contract);
  // The e-mail is sent as `email` and answered as `emailConfig` (both ConnectEmailOptions).
  const email = contract.operationOf('SendConnectEmail');
  const sent = { email: { to: 'A@B.example', signature: ['Zoé  ', '', '\t', 'Loans'] } };
  const echo = (signature: string[]) =>
    echoProblems(plans, email, 200, sent, { link: 'https://x', emailConfig: { ...sent.email, signature } });
  expect(echo(['Zoé  ', '', '\t', 'Loans'])).toEqual([]);
  expect(echo(['Loans', '\t', '', 'Zoé  ']), 'another order: no source says it is kept').toEqual([]);
  expect(echo(['Zoé  ', '\t', 'Loans']), 'an empty line dropped').toHaveLength(1);
  expect(echo(['Zoé  ', '', '', 'Loans']), 'a tab line trimmed').toHaveLength(1);
  expect(echo(['Zoe  ', '', '\t', 'Loans']), 'an accent folded').toHaveLength(1);
  expect(echoProblems(plans, email, 200, sent, { link: 'https://x', emailConfig: { ...sent.email, to: 'a@b.example' } })).toEqual([
    'email.to: "a@b.example" / "A@B.example"',
  ]);
  // Enrichment: each transaction by its externalTransactionId (x-key), whatever the order; accountType is read, not echoed.
  const enrich = contract.operationOf('enrichTransactions');
  const tx = (id: string, description: string, more: Record<string, unknown> = {}) => ({
    externalTransactionId: id,
    description,
    accountType: 'unknown',
    amount: -1.25,
    ...more,
  });
  const batch = { transactions: [tx('a', 'Café  Crème'), tx('b', 'plain', { memo: 'x\t y' })] };
  const enriched = (sent: unknown[], transactions: unknown[]) => echoProblems(plans, enrich, 200, { transactions: sent }, { transactions });
  const answer = (transactions: unknown[]) => enriched(batch.transactions, transactions);
  expect(
    answer([
      { ...tx('b', 'plain', { memo: 'x\t y' }), accountType: 'checking' },
      { ...tx('a', 'Café  Crème'), transactionCategory: 'Food' },
    ]),
  ).toEqual([]);
  expect(answer([tx('a', 'Cafe  Creme'), tx('b', 'plain', { memo: 'x\t y' })])).toEqual([
    'transactions[externalTransactionId="a"].description: "Cafe  Creme" / "Café  Crème"',
  ]);
  expect(answer([tx('a', 'Café  Crème'), tx('b', 'plain', { memo: 'x y' })])).toHaveLength(1);
  expect(answer([tx('a', 'Café  Crème')]), 'a transaction not answered').toHaveLength(1);
  // A repeated id leaves its items unmatched (the spec of duplicates compares them itself); the others are still judged.
  expect(enriched([tx('a', 'x'), tx('a', 'y')], [tx('a', 'z')])).toEqual([]);
  expect(enriched([tx('a', 'x'), tx('a', 'y'), tx('b', 'É')], [tx('a', 'z'), tx('b', 'E')])).toHaveLength(1);
  // A configuration created without aoRequired answers its default, false.
  const config = contract.operationOf('post-configurations');
  const configured = (sent: Record<string, unknown>, answered: Record<string, unknown>) =>
    echoProblems(plans, config, 201, sent, { id: 'c', ...answered });
  const checking = { filterAccounts: ['Checking'] };
  expect(configured(checking, { ...checking, aoRequired: false })).toEqual([]);
  expect(configured(checking, { ...checking, aoRequired: true })).toEqual(['aoRequired: true / left out (default false)']);
  expect(configured({ aoRequired: true }, { aoRequired: true })).toEqual([]);
  expect(configured({}, {})).toEqual(['aoRequired: left out / left out (default false)']);
  // Object items with keys of their own: the array answered holds the items sent and no other.
  const hook = contract.operationOf('createWebhookSubscription');
  const events = [{ name: 'a', condition: { subscribeFor: 'institutionId', includes: ['1', '02'] } }, { name: 'b' }];
  const made = (answered: unknown[]) =>
    echoProblems(plans, hook, 201, { events }, { subscriptionId: 's', status: 'active', events: answered });
  expect(made([events[1], { ...events[0], condition: { subscribeFor: 'institutionId', includes: ['02', '1'] } }])).toEqual([]);
  expect(made([...events, { name: 'c' }])).toEqual(['events[name="c"]: given / left out']);
  expect(made([events[0], { name: 'b', url: 'https://x' }]), 'a member not sent is no echo').toEqual([]);
});

test("a writer's arrays against its readers: the same items whatever their order; two readers' arrays are not compared", () => {
  const plans = new ReaderPlans(contract);
  const op = (id: string) => contract.operationOf(id);
  const config = { id: 'c', filterAccounts: ['Checking', 'Savings'], aoRequired: false };
  const [written] = plans.objects(op('post-configurations'), 201, config);
  const read = (value: Record<string, unknown>) => plans.objects(op('get-configurations-configurationId'), 200, value)[0];
  expect(plans.disagreements(read({ ...config, filterAccounts: ['Savings', 'Checking'] }), written)).toEqual([]);
  expect(plans.disagreements(read({ ...config, filterAccounts: ['Checking'] }), written)).toEqual([
    'filterAccounts[]: ["Checking"] / ["Checking","Savings"]',
  ]);
  expect(plans.disagreements(read({ id: 'c', aoRequired: false }), written)).toEqual(['filterAccounts: left out / ["Checking","Savings"]']);
  expect(plans.disagreements(read({ ...config, filterAccounts: ['Checking'] }), read(config)), 'two readers').toEqual([]);
  // Object items by their key: each item compared like its holder, an item through one side only named.
  const sub = { subscriptionId: 's', status: 'active', events: [{ name: 'a', webhookEventId: 'e1', url: 'https://a' }] };
  const [hook] = plans.objects(op('createWebhookSubscription'), 201, sub);
  const byId = (events: unknown[]) => plans.objects(op('getWebhookSubscriptionById'), 200, { ...sub, events })[0];
  expect(plans.disagreements(byId([{ ...sub.events[0], url: 'https://A' }]), hook)).toEqual([
    'events[name="a"].url: "https://A" / "https://a"',
  ]);
  expect(plans.disagreements(byId([...sub.events, { name: 'b', webhookEventId: 'e2' }]), hook)).toEqual([
    'events[name="b"]: given / left out',
  ]);
});

test("a report's acknowledgement echoes the request as its constraints", () => {
  const plans = new ReaderPlans(contract);
  const voa = contract.operationOf('GenerateVOAReport');
  const sent = { showNsf: true, reportCustomFields: [{ label: 'loanID', value: '1', shown: true }] };
  const ack = (constraints: Record<string, unknown>) => echoProblems(plans, voa, 202, sent, { id: 'r', type: 'voa', constraints });
  expect(ack(sent)).toEqual([]);
  expect(ack({ ...sent, showNsf: false })).toEqual(['constraints.showNsf: false / true']);
  expect(ack({ reportCustomFields: sent.reportCustomFields })).toEqual(['constraints.showNsf: left out / true']);
  // Filed under the rule whose text names the member: the constraints' echo rule, not the narrowest echo rule of the writer.
  expect(echoRule(rules, 'GenerateVOAReport', ack({ ...sent, showNsf: false }))).toBe('FD-ASSETS-ECHO');
  // An object inside the constraints that one rule alone states (provider 1.35.0 StatementReportConstraints): filed under it.
  const statementEcho = ['constraints.statementReportData.accountId: 2 / 3'];
  expect(echoRule(rules, 'GenerateStatementReport', statementEcho)).toBe('FD-STMTREPORT-CONTENT');
  // A reader's member read otherwise than the writer answered it: the reader's own echo rule (the record reads back).
  expect(readerRule(rules, 'GetConsumerForCustomer', 'CreateConsumer', true)).toBe('FD-CONS-READ');
  // A reader's stale url after an update (then a status change): the update's rule, which states both readers show the new URL.
  const after = { writers: ['updateWebhookSubscription', 'changeWebhookSubscriptionStatus'], members: ['url'] };
  expect(readerRule(rules, 'listWebhookSubscriptions', 'getWebhookSubscriptionById', false, after)).toBe('FD-WEBHOOK-UPDATE');
  // Without a write since its creation: the creation's echo rule, as before.
  expect(readerRule(rules, 'listWebhookSubscriptions', 'getWebhookSubscriptionById')).toBe('FD-WEBHOOK-CREATE');
  // Two reads of one object differing on a member one rule naming both readers states alone: that rule, not the widest of them.
  const differ = { writers: [], members: ['institutionName'] };
  expect(readerRule(rules, 'GetAccountDetailsByAccountId', 'GetAccountDetailsByInstitutionLoginId', false, differ)).toBe(
    'FD-PAY-PEB-INSTITUTION',
  );
});

test('periods: an answer whose rule says its period ends after it starts, every period of it; equal or reversed fails', () => {
  const periods = periodRules(rules);
  expect(periods.get('getCustomerAuthorizationDetails')).toBe('FD-AUTHDETAILS-OAUTH');
  const body = (end: string) => ({ institutionLoginId: 1, authorizationStartDate: '2025-01-01T00:00:00.000Z', authorizationEndDate: end });
  expect(periodProblems(body('2025-07-01T00:00:00.000Z'))).toEqual([]);
  expect(periodProblems(body('2025-01-01T00:00:00.000Z'))).toHaveLength(1);
  expect(periodProblems(body('2024-12-31T00:00:00.000Z'))).toHaveLength(1);
  expect(periodProblems({ list: [{ periodStartDate: 100, periodEndDate: 50 }] })).toHaveLength(1);
  // A start without its end, or text that is no date, is nobody's period.
  expect(periodProblems({ authorizationStartDate: '2025-01-01T00:00:00Z', authorizationEndDate: 'soon' })).toEqual([]);
});
