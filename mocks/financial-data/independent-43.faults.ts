// Faults written blind (the suite's checks unread), from seed 002, the provider's 1.35.0 document and the rule catalogue only: each a
// deviation a provider release could ship, bending one resource's seams (its family named on each fault).
import { assumption, blind, provider } from '../kit/faults.js';
import type { AccountSeams } from './accounts.records.js';
import type { BusinessSeams } from './businesses.records.js';
import type { CustomerSeams } from './customers.records.js';
import { faultKit } from './fault-builders.js';
import { DESCRIPTIONS, type MicroEntrySeams } from './micro-entries.records.js';
import type { PsiSeams } from './psi.records.js';
import type { StatementSeams } from './statements.records.js';
import type { SwitchSeams } from './switches.records.js';

const accounts = faultKit<AccountSeams>();
const psi = faultKit<PsiSeams>();
const micro = faultKit<MicroEntrySeams>();
const customers = faultKit<CustomerSeams>();
const businesses = faultKit<BusinessSeams>();
const statements = faultKit<StatementSeams>();
const switches = faultKit<SwitchSeams>();

const GENERATE = ['GenerateFcraPaymentSuccessIndicators', 'GeneratePaymentSuccessIndicators'] as const;

export const INDEPENDENT_43_FAULTS = [
  // --- Accounts (provider 1.35.0: GetCustomerAccountSimple not restricted to active accounts; refresh v1 answers what it refreshed)
  accounts.fault('i43-fd-acct-simple-one-pending-not-found', {
    rule: 'FD-ACCT-SIMPLE-ONE-PENDING: the simple read of one account answers 404 for a pending account, as if it were restricted to active accounts like the simple lists',
    judge: accounts.refuse('account', (x) => x.op === 'GetCustomerAccountSimple' && x.account?.status === 'pending', {
      status: 404,
      message: 'Account not found',
    }),
    family: 'accounts',
    ...provider,
    ...blind,
  }),
  accounts.fault('i43-fd-acct-refresh-v1-answer-hides-pending', {
    rule: 'FD-ACCT-REFRESH-V1: a refresh v1 refreshes every account of its scope but answers only the active ones, leaving the pending account it refreshed out of its answer',
    answer: accounts.answered(['RefreshCustomerAccounts', 'RefreshCustomerAccountsByInstitutionLogin'], (body) =>
      Array.isArray(body.accounts) ? { ...body, accounts: body.accounts.filter((a: { status?: string }) => a.status !== 'pending') } : body,
    ),
    family: 'accounts',
    ...blind,
  }),
  // --- Payment success indicators (provider 1.35.0: 400 examples 10013 and 10006, the 2000 warning, SettleByDate)
  psi.fault('i43-fd-psi-generate-pending-account-accepted', {
    rule: 'FD-PSI-ACTIVE-ACCOUNT: a run is generated (202) on an account that is not active, where the provider refuses it as only active accounts can be used',
    judge: psi.skipOn([...GENERATE], 'active'),
    family: 'psi',
    ...provider,
    ...blind,
  }),
  psi.fault('i43-fd-psi-legacy-warning-at-equal-balance', {
    rule: 'FD-PSI-BALANCE-WARNING: the legacy rating warns that the settlement amount exceeds the available balance when it only equals it',
    state: (x, c) => (c.kind === 'warning' && x.account && c.amount === x.account.availableBalance ? { ...c, warn: true } : c),
    family: 'psi',
    ...provider,
    ...blind,
  }),
  psi.fault('i43-fd-psi-settle-by-today-refused', {
    rule: 'FD-PSI-SETTLE-DATE-NOT-PAST: a settle-by date of today is refused as in the past, where only a date before today is',
    judge: psi.refuse(
      'settle-date',
      (x) => x.settleBy === x.today,
      () => ({ status: 400, message: 'settleByDate must not be in the past' }),
    ),
    family: 'psi',
    ...provider,
    ...blind,
  }),
  psi.fault('i43-fd-psi-days-one-short-mid-range', {
    rule: 'FD-PSI-DAYS: a settle-by date a few days out gives as many potential settlement dates as days out, one short of the count SettleByDate describes (today included)',
    state: (_x, c) => (c.kind === 'days' && c.dates.length > 3 && c.dates.length < 10 ? { ...c, dates: c.dates.slice(0, -1) } : c),
    family: 'psi',
    ...provider,
    ...blind,
  }),
  // --- Micro entries (seed 002, Micro entries; the catalogue's attempt and conflict decisions)
  micro.fault('i43-fd-micro-pending-wrong-verify-fails', {
    rule: 'FD-MICRO-BEFORE-DEPOSIT: a wrong verification of entries not yet deposited is refused but counted as the attempt, so the entries fail and the right amounts are refused once deposited',
    judge: micro.writtenThenRefused(
      'state',
      (x) => x.entry !== undefined && x.shown(x.entry) === 'Pending' && x.match === false,
      (x) => {
        x.entry!.state = 'Failed';
      },
    ),
    family: 'micro-entries',
    ...assumption,
    ...blind,
  }),
  micro.fault('i43-fd-micro-failed-account-still-conflicts', {
    rule: 'FD-MICRO-CONFLICT: initiating again for an account whose earlier entries failed is a 409, where only pending, deposited or verified entries stand in the way',
    judge: micro.refuse(
      'conflict',
      (x) => {
        const { routingNumber, accountNumber } = x.input.body.receiver;
        return [...x.world.microEntries.entries.values()].some(
          (e) => e.customerId === x.customer?.id && e.routingNumber === routingNumber && e.accountNumber === accountNumber,
        );
      },
      { status: 409, message: 'Micro entries already exist for this account' },
    ),
    family: 'micro-entries',
    ...assumption,
    ...blind,
  }),
  micro.fault('i43-fd-micro-failed-described-as-pending', {
    rule: 'FD-PROP-DESCRIBED-STATE: the details read of failed entries gives the status Failed with the description of the Pending state',
    answer: micro.answered('GetMicroDepositsDetails', (body) =>
      body.status === 'Failed' ? { ...body, statusDescription: DESCRIPTIONS.Pending } : body,
    ),
    family: 'micro-entries',
    ...provider,
    ...blind,
  }),
  micro.fault('i43-fd-micro-completed-an-hour-late', {
    rule: 'FD-MICRO-DETAILS: the details read still shows Pending for the first hour after the deposit delay has passed, where entries are Completed from then on',
    answer: micro.answered('GetMicroDepositsDetails', (body, x) =>
      body.status === 'Completed' && x.entry && x.nowMs < x.entry.createdMs + (x.limits.delayS + 3600) * 1000
        ? { ...body, status: 'Pending', statusDescription: DESCRIPTIONS.Pending }
        : body,
    ),
    family: 'micro-entries',
    ...assumption,
    ...blind,
  }),
  // --- Customers (seed 002, Customers: a delete removes the customer; Errors 409 for a username in use)
  customers.fault('i43-fd-cust-delete-keeps-username-taken', {
    rule: 'FD-CUST-USERNAME-UNIQUE, FD-PROP-DELETE-FREES: a deleted customer keeps its username reserved, so a new customer under that username is a 409 though no customer of the partner holds it',
    state: customers.changed('delete', (c) => ({ ...c, freesUsername: false })),
    family: 'customers',
    ...blind,
  }),
  // --- Businesses (provider 1.35.0 Business: modifiedDate)
  businesses.fault('i43-fd-bus-update-modified-date-frozen', {
    rule: 'FD-DATE-WRITE-TIME: an update of a business leaves its modifiedDate at the creation time instead of the time of the update',
    state: (x, c) => (x.op === 'UpdateBusiness' ? { ...c, modifiedDate: c.createdDate } : c),
    family: 'businesses',
    ...provider,
    ...blind,
  }),
  // --- Statements (seed 002, Statements: each detail's asset id downloads that statement)
  statements.fault('i43-fd-stmt-detail-asset-of-next-index', {
    rule: 'FD-STMT-ASSET-LINK: the asset id of each statement detail downloads the statement of the next older index, not the one the detail names',
    judge: statements.foldOn('GetCustomerAccountMultipleStatement', 'indexes', (x) => {
      const own = x.statementOf;
      x.statementOf = (index) => {
        const s = own(index);
        const next = own(index + 1);
        const asset = x.world.statements.assets.get(s.id);
        if (asset) x.world.statements.assets.set(s.id, { ...asset, bytes: next.pdf });
        return s;
      };
    }),
    family: 'statements',
    ...blind,
  }),
  // --- Switches (provider 1.35.0 DepositSwitchDetails / PaySwitchDetails: updatedDate, the last update)
  switches.fault('i43-fd-sw-details-updated-before-created', {
    rule: 'FD-SW-DETAILS: the details of a switch give an updatedDate a day before its createdDate',
    answer: switches.answered(['getDepositSwitchDetails', 'getBillPaySwitchDetails'], (body) => ({
      ...body,
      updatedDate: new Date(Date.parse(body.createdDate) - 86_400_000).toISOString().replace('.000Z', 'Z'),
    })),
    family: 'switches',
    ...provider,
    ...blind,
  }),
];
