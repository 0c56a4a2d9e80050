// Faults written blind (independent set 50): from seed 002 and the provider's document 1.35.0 only, the suite unread. Each names the
// statement it breaks, and is shown live against `npm run mock` (/work/w50f-live/I50.md).
import { blind, inFamily, provider } from '../kit/faults.js';
import { customerView, matches, type CustomerSeams } from './customers.records.js';
import { faultKit } from './fault-builders.js';
import { linkedData, type Switch } from './state.js';
import type { SwitchSeams } from './switches.records.js';

const customers = faultKit<CustomerSeams>();
const switches = faultKit<SwitchSeams>();

/** A switch as the lists summarise it. */
const summary = (s: Switch) => ({
  id: s.id,
  status: s.status,
  ...(s.failureReason ? { failureReason: s.failureReason } : {}),
  createdDate: s.createdDate,
});

export const INDEPENDENT_50_FAULTS = [
  ...inFamily('switches', [
    switches.fault('i50-fd-sw-processing-details-read-completed', {
      rule: 'FD-SW-DETAILS: getDepositSwitchDetails of a switch its list shows processing answers switchStatus completed (the details read as if the switch had finished), where the details give the status of the list (seed 002, Micro entries and switches: details by switch_id; provider 1.35.0 switch status).',
      answer: switches.answered('getDepositSwitchDetails', (b) =>
        b.switchStatus === 'processing' ? { ...b, switchStatus: 'completed' } : b,
      ),
      ...blind,
    }),
    switches.fault('i50-fd-sw-bill-pay-details-drop-failure-reason', {
      rule: 'FD-SW-FAILURE-REASON, FD-SW-DETAILS: getBillPaySwitchDetails of a failed bill pay switch answers no failureReason, though its list carries one, where a failed switch carries a failureReason in the list and in the details (provider 1.35.0 status failed: refer to failureReason).',
      answer: switches.answered('getBillPaySwitchDetails', (b) => {
        const { failureReason: _, ...rest } = b;
        return rest;
      }),
      ...provider,
      ...blind,
    }),
    switches.fault('i50-fd-sw-distribution-leading-digits', {
      rule: "FD-SW-ACCOUNT-DIGITS: a deposit switch's distributions give accountNumberEndsWith as the first four digits of the linked account number instead of its trailing portion (provider 1.35.0 distributions.accountNumberEndsWith).",
      answer: switches.answered('getDepositSwitchDetails', (b, x) => {
        const accounts = x.customer ? linkedData(x.world, x.customer.id).accounts : [];
        return {
          ...b,
          distributions: b.distributions?.map((d: { bankIdentifier: string; accountNumberEndsWith: string }) => {
            const a = accounts.find((n) => n.routingNumber === d.bankIdentifier && n.number.endsWith(d.accountNumberEndsWith));
            return a ? { ...d, accountNumberEndsWith: a.number.slice(0, 4) } : d;
          }),
        };
      }),
      ...provider,
      ...blind,
    }),
    switches.fault('i50-fd-sw-bank-method-whole-number', {
      rule: "FD-SW-ACCOUNT-DIGITS: a bill pay switch's bank payment method gives endsWith as the whole linked account number, not its trailing portion, so the number leaks in clear (provider 1.35.0 paymentMethods.endsWith).",
      answer: switches.answered('getBillPaySwitchDetails', (b, x) => {
        const accounts = x.customer ? linkedData(x.world, x.customer.id).accounts : [];
        return {
          ...b,
          paymentMethods: b.paymentMethods?.map((p: { type: string; bankIdentifier?: string; endsWith: string }) => {
            const a = accounts.find((n) => n.routingNumber === p.bankIdentifier && n.number.endsWith(p.endsWith));
            return p.type === 'bank' && a ? { ...p, endsWith: a.number } : p;
          }),
        };
      }),
      ...provider,
      ...blind,
    }),
    switches.fault('i50-fd-sw-bill-pay-list-partner-as-customer', {
      rule: "FD-SW-CUSTOMER: getAllPaySwitches names the partner's id as customerId, a member taken from the caller instead of the customer of the path (provider 1.35.0 PaySwitchesSummary.customerId).",
      answer: switches.answered('getAllPaySwitches', (b, x) => ({ ...b, customerId: x.input.partner?.id ?? b.customerId })),
      ...provider,
      ...blind,
    }),
    switches.fault('i50-fd-sw-details-updated-epoch', {
      rule: 'FD-RESP-FORMS, FD-SW-DETAILS: getDepositSwitchDetails answers updatedDate as a number of epoch seconds, where provider 1.35.0 DepositSwitchDetails.updatedDate is an ISO 8601 date-time text (YYYY-MM-DDThh:mm:ssZ) as createdDate is.',
      answer: switches.answered('getDepositSwitchDetails', (b) => ({ ...b, updatedDate: Math.floor(Date.parse(b.updatedDate) / 1000) })),
      ...provider,
      ...blind,
    }),
    switches.fault('i50-fd-sw-deposit-list-first-created-date', {
      rule: "FD-SW-DETAILS: getAllDepositSwitches gives every listed switch the createdDate of the customer's first deposit switch, so the list and a switch's details disagree on when it was performed (seed 002, details by switch_id; provider 1.35.0 createdDate).",
      answer: switches.answered('getAllDepositSwitches', (b) => ({
        ...b,
        switches: b.switches.map((s: { createdDate: string }) => ({ ...s, createdDate: b.switches[0]?.createdDate ?? s.createdDate })),
      })),
      ...blind,
    }),
    switches.fault('i50-fd-sw-external-list-first-only', {
      rule: 'FD-SW-EXTERNAL: getAllExternalDepositSwitches lists only the first deposit switch carrying the external id, where the list holds exactly the deposit switches carrying it, every one (seed 002, Resources - Switch: also found by external_id).',
      answer: switches.answered('getAllExternalDepositSwitches', (b) => ({ ...b, switches: b.switches.slice(0, 1) })),
      ...blind,
    }),
    switches.fault('i50-fd-sw-bill-pay-list-holds-deposits', {
      rule: "FD-SW-LIST: getAllPaySwitches also lists the customer's deposit switches (the kind filter dropped on this path), where a list holds only the switches of its kind (seed 002, Resources - Switch: deposit or bill pay switch).",
      answer: switches.answered('getAllPaySwitches', (b, x) => ({ ...b, switches: (x.pool ?? []).slice(0, 10).map(summary) })),
      ...blind,
    }),
    switches.fault('i50-fd-sw-bank-method-empty-type', {
      rule: "FD-SW-PAYMENT-METHOD-TYPE: a bill pay switch's bank payment method answers its type as an empty text, where each payment method names a non-empty type (provider 1.35.0 paymentMethods.type, possible values card and bank).",
      answer: switches.answered('getBillPaySwitchDetails', (b) => ({
        ...b,
        paymentMethods: b.paymentMethods?.map((p: { type: string }) => (p.type === 'bank' ? { ...p, type: '' } : p)),
      })),
      ...provider,
      ...blind,
    }),
  ]),
  ...inFamily('customers', [
    customers.fault('i50-fd-cust-search-finds-deleted', {
      rule: 'FD-CUST-DELETE: once a customer is deleted (204), GetCustomers with a search text still lists it (the search index kept the deleted customer), where after the delete GetCustomers no longer lists it by search (seed 002, Customers: delete removes access to the customer).',
      state: customers.changed('delete', (c, x, m) => {
        if (c.removed && x.customer) m.gone = [...(m.gone ?? []), x.customer];
        return c;
      }),
      answer: customers.answered('GetCustomers', (b, x, m) => {
        const search = x.filters?.search;
        const held = new Set(b.customers.map((c: { id: string }) => c.id));
        const back = ((m.gone ?? []) as NonNullable<typeof x.customer>[]).filter(
          (c) => search !== undefined && c.partnerId === x.input.partner?.id && !held.has(c.id) && matches(c, search),
        );
        return back.length
          ? {
              ...b,
              found: b.found + back.length,
              displaying: b.displaying + back.length,
              customers: [...b.customers, ...back.map(customerView)],
            }
          : b;
      }),
      ...blind,
    }),
    customers.fault('i50-fd-cust-type-active-lists-testing', {
      rule: 'FD-CUST-FILTER-TYPE: GetCustomers with type active lists testing customers too (active read as not deleted, the type filter dropped), where type active lists exactly the active customers (seed 002, Customers: query type; States: testing, active).',
      judge: customers.fold(
        'filters',
        (x) => x.op === 'GetCustomers' && x.filters?.type === 'active',
        (x) => {
          x.filters = { ...x.filters, type: undefined };
        },
      ),
      ...blind,
    }),
    customers.fault('i50-fd-cust-username-filter-any-case', {
      rule: 'FD-CUST-FILTER-USERNAME: GetCustomers with username finds the customer whose username differs from the text only in letter case, where the username parameter is an exact match (provider 1.35.0 CustomerUsernameParameter: for an exact match).',
      judge: customers.fold(
        'filters',
        (x) => x.op === 'GetCustomers' && x.filters?.username !== undefined,
        (x) => {
          const wanted = x.filters!.username!.toLowerCase();
          const held = [...x.world.customers.values()].find(
            (c) => c.partnerId === x.input.partner?.id && c.username?.toLowerCase() === wanted,
          );
          if (held) x.filters = { ...x.filters, username: held.username };
        },
      ),
      ...provider,
      ...blind,
    }),
    customers.fault('i50-fd-cust-modify-last-name-into-first', {
      rule: 'FD-CUST-MODIFY: a ModifyCustomer sending lastName alone stores it as the firstName and leaves lastName as it was, where the names sent read back through every reader, each in its own member (seed 002, Customers: modify firstName, lastName, or both).',
      state: customers.changed('modify', (c) =>
        c.firstName === undefined && c.lastName !== undefined ? { ...c, firstName: c.lastName, lastName: undefined } : c,
      ),
      ...blind,
    }),
    customers.fault('i50-fd-cust-list-names-swapped', {
      rule: 'FD-CUST-READ: GetCustomers lists each customer with the first and last names swapped (firstName carries the lastName sent), where every reader shows the names the customer was created with (seed 002, Resources - Customer: firstName, lastName).',
      answer: customers.answered('GetCustomers', (b) => ({
        ...b,
        customers: b.customers?.map((c: { firstName?: string; lastName?: string }) => ({
          ...c,
          firstName: c.lastName,
          lastName: c.firstName,
        })),
      })),
      ...blind,
    }),
  ]),
];
