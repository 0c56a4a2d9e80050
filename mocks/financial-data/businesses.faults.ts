// Faults of businesses: each a deviation a provider's release might ship, named by the rule it breaks
// (`fd-<rule id>-<deviation>`), its rule text starting with the ids of schemas/financial-data/rules.yaml
// it breaks (`rules`: the specs the targeted mutation run picks). A fault loosens the contract
// (`relax`) or bends businesses.ts at its seams: the request as judged (the customer, the one
// business per customer, the business of the path), what a write stores, the answer. An id
// docs/mutation.md names from before the move, and a blind fault's first id, stay as aliases.
import { faultCatalogue, type FaultMemory, type FaultSeams } from '../kit/faults.js';
import { faultKit, assumption, blind, provider, was } from './fault-builders.js';
import { businessView, type BusinessOp as Op, type BusinessSeams, type Change, type Exchange } from './businesses.records.js';

type Seams = FaultSeams<BusinessSeams>;
type Answering = NonNullable<Seams['answer']>;
type Stating = NonNullable<Seams['state']>;
type View = Record<string, any>;
const { fault, skip } = faultKit<BusinessSeams>();

// (a) What a write stores: functions at the state seam.
/** The fields `op` stores made otherwise. */
const stored =
  (op: Op, bend: (fields: View, x: Exchange) => View): Stating =>
  (x, c) =>
    x.op === op ? { ...c, fields: bend(c.fields, x) } : c;
/** A text member `name` the write of `op` stores, written otherwise. */
const storedText = (op: Op, name: string, bend: (v: string) => unknown): Stating =>
  stored(op, (f) => (typeof f[name] === 'string' ? { ...f, [name]: bend(f[name]) } : f));
/** The dates the update stores made otherwise. */
const dated =
  (bend: (c: Change, x: Exchange) => Partial<Change>): Stating =>
  (x, c) =>
    x.op === 'UpdateBusiness' ? { ...c, ...bend(c, x) } : c;

// (b) The answer: functions at the answer seam.
/** The record a success of `op` answers made otherwise (the readers' array: its one item). */
const answered =
  (op: Op, bend: (view: View, x: Exchange, memory: FaultMemory) => View | View[]): Answering =>
  (x, a, m) => {
    if (x.op !== op || a.status >= 400 || a.body === undefined) return a;
    if (!Array.isArray(a.body)) return { ...a, body: bend(a.body, x, m) };
    if (!a.body.length) return a;
    const bent = bend(a.body[0], x, m);
    return { ...a, body: Array.isArray(bent) ? bent : [bent] };
  };
/** A text member `name` of the record `op` answers, written otherwise. */
const shownText = (op: Op, name: string, bend: (v: string) => unknown): Answering =>
  answered(op, (v) => (typeof v[name] === 'string' ? { ...v, [name]: bend(v[name]) } : v));
/** A member `name` of the address or phone the record `op` answers, written otherwise (undefined: left out). */
const shownPart = (op: Op, part: 'address' | 'phoneNumber', name: string, bend: (v: string) => unknown): Answering =>
  answered(op, (v) => {
    const p = v[part];
    if (typeof p?.[name] !== 'string') return v;
    const { [name]: value, ...rest } = p;
    const bent = bend(value);
    return { ...v, [part]: bent === undefined ? rest : { ...rest, [name]: bent } };
  });
/** A refusal of `op` with `status` answered otherwise. */
const refusal =
  (op: Op, status: number, bend: (x: Exchange) => BusinessSeams['answer'] | undefined): Answering =>
  (x, a) =>
    x.op === op && a.status === status && a.message !== undefined ? (bend(x) ?? a) : a;
/** The record on file with another partner's id, found by the id alone. */
const anyPartner = (x: Exchange) => !!(x.business = x.world.businesses.get(x.input.path.business_id));

export const BUSINESSES_FAULTS = faultCatalogue([
  fault('fd-negative-business-phone-short-taken', 'FD-NEGATIVE: a business phone number shorter than the contract minLength is taken', {
    relax: [{ schema: 'BusinessPhone', at: ['properties', 'phoneNo'], drop: ['minLength'] }],
    ...provider,
  }),

  // --- One business per customer (seed 002, Businesses and Limits; Errors 409)
  fault('fd-bus-one-duplicate-accepted', 'FD-BUS-ONE: a second business of the customer is accepted (200), not refused 409', {
    judge: skip('unique'),
    ...was('duplicate-business-accepted'),
  }),
  fault('fd-bus-one-unique-by-name', {
    rule: 'FD-BUS-ONE: uniqueness keyed on the customer and the business name, so a second one under another name is accepted',
    judge: skip('unique', (x) => !x.mine!.some((b) => b.fields.name === x.input.body.name)),
    ...blind('blind-business-unique-by-name'),
  }),
  fault('fd-bus-one-second-add-400', 'FD-BUS-ONE: a second business of the customer answered 400, not 409', {
    answer: refusal('AddBusinessDetails', 409, () => ({ status: 400, message: 'The customer already has a business' })),
  }),
  fault('fd-bus-one-refused-second-overwrites-name', {
    rule: 'FD-BUS-ONE, FD-PROP-REFUSED-NO-TRACE: a second AddBusinessDetails is refused 409 but the business on record takes its name',
    judge: (x, s, r) => {
      if (s === 'unique' && r && typeof x.input.body.name === 'string')
        for (const b of x.mine!) b.fields = { ...b.fields, name: x.input.body.name };
      return r;
    },
  }),
  fault('fd-bus-read-add-answers-201', 'FD-BUS-READ, FD-BUS-ONE: a new business is answered 201 Created, not the documented 200', {
    answer: (x, a) => (x.op === 'AddBusinessDetails' && a.status === 200 ? { ...a, status: 201 } : a),
  }),

  // --- What the add stores (seed 002, Businesses: every field sent reads back, by customer and by id)
  fault('fd-bus-read-add-drops-optional', 'FD-BUS-READ: AddBusinessDetails stores no url, email, type or taxId', {
    state: stored('AddBusinessDetails', ({ url: _u, email: _e, type: _t, taxId: _x, ...kept }) => kept),
  }),
  fault('fd-bus-read-add-name-cut', 'FD-BUS-READ: AddBusinessDetails cuts the name to a storage column shorter than the contract allows', {
    state: storedText('AddBusinessDetails', 'name', (v) => v.slice(0, 100)),
    origin: 'telling',
  }),
  fault('fd-bus-read-add-city-angles-escaped', {
    rule: 'FD-BUS-READ, FD-PROP-ECHO-AS-SENT: AddBusinessDetails stores the address city with < and > as &lt; and &gt;; the answer and both readers show it so',
    state: stored('AddBusinessDetails', (f) =>
      typeof f.address?.city === 'string'
        ? { ...f, address: { ...f.address, city: f.address.city.replace(/</g, '&lt;').replace(/>/g, '&gt;') } }
        : f,
    ),
    origin: 'seeded',
    ...was('seeded-fam26b-business-add-city-angles-escaped'),
  }),
  fault('fd-bus-read-add-taxid-leading-zeros-dropped', {
    rule: 'FD-BUS-READ: the add path stores taxId through a number, so a tax id starting with 0 loses its zeros',
    state: storedText('AddBusinessDetails', 'taxId', (v) => (/^\d+$/.test(v) ? String(Number(v)) : v)),
  }),
  fault('fd-obj-read-only-business-members-stored', {
    rule: "FD-OBJ-READ-ONLY: businessId, createdDate and modifiedDate sent in a business body are stored and read back instead of the service's own",
    answer: (x, a) => {
      if (a.status >= 400 || !x.business) return a;
      const { businessId, createdDate, modifiedDate } = x.business.fields;
      const sent = Object.fromEntries(Object.entries({ businessId, createdDate, modifiedDate }).filter(([, v]) => v !== undefined));
      return { ...a, body: Array.isArray(a.body) ? a.body.map((v) => ({ ...v, ...sent })) : { ...a.body, ...sent } };
    },
    ...provider,
  }),

  // --- Whose business is reached (seed 002, Errors 404; FD-OBJ-OTHER-PARTNER, FD-OBJ-AFTER-DELETE)
  fault('fd-cust-delete-linked-business-by-customer-served', {
    rule: 'FD-CUST-DELETE-LINKED: a deleted customer is still reached through GetBusinessByCustomer',
    judge: skip(
      'customer',
      (x) => x.op === 'GetBusinessByCustomer' && !x.world.customers.has(x.input.path.customer_id),
      (x) => (x.ownerId = x.input.path.customer_id),
    ),
    ...assumption,
  }),
  fault('fd-obj-other-partner-business-by-customer', {
    rule: 'FD-OBJ-OTHER-PARTNER, FD-BUS-READ: GetBusinessByCustomer finds the customer whatever its partner, so another partner reads the business',
    judge: skip(
      'customer',
      (x) => x.op === 'GetBusinessByCustomer' && x.world.customers.has(x.input.path.customer_id),
      (x) => {
        x.customer = x.world.customers.get(x.input.path.customer_id);
        x.ownerId = x.customer!.id;
      },
    ),
  }),
  fault('fd-obj-other-partner-business-update', {
    rule: "FD-OBJ-OTHER-PARTNER, FD-BUS-UPDATE: UpdateBusiness overwrites another partner's business found by its id (200), while GetBusinessById answers 404",
    judge: skip('business', (x) => x.op === 'UpdateBusiness' && anyPartner(x)),
    ...assumption,
  }),
  fault('fd-obj-other-partner-business-update-404-but-applied', {
    rule: "FD-OBJ-OTHER-PARTNER, FD-PROP-REFUSED-NO-TRACE: UpdateBusiness answers 404 for another partner's business but replaces its fields",
    judge: (x, s, r) => {
      const foreign = x.world.businesses.get(x.input.path.business_id);
      if (s === 'business' && r && x.op === 'UpdateBusiness' && foreign) foreign.fields = { ...x.input.body };
      return r;
    },
  }),
  fault('fd-obj-other-partner-business-by-id', {
    rule: 'FD-OBJ-OTHER-PARTNER: GetBusinessById serves a business of another partner by its id, while UpdateBusiness and the by-customer read refuse it',
    judge: skip('business', (x) => x.op === 'GetBusinessById' && anyPartner(x)),
  }),
  fault('fd-obj-after-delete-business-owner-lost', {
    rule: 'FD-OBJ-AFTER-DELETE, FD-OBJ-OTHER-PARTNER: once its customer is deleted, another partner reads and updates the business by its id (200 instead of 404)',
    judge: skip('business', (x) => {
      const b = x.world.businesses.get(x.input.path.business_id);
      return x.op !== 'GetBusinessByCustomer' && !!b && !x.world.customers.has(b.customerId) && !!(x.business = b);
    }),
  }),

  // --- The readers (seed 002, Businesses: the GETs answer an array holding the one business)
  fault('fd-bus-none-404-by-customer-empty', 'FD-BUS-NONE-404: a customer without a business is answered 200 with an empty list, not 404', {
    answer: refusal('GetBusinessByCustomer', 404, (x) => (x.customer ? { status: 200, body: [] } : undefined)),
  }),
  fault('fd-bus-one-by-customer-listed-twice', 'FD-BUS-ONE, FD-BUS-READ: GetBusinessByCustomer lists the one business twice', {
    answer: answered('GetBusinessByCustomer', (v) => [v, { ...v }]),
  }),
  fault('fd-bus-read-by-customer-email-lowercased', {
    rule: 'FD-BUS-READ: GetBusinessByCustomer answers the e-mail lower-cased (GetBusinessById keeps it)',
    answer: shownText('GetBusinessByCustomer', 'email', (v) => v.toLowerCase()),
  }),
  fault('fd-bus-read-by-customer-name-accents-stripped', {
    rule: 'FD-BUS-READ, FD-PROP-ECHO-AS-SENT: GetBusinessByCustomer answers the name without its accents',
    answer: shownText('GetBusinessByCustomer', 'name', (v) => v.normalize('NFD').replace(/[\u0300-\u036f]/g, '')),
    ...was('i24-business-by-customer-name-accents-stripped'),
  }),
  fault('fd-event-date-fixed-business-by-customer-modified-now', {
    rule: 'FD-EVENT-DATE-FIXED: GetBusinessByCustomer dates the last change at the time of the read (provider 1.35.0 Business modifiedDate)',
    answer: answered('GetBusinessByCustomer', (v, x) => ({ ...v, modifiedDate: x.now })),
    ...assumption,
  }),
  fault('fd-bus-update-by-customer-stale', 'FD-BUS-UPDATE: GetBusinessByCustomer answers the business as it was before its first update', {
    state: (x, c, m) => {
      if (x.op === 'UpdateBusiness') m[x.business!.id] ??= businessView(x.business!);
      return c;
    },
    answer: answered('GetBusinessByCustomer', (v, x, m) => m[x.business!.id] ?? v),
  }),
  fault('fd-bus-update-by-id-cached', {
    rule: 'FD-BUS-UPDATE: GetBusinessById serves the record as it first read it (a read cache the update leaves), GetBusinessByCustomer is current',
    answer: answered('GetBusinessById', (v, x, m) => (m[x.business!.id] ??= v)),
  }),
  fault('fd-bus-read-by-id-name-html-escaped', {
    rule: 'FD-BUS-READ, FD-PROP-ECHO-AS-SENT: GetBusinessById gives the name HTML-escaped (& as &amp;, an apostrophe as &#39;)',
    answer: shownText('GetBusinessById', 'name', (v) =>
      v.replace(/&/g, '&amp;').replace(/'/g, '&#39;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;'),
    ),
    ...was('i18-business-by-id-name-html-escaped'),
  }),
  fault('fd-bus-read-by-id-phone-country-dropped', {
    rule: 'FD-BUS-READ: GetBusinessById answers the phone number without its country calling code',
    answer: shownPart('GetBusinessById', 'phoneNumber', 'countryCode', () => undefined),
  }),
  fault('fd-bus-read-by-id-postal-code-zip5', 'FD-BUS-READ: GetBusinessById cuts an extended ZIP code to its first five digits', {
    answer: shownPart('GetBusinessById', 'address', 'postalCode', (v) => v.slice(0, 5)),
    ...provider,
  }),
  fault('fd-bus-read-by-id-country-uppercased', 'FD-BUS-READ: GetBusinessById answers the address country code in upper case', {
    answer: shownPart('GetBusinessById', 'address', 'country', (v) => v.toUpperCase()),
  }),
  fault('fd-bus-read-by-id-dates-zoned', {
    rule: 'FD-BUS-READ, FD-PROP-SAME-ON-EVERY-READER: GetBusinessById writes both dates with a Z zone designator (provider 1.35.0 NoZoneDateTime)',
    answer: answered('GetBusinessById', (v) => ({ ...v, createdDate: `${v.createdDate}Z`, modifiedDate: `${v.modifiedDate}Z` })),
    ...provider,
  }),

  // --- The update (seed 002, Businesses: PUT with NewBusiness, 200; every field sent reads back)
  fault('fd-bus-update-ignored', 'FD-BUS-UPDATE: UpdateBusiness leaves the details as they were', {
    state: (x, c) => (x.op === 'UpdateBusiness' ? { ...c, fields: x.business!.fields, modifiedDate: x.business!.modifiedDate } : c),
  }),
  fault('fd-bus-update-ignores-address', 'FD-BUS-UPDATE: UpdateBusiness keeps the address on record', {
    state: stored('UpdateBusiness', (f, x) => ({ ...f, address: x.business!.fields.address })),
  }),
  fault('fd-bus-update-unknown-200', {
    rule: 'FD-BUS-UPDATE: an unknown business id is answered 200 with the body echoed under that id, and nothing is stored',
    answer: refusal('UpdateBusiness', 404, (x) =>
      x.world.businesses.has(x.input.path.business_id)
        ? undefined
        : { status: 200, body: { ...x.input.body, businessId: x.input.path.business_id } },
    ),
  }),
  fault('fd-not-found-business-update-unknown-400', 'FD-NOT-FOUND, FD-PROP-ERROR-STATUS: an unknown business id on update answers 400', {
    answer: refusal('UpdateBusiness', 404, () => ({ status: 400, message: 'Invalid business id' })),
  }),
  fault('fd-bus-update-answer-stale', {
    rule: 'FD-BUS-UPDATE: UpdateBusiness answers the record as it was before the update, while both readers show the new fields',
    state: (x, c, m) => {
      if (x.op === 'UpdateBusiness') m.before = businessView(x.business!);
      return c;
    },
    answer: answered('UpdateBusiness', (_v, _x, m) => m.before),
  }),
  fault('fd-prop-answer-is-state-business-update-created-now', {
    rule: 'FD-PROP-ANSWER-IS-STATE: UpdateBusiness answers createdDate as the time of the update while the business keeps its creation date',
    answer: answered('UpdateBusiness', (v) => ({ ...v, createdDate: v.modifiedDate })),
    origin: 'seeded',
    ...assumption,
    ...was('seeded-prop-business-update-answer-created-now'),
  }),
  fault('fd-bus-update-answer-email-dropped', {
    rule: 'FD-BUS-UPDATE: UpdateBusiness answers the record without its e-mail address (stored all the same)',
    answer: answered('UpdateBusiness', ({ email: _e, ...rest }) => rest),
  }),
  fault('fd-bus-update-url-trailing-slash-added', {
    rule: 'FD-BUS-UPDATE, FD-MODIFY-LEAVES-OTHERS: the update stores the url with a trailing slash added, in its answer and both readers',
    state: storedText('UpdateBusiness', 'url', (v) => (v.endsWith('/') ? v : `${v}/`)),
    ...provider,
  }),
  fault('fd-bus-update-trims-name', 'FD-BUS-UPDATE: the name sent on UpdateBusiness is stored trimmed (a sequence of calls shows it)', {
    state: storedText('UpdateBusiness', 'name', (v) => v.trim()),
    origin: 'model',
  }),
  fault('fd-bus-update-name-spaces-collapsed', 'FD-BUS-UPDATE: UpdateBusiness stores the name trimmed, its inner spaces collapsed', {
    state: storedText('UpdateBusiness', 'name', (v) => v.trim().replace(/\s+/g, ' ')),
    origin: 'telling',
    ...was('telling-business-update-name-spaces-collapsed'),
  }),
  fault('fd-bus-update-name-ampersand-escaped', {
    rule: 'FD-BUS-UPDATE, FD-PROP-ECHO-AS-SENT: the update stores a name holding & HTML-escaped as &amp;',
    state: storedText('UpdateBusiness', 'name', (v) => v.replace(/&/g, '&amp;')),
    ...was('i21-business-update-name-ampersand-escaped'),
  }),
  fault('fd-bus-update-phone-flattened', {
    rule: 'FD-BUS-UPDATE, FD-PROP-ECHO-AS-SENT: UpdateBusiness stores and answers phoneNumber as one string (provider 1.35.0: an object)',
    state: stored('UpdateBusiness', (f) =>
      f.phoneNumber && typeof f.phoneNumber === 'object'
        ? { ...f, phoneNumber: `+${String(f.phoneNumber.countryCode ?? '')} ${String(f.phoneNumber.phoneNo ?? '')}` }
        : f,
    ),
    ...provider,
  }),
  fault('fd-date-write-time-business-update-modified-kept', {
    rule: 'FD-BUS-UPDATE, FD-DATE-WRITE-TIME: an update leaves modifiedDate at the creation date',
    state: dated((c) => ({ modifiedDate: c.createdDate })),
    ...provider,
  }),
  fault('fd-date-write-time-business-update-modified-eastern', {
    rule: 'FD-BUS-UPDATE, FD-DATE-WRITE-TIME: the update dates the change in US Eastern wall time (five hours behind), without a zone',
    state: dated((_c, x) => ({ modifiedDate: new Date(Date.parse(`${x.now}Z`) - 5 * 3600_000).toISOString().slice(0, 19) })),
    ...provider,
    ...was('i27-business-update-modified-date-eastern'),
  }),
  fault('fd-event-date-fixed-business-update-moves-created', {
    rule: 'FD-EVENT-DATE-FIXED: an update sets the business createdDate to the update time',
    state: dated((c) => ({ createdDate: c.modifiedDate })),
    ...provider,
  }),
]);
