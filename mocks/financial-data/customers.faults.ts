import { always, assumption, blind, faultCatalogue, provider, schema, telling, was, type FaultMemory, type SeamFn } from '../kit/faults.js';
import { faultKit } from './fault-builders.js';
import { matches, type CustomerSeams, type Exchange } from './customers.records.js';
import { usernameKey, type Customer } from './state.js';

type Judge = SeamFn<CustomerSeams, 'judge'>;
type Answering = SeamFn<CustomerSeams, 'answer'>;
type Stating = SeamFn<CustomerSeams, 'state'>;
type Op = Exchange['op'];
type When = (x: Exchange, memory: FaultMemory) => boolean;
type View = Record<string, any>;
const { fault, fold, skip, refuse, on, writtenThenRefused, changed, answered } = faultKit<CustomerSeams>();
const partnerOf = (x: Exchange) => x.input.partner?.id ?? '';
/** The caller's customers, in creation order. */
const partnerCustomers = (x: Exchange) => [...x.world.customers.values()].filter((c) => c.partnerId === partnerOf(x));
const searched = (x: Exchange) => x.filters?.search !== undefined;
const capital = (s: unknown) => (typeof s === 'string' ? s.charAt(0).toUpperCase() + s.slice(1) : s);
/** The customer of the path found otherwise (`find`) where the sources find none, on `op`. */
const findsOtherwise = (op: Op, find: (x: Exchange, memory: FaultMemory) => Customer | undefined): Judge =>
  skip(
    'customer',
    (x, m) => x.op === op && find(x, m) !== undefined,
    (x, m) => (x.customer = find(x, m)),
  );
/** The list made again from the caller's customers of the type with `keep`, judging username (unless `exactUsername`) and the search. */
const relisted = (when: When, keep: (c: Customer, x: Exchange, memory: FaultMemory) => boolean, exactUsername = true): Judge =>
  fold('list', when, (x, m) => {
    const { username, type } = x.filters!;
    x.list = partnerCustomers(x).filter(
      (c) =>
        (!exactUsername || username === undefined || c.username === username) && (type === undefined || c.type === type) && keep(c, x, m),
    );
  });
/** The customers deleted, kept in the fault's memory (what a "still there" fault shows). */
const keepDeleted: Stating = changed('delete', (_c, x, m) => {
  m.deleted = [...(m.deleted ?? []), x.customer!];
});
const deletedOf = (x: Exchange, m: FaultMemory): Customer[] =>
  (m.deleted ?? []).filter((c: Customer) => c.partnerId === partnerOf(x) && !x.world.customers.has(c.id));
/** Each customer of a list's page made otherwise. */
const listed = (bend: (view: View, x: Exchange, memory: FaultMemory) => View): Answering =>
  answered('GetCustomers', (b, x, m) => ({ ...b, customers: b.customers.map((v: View) => bend(v, x, m)) }));
/** The counts of a list's page made otherwise. */
const counted = (bend: (body: View, x: Exchange, memory: FaultMemory) => void): Answering =>
  answered('GetCustomers', (b, x, m) => {
    const copy = { ...b };
    bend(copy, x, m);
    return copy;
  });

export const CUSTOMERS_FAULTS = faultCatalogue([
  // --- Create (seed 002, Customers: AddTestingCustomer, AddCustomer; Resources - Customer)
  fault('fd-cust-create-answers-200', 'FD-CUST-CREATE: customer creation answers 200, not 201', {
    answer: (x, a) => ((x.op === 'AddCustomer' || x.op === 'AddTestingCustomer') && a.status === 201 ? { ...a, status: 200 } : a),
  }),
  fault('fd-cust-type-active-created-as-testing', 'FD-CUST-TYPE: AddCustomer makes a testing customer', {
    state: changed('create', (c) => ({ ...c, customer: { ...c.customer, type: 'testing' } })),
  }),
  fault('fd-obj-read-only-active-dates-from-body', {
    rule: "FD-OBJ-READ-ONLY: AddCustomer stores the createdDate and lastModifiedDate a create body sends instead of its own (the type stays the operation's)",
    state: changed('create', (c, x) => {
      if (x.op !== 'AddCustomer') return;
      const { createdDate, lastModifiedDate } = x.input.body;
      return {
        ...c,
        customer: {
          ...c.customer,
          ...(createdDate !== undefined ? { createdDate } : {}),
          ...(lastModifiedDate !== undefined ? { lastModifiedDate } : {}),
        } as Customer,
      };
    }),
    ...provider,
  }),
  fault('fd-optional-ids-active-customer-application-dropped', {
    rule: "FD-OPTIONAL-IDS: AddCustomer answers 201 to a body naming the caller's application and keeps no application: GetCustomer shows none",
    state: changed('create', (c, x) => (x.op === 'AddCustomer' ? { ...c, customer: { ...c.customer, applicationId: undefined } } : c)),
  }),
  fault('fd-cust-username-unique-across-partners', {
    rule: "FD-CUST-USERNAME-UNIQUE: uniqueness is checked across every partner, so another partner's username is refused 409",
    judge: refuse(
      'username',
      (x) => [...x.world.customers.values()].some((c) => c.username === x.input.body.username),
      () => ({ status: 409, message: 'A customer with this username already exists' }),
    ),
  }),
  fault('fd-cust-username-rules-length-unenforced', 'FD-CUST-USERNAME-RULES: the username minLength and maxLength are not enforced', {
    relax: schema('Username', { drop: ['minLength', 'maxLength'] }),
    ...assumption,
  }),
  fault('fd-cust-filter-username-ignored', 'FD-CUST-FILTER-USERNAME: username does not restrict the list', {
    judge: fold('filters', always, (x) => (x.filters!.username = undefined)),
    ...blind,
    ...was('blind-username-filter-ignored'),
  }),
  fault('fd-page-keeps-query-search-later-page-type-dropped', {
    rule: 'FD-PAGE-KEEPS-QUERY: with a search and a type, a page after the first is answered without the type filter',
    judge: fold(
      'filters',
      (x) => searched(x) && Number(x.input.query.start ?? 1) > 1,
      (x) => (x.filters!.type = undefined),
    ),
    ...provider,
  }),
  fault('fd-cust-search-names-not-matched', 'FD-CUST-SEARCH: search matches the username only, never the names', {
    judge: relisted(searched, (c, x) => matches({ ...c, firstName: undefined, lastName: undefined }, x.filters!.search!)),
  }),
  fault('fd-cust-search-matches-email', 'FD-CUST-SEARCH: search also matches the e-mail address', {
    judge: relisted(
      searched,
      (c, x) => matches(c, x.filters!.search!) || (c.email ?? '').toLowerCase().includes(x.filters!.search!.trim().toLowerCase()),
    ),
  }),
  fault('fd-cust-no-search-all-returns-none', 'FD-CUST-NO-SEARCH-ALL: with no search text and no username no customer is returned', {
    judge: fold(
      'list',
      (x) => !searched(x) && x.filters!.username === undefined,
      (x) => (x.list = []),
    ),
  }),
  fault('fd-cust-delete-still-listed', 'FD-CUST-DELETE, FD-PROP-DELETE-FREES: a deleted customer is still listed', {
    state: keepDeleted,
    judge: fold('list', always, (x, m) => {
      const { username, type, search } = x.filters!;
      const ghosts = deletedOf(x, m).filter(
        (c) =>
          (username === undefined || c.username === username) &&
          (type === undefined || c.type === type) &&
          (search === undefined || matches(c, search)),
      );
      x.list = [...x.list!.slice(0, x.list!.length), ...ghosts];
    }),
    ...blind,
    ...was('blind-deleted-customer-still-listed'),
  }),
  fault('fd-cust-counts-after-delete-search-found-counts-deleted', {
    rule: "FD-CUST-COUNTS-AFTER-DELETE: with search text, found still counts the partner's deleted customers it matches",
    state: keepDeleted,
    answer: counted((b, x, m) => {
      if (searched(x))
        b.found += deletedOf(x, m).filter(
          (c) => (x.filters!.type === undefined || c.type === x.filters!.type) && matches(c, x.filters!.search!),
        ).length;
    }),
  }),
  fault('fd-page-counts-found-ignores-type', {
    rule: 'FD-PAGE-COUNTS, FD-CUST-FILTER-TYPE: with a type filter, found counts every customer of the partner',
    answer: counted((b, x) => {
      if (x.input.query.type) b.found = partnerCustomers(x).length;
    }),
    ...provider,
  }),
  fault('fd-cust-read-list-names-capitalised', 'FD-CUST-READ, FD-CUST-MODIFY: GetCustomers shows the names with a capital first letter', {
    answer: listed((v) => ({ ...v, firstName: capital(v.firstName), lastName: capital(v.lastName) })),
    ...telling,
  }),
  fault('fd-obj-exact-id-read-by-prefix', 'FD-OBJ-EXACT-ID: GetCustomer serves the customer whose id starts with the one asked', {
    judge: findsOtherwise('GetCustomer', (x) => partnerCustomers(x).find((c) => c.id.startsWith(String(x.input.path.customerId)))),
  }),
  fault('fd-prop-refused-no-trace-other-partner-delete', {
    rule: "FD-OBJ-OTHER-PARTNER, FD-PROP-REFUSED-NO-TRACE: DeleteCustomer answers 404 for another partner's customer but deletes it",
    judge: writtenThenRefused('customer', on('DeleteCustomer'), (x) => {
      const c = x.world.customers.get(String(x.input.path.customerId));
      if (!c) return;
      x.world.customers.delete(c.id);
      if (x.world.usernames.get(usernameKey(c.partnerId, c.username)) === c.id)
        x.world.usernames.delete(usernameKey(c.partnerId, c.username));
    }),
  }),
  fault('fd-cust-app-missing', "FD-CUST-APP: GetCustomerWithAppData answers without the customer's application", {
    answer: answered('GetCustomerWithAppData', ({ applicationId: _id, applicationName: _name, ...b }) => b),
  }),

  // --- Modify (seed 002, Customers: ModifyCustomer takes firstName, lastName or both; Errors 403)
  fault('fd-cust-modify-required-empty-accepted', {
    rule: 'FD-CUST-MODIFY-REQUIRED: a modification naming neither firstName nor lastName is taken',
    relax: schema('CustomerUpdate', { drop: ['anyOf'] }),
  }),
  fault('fd-cust-modify-ignored', 'FD-CUST-MODIFY: ModifyCustomer answers 204 and changes nothing', {
    state: changed('modify', () => ({ op: 'modify' })),
  }),
  fault('fd-modify-leaves-others-clears-phone', 'FD-CUST-MODIFY, FD-MODIFY-LEAVES-OTHERS: a modification loses the phone', {
    state: changed('modify', (_c, x) => {
      x.customer!.phone = undefined;
    }),
  }),
  fault('fd-cust-disputed-modify-allowed', 'FD-CUST-DISPUTED: a customer with a disputed statement is modified', {
    judge: skip('dispute'),
  }),
  fault('fd-not-found-delete-unknown-400', 'FD-CUST-DELETE, FD-NOT-FOUND: an unknown customer id on delete is answered 400, not 404', {
    judge: (x, s, r) => (r && s === 'customer' && x.op === 'DeleteCustomer' ? { status: 400, message: 'Invalid customer id' } : r),
  }),
  fault('fd-cons-outlives-deleted-with-customer', 'FD-CONS-OUTLIVES: the consumer is deleted with its customer', {
    state: changed('delete', (_c, x) => {
      for (const [id, consumer] of x.world.consumers) if (consumer.customerId === x.customer!.id) x.world.consumers.delete(id);
      x.world.consumerOf.delete(x.customer!.id);
    }),
  }),
]);
