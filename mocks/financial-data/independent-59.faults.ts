// Faults written blind (independent set 59): from seed 002 and the provider's document 1.35.0 only, the suite unread. Each names the
// statement it breaks, and is shown live against `npm run mock` (/work/w59f-live/I59.md).
import { blind, provider } from '../kit/faults.js';
import type { ConsumerSeams } from './consumers.records.js';
import type { CustomerSeams } from './customers.records.js';
import type { EnrichmentSeams } from './enrichment.records.js';
import { faultKit } from './fault-builders.js';
import type { InstitutionSeams } from './institutions.records.js';

const customers = faultKit<CustomerSeams>();
const consumers = faultKit<ConsumerSeams>();
const enrichment = faultKit<EnrichmentSeams>();
const institutions = faultKit<InstitutionSeams>();

/** Each institution of a list answer bent by `f`. */
const eachInstitution = (body: any, f: (i: any) => any) =>
  Array.isArray(body?.institutions) ? { ...body, institutions: body.institutions.map(f) } : body;
/** Each enriched transaction of an answer bent by `f` (with its index and the whole list). */
const eachEnriched = (body: any, f: (t: any, n: number, all: any[]) => any) =>
  Array.isArray(body?.transactions) ? { ...body, transactions: body.transactions.map(f) } : body;

export const INDEPENDENT_59_FAULTS = [
  institutions.fault('i59-fd-certified-found-page', {
    rule: 'FD-PAGE-COUNTS: GetCertifiedInstitutions answers found as the number of institutions of the page shown (its displaying), not of every institution the search selects over all its pages, where provider 1.35.0 CertifiedInstitutions.found is the total number of records matching the criteria',
    family: 'institutions',
    answer: institutions.answered('GetCertifiedInstitutions', (b) =>
      Array.isArray(b?.institutions) ? { ...b, found: b.institutions.length } : b,
    ),
    ...blind,
    ...provider,
  }),
  institutions.fault('i59-fd-routing-id-text', {
    rule: 'FD-INST-SAME-RECORD, FD-RESP-FORMS: GetInstitutionsByRoutingNumber answers each institution id as text (a JSON string of its digits), while GetInstitutions gives the integer, where provider 1.35.0 Institution.id is an integer and the routing-number lookup gives the members of the GetInstitutions record',
    family: 'institutions',
    answer: institutions.answered('GetInstitutionsByRoutingNumber', (b) => eachInstitution(b, (i) => ({ ...i, id: String(i.id) }))),
    ...blind,
    ...provider,
  }),
  institutions.fault('i59-fd-brand-icon-raster', {
    rule: 'FD-BRAND: GetInstitutionBranding answers the icon link as the raster image (its path ending .png) instead of the SVG file, where seed 002 Institutions says branding links to SVG branding assets',
    family: 'institutions',
    answer: institutions.answered('GetInstitutionBranding', (b) =>
      typeof b?.branding?.icon === 'string' ? { ...b, branding: { ...b.branding, icon: b.branding.icon.replace(/\.svg$/, '.png') } } : b,
    ),
    ...blind,
  }),
  institutions.fault('i59-fd-inst-more-available-last-page', {
    rule: 'FD-DERIVED-COUNTS, FD-PAGE-COUNTS: GetInstitutions derives moreAvailable from found against limit alone (the start left out), so the last page of a set larger than one page still says more are available, where provider 1.35.0 MoreAvailable is true only when more records remain past the page',
    family: 'institutions',
    answer: (x, a) => {
      const b = (a as { body?: any }).body;
      if (x.op !== 'GetInstitutions' || a.status !== 200 || typeof b?.found !== 'number') return a;
      const limit = Number(x.input.query.limit ?? 25);
      return { ...a, body: { ...b, moreAvailable: b.found > limit } };
    },
    ...blind,
    ...provider,
  }),
  institutions.fault('i59-fd-inst-created-millis', {
    rule: 'FD-DATE-UNIT: GetInstitutions answers createdDate in epoch milliseconds, where provider 1.35.0 Institutions.createdDate is a date in epoch seconds',
    family: 'institutions',
    answer: institutions.answered('GetInstitutions', (b) =>
      typeof b?.createdDate === 'number' ? { ...b, createdDate: b.createdDate * 1000 } : b,
    ),
    ...blind,
    ...provider,
  }),
  customers.fault('i59-fd-cust-testing-username-lower', {
    rule: 'FD-CUST-CREATE: the 201 of AddTestingCustomer answers the username lower-cased (normalised on the testing path only), not the username sent, where seed 002 Customers says creation answers the new id and the username',
    family: 'customers',
    answer: customers.answered('AddTestingCustomer', (b) =>
      typeof b?.username === 'string' ? { ...b, username: b.username.toLowerCase() } : b,
    ),
    ...blind,
  }),
  customers.fault('i59-fd-cust-list-search-type', {
    rule: 'FD-CUST-READ: GetCustomers with a search text answers every customer listed with type active, a testing customer too (the type taken from the partner, not the customer), where seed 002 Customers says every reader shows the type the customer was created with',
    family: 'customers',
    answer: (x, a) => {
      const b = (a as { body?: any }).body;
      if (x.op !== 'GetCustomers' || a.status !== 200 || !x.input.query.search || !Array.isArray(b?.customers)) return a;
      return { ...a, body: { ...b, customers: b.customers.map((c: any) => ({ ...c, type: 'active' })) } };
    },
    ...blind,
  }),
  consumers.fault('i59-fd-cons-city-upper', {
    rule: 'FD-CONS-READ: GetConsumerForCustomer answers the city upper-cased (as an address normaliser writes it), not as the consumer was created with, where seed 002 Consumers says every field the consumer was created with reads back',
    family: 'consumers',
    answer: consumers.answered('GetConsumerForCustomer', (b) => (typeof b?.city === 'string' ? { ...b, city: b.city.toUpperCase() } : b)),
    ...blind,
  }),
  enrichment.fault('i59-fd-enrich-amount-sign', {
    rule: 'FD-ENRICH-KEYED: enrichTransactions answers each transaction amount as its absolute value, so a debit sent negative comes back positive, where seed 002 Transaction data enrichment says each transaction comes back with the amount sent',
    family: 'enrichment',
    answer: enrichment.answered('enrichTransactions', (b) =>
      eachEnriched(b, (t) => (typeof t.amount === 'number' ? { ...t, amount: Math.abs(t.amount) } : t)),
    ),
    ...blind,
  }),
  enrichment.fault('i59-fd-enrich-description-shifted', {
    rule: 'FD-ENRICH-KEYED: in a batch of two or more, enrichTransactions answers each transaction with the description of the transaction sent after it (the last one keeps its own), an index off by one, where seed 002 says each transaction comes back with the description sent under its own externalTransactionId',
    family: 'enrichment',
    answer: enrichment.answered('enrichTransactions', (b) =>
      eachEnriched(b, (t, n, all) => (n + 1 < all.length && 'description' in t ? { ...t, description: all[n + 1].description } : t)),
    ),
    ...blind,
  }),
  customers.fault('i59-fd-cust-get-email-lower', {
    rule: 'FD-CUST-READ: GetCustomer answers the email lower-cased, not as the customer was created with, where seed 002 Customers says every reader shows the email the customer was created with',
    family: 'customers',
    answer: customers.answered('GetCustomer', (b) => (typeof b?.email === 'string' ? { ...b, email: b.email.toLowerCase() } : b)),
    ...blind,
  }),
  consumers.fault('i59-fd-cons-by-id-zip-number', {
    rule: 'FD-RESP-FORMS, FD-CONS-READ: GetConsumer (by consumer id) answers zip as a JSON number of its digits, where provider 1.35.0 Consumer.zip is a string (and GetConsumerForCustomer gives it as text)',
    family: 'consumers',
    answer: consumers.answered('GetConsumer', (b) =>
      typeof b?.zip === 'string' && /^[0-9]+$/.test(b.zip) ? { ...b, zip: Number(b.zip) } : b,
    ),
    ...blind,
    ...provider,
  }),
  institutions.fault('i59-fd-rssd-requested-millis', {
    rule: 'FD-DATE-UNIT: GetCertifiedInstitutionsWithRSSD answers requestedDate in epoch milliseconds, where provider 1.35.0 gives the requested date of the certified lists in epoch seconds',
    family: 'institutions',
    answer: institutions.answered('GetCertifiedInstitutionsWithRSSD', (b) =>
      typeof b?.requestedDate === 'number' ? { ...b, requestedDate: b.requestedDate * 1000 } : b,
    ),
    ...blind,
    ...provider,
  }),
  enrichment.fault('i59-fd-enrich-customer-from-account', {
    rule: 'FD-ENRICH-KEYED: enrichTransactions answers each transaction externalCustomerId with the externalAccountId sent (the member filled from the wrong one), where seed 002 says each transaction comes back with the customer sent',
    family: 'enrichment',
    answer: enrichment.answered('enrichTransactions', (b) =>
      eachEnriched(b, (t) => ('externalAccountId' in t ? { ...t, externalCustomerId: t.externalAccountId } : t)),
    ),
    ...blind,
  }),
  consumers.fault('i59-fd-cons-birth-year-two-digits', {
    rule: 'FD-CONS-READ: GetConsumerForCustomer answers birthday.year as its last two digits, where seed 002 Consumers says every field the consumer was created with reads back and provider 1.35.0 Birthday.year is the year of birth',
    family: 'consumers',
    answer: consumers.answered('GetConsumerForCustomer', (b) =>
      typeof b?.birthday?.year === 'number' ? { ...b, birthday: { ...b.birthday, year: b.birthday.year % 100 } } : b,
    ),
    ...blind,
  }),
];
