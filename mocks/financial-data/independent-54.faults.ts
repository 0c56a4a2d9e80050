// Faults written blind (independent set 54): from seed 002 and the provider's document 1.35.0 only, the suite unread. Each names the
// statement it breaks, and is shown live against `npm run mock` (/work/w54f-live/I54.md).
import { blind, provider, type Reply } from '../kit/faults.js';
import type { CustomerSeams } from './customers.records.js';
import { faultKit } from './fault-builders.js';

const kit = faultKit<CustomerSeams>();

/** The JSON answer of `op` (a success) rewritten by `bend`; any other answer, or one that is not JSON, unchanged. */
const rewrite =
  (op: string, bend: (json: any) => unknown) =>
  (x: Reply, body: string): string => {
    if (x.operationId !== op || x.status >= 400) return body;
    try {
      const json = JSON.parse(body);
      return json && typeof json === 'object' ? JSON.stringify(bend(json) ?? json) : body;
    } catch {
      return body;
    }
  };

const eachInstitution = (json: any, bend: (i: any, n: number, all: any[]) => void) => {
  if (Array.isArray(json.institutions)) json.institutions.forEach(bend);
  return json;
};

export const INDEPENDENT_54_FAULTS = [
  kit.fault('i54-fd-branding-color-rgb', {
    rule: 'FD-RESP-FORMS: GetInstitutionBranding answers branding.primaryColor in CSS functional notation (rgb(r,g,b)), where provider 1.35.0 Branding.primaryColor is a hex code (its pattern: hexadecimal digits, the leading # optional).',
    ...blind,
    ...provider,
    reply: rewrite('GetInstitutionBranding', (j) => {
      const hex = String(j.branding?.primaryColor ?? '').replace('#', '');
      if (j.branding && hex.length === 6) {
        const [r, g, b] = [0, 2, 4].map((k) => Number.parseInt(hex.slice(k, k + 2), 16));
        j.branding.primaryColor = `rgb(${r},${g},${b})`;
      }
    }),
  }),
  kit.fault('i54-fd-rssd-id-text', {
    rule: 'FD-RESP-FORMS: GetCertifiedInstitutionsWithRSSD answers each institution rssd as text (a JSON string of its digits), where provider 1.35.0 RssdId is an integer.',
    ...blind,
    ...provider,
    reply: rewrite('GetCertifiedInstitutionsWithRSSD', (j) =>
      eachInstitution(j, (i) => {
        if (typeof i.rssd === 'number') i.rssd = String(i.rssd);
      }),
    ),
  }),
  kit.fault('i54-fd-certified-requested-date-iso', {
    rule: 'FD-RESP-FORMS, FD-DATE-UNIT: GetCertifiedInstitutions answers requestedDate as an ISO 8601 date-time string, where provider 1.35.0 CertifiedInstitutions.requestedDate is a date in epoch seconds (an integer).',
    ...blind,
    ...provider,
    reply: rewrite('GetCertifiedInstitutions', (j) => {
      if (typeof j.requestedDate === 'number') j.requestedDate = new Date(j.requestedDate * 1000).toISOString();
    }),
  }),
  kit.fault('i54-fd-consumer-by-id-created-iso', {
    rule: 'FD-RESP-FORMS, FD-DATE-UNIT: GetConsumer (by consumer id) answers createdDate as an ISO 8601 date-time string, where provider 1.35.0 Consumer.createdDate is a date in epoch seconds (an integer); GetConsumerForCustomer keeps the integer.',
    ...blind,
    ...provider,
    reply: rewrite('GetConsumer', (j) => {
      if (typeof j.createdDate === 'number') j.createdDate = new Date(j.createdDate * 1000).toISOString();
    }),
  }),
  kit.fault('i54-fd-consumer-birthday-day-month', {
    rule: 'FD-CONS-READ: GetConsumerForCustomer answers the birthday with month and dayOfMonth read from each other (a day-first date read month-first), so a consumer born on the 9th of March reads born on the 3rd of September, where seed 002 Consumers says the consumer reads back with the birthday it was created with.',
    ...blind,
    reply: rewrite('GetConsumerForCustomer', (j) => {
      const b = j.birthday;
      if (b && b.dayOfMonth <= 12) [b.month, b.dayOfMonth] = [b.dayOfMonth, b.month];
    }),
  }),
  kit.fault('i54-fd-list-lastname-from-firstname', {
    rule: 'FD-CUST-READ: GetCustomers (by username) answers each customer lastName with the firstName it holds, where seed 002 Customers says every reader shows the names the customer was created with (GetCustomer keeps both).',
    ...blind,
    reply: rewrite('GetCustomers', (j) => {
      for (const c of Array.isArray(j.customers) ? j.customers : []) if (c.firstName !== undefined) c.lastName = c.firstName;
    }),
  }),
  kit.fault('i54-fd-institution-home-url-schemeless', {
    rule: 'FD-INST-URLS, FD-INST-SAME-RECORD: GetInstitution answers urlHomeApp without its scheme (host and path only, a relative reference) while GetInstitutions gives the https link, where provider 1.35.0 Institution URL members are links to the institution site and an institution reads the same on every reader.',
    ...blind,
    ...provider,
    reply: rewrite('GetInstitution', (j) => {
      const i = j.institution;
      if (i && typeof i.urlHomeApp === 'string') i.urlHomeApp = i.urlHomeApp.replace(/^https?:\/\//, '');
    }),
  }),
  kit.fault('i54-fd-customers-displaying-found', {
    rule: 'FD-DERIVED-COUNTS: GetCustomers answers displaying as found (every customer the request selects over all pages) on a page holding fewer, where provider 1.35.0 DisplayingResults is the number of records in this page.',
    ...blind,
    ...provider,
    reply: rewrite('GetCustomers', (j) => {
      if (typeof j.found === 'number') j.displaying = j.found;
    }),
  }),
  kit.fault('i54-fd-business-by-id-unwrapped', {
    rule: 'FD-BUS-READ, FD-RESP-FORMS: GetBusinessById answers the business as a bare object, not the array holding the one business that GetBusinessByCustomer answers, where provider 1.35.0 gives GetBusinessById the BusinessList body (an array of the one business).',
    ...blind,
    ...provider,
    reply: rewrite('GetBusinessById', (j) => (Array.isArray(j) && j.length === 1 ? j[0] : j)),
  }),
  kit.fault('i54-fd-customer-phone-grouped', {
    rule: 'FD-CUST-READ: GetCustomer answers a phone of digits formatted for display ((555) 123-4567), not as the customer was created with, where seed 002 Customers says every reader shows the phone the customer was created with.',
    ...blind,
    reply: rewrite('GetCustomer', (j) => {
      const m = /^(\d{3})(\d{3})(\d{4})$/.exec(String(j.phone ?? ''));
      if (m) j.phone = `(${m[1]}) ${m[2]}-${m[3]}`;
    }),
  }),
  kit.fault('i54-fd-institutions-first-branding', {
    rule: 'FD-INST-SAME-RECORD: GetInstitutions gives every institution of a page the branding of the page first institution (one branding object reused), so a second institution lists links that GetInstitution of that institution does not give, where provider 1.35.0 says an institution reads the same on every reader.',
    ...blind,
    ...provider,
    reply: rewrite('GetInstitutions', (j) =>
      eachInstitution(j, (i, n, all) => {
        if (n > 0 && all[0].branding) i.branding = all[0].branding;
      }),
    ),
  }),
  kit.fault('i54-fd-rssd-more-available-page', {
    rule: 'FD-DERIVED-COUNTS: GetCertifiedInstitutionsWithRSSD answers moreAvailable false on a first page that leaves institutions out (found above displaying), the flag derived from the page alone, where provider 1.35.0 MoreResultsAvailable says whether more pages are available after this one.',
    ...blind,
    ...provider,
    reply: rewrite('GetCertifiedInstitutionsWithRSSD', (j) => {
      if (typeof j.moreAvailable === 'boolean') j.moreAvailable = false;
    }),
  }),
  kit.fault('i54-fd-active-created-date-text', {
    rule: 'FD-RESP-FORMS: the 201 of AddCustomer (the active path) answers createdDate as text (the string form the customer lists use), where provider 1.35.0 CreatedCustomer.createdDate is an integer in epoch seconds; AddTestingCustomer keeps the integer.',
    ...blind,
    ...provider,
    reply: rewrite('AddCustomer', (j) => {
      if (typeof j.createdDate === 'number') j.createdDate = String(j.createdDate);
    }),
  }),
  kit.fault('i54-fd-consumer-by-id-ssn-padded', {
    rule: 'FD-CONS-SSN-LAST-FOUR: GetConsumer (by consumer id) answers ssn as a padded mask (a run of X before its last four digits), where provider 1.35.0 Consumer.ssn is the last four digits of the SSN and nothing else.',
    ...blind,
    ...provider,
    reply: rewrite('GetConsumer', (j) => {
      if (typeof j.ssn === 'string' && /^\d{4}$/.test(j.ssn)) j.ssn = `XXXXX${j.ssn}`;
    }),
  }),
  kit.fault('i54-fd-institution-unwrapped', {
    rule: 'FD-RESP-FORMS, FD-INST-GET: GetInstitution answers the institution record at the top of its body, not inside the institution member provider 1.35.0 InstitutionWrapper declares.',
    ...blind,
    ...provider,
    reply: rewrite('GetInstitution', (j) => (j.institution && typeof j.institution === 'object' ? j.institution : j)),
  }),
];
