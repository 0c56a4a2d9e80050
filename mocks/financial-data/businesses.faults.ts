// Faults of businesses: each a deviation a provider's release might ship, named by the rule it breaks
// (`fd-<rule id>-<deviation>`), its rule text starting with the ids of schemas/financial-data/rules.yaml
// it breaks (`rules`: the specs the targeted mutation run picks). A fault loosens the contract
// (`relax`) or bends businesses.ts at its seams: the request as judged (the customer, the one
// business per customer, the business of the path), what a write stores, the answer. An id
// docs/mutation.md names from before the move, and a blind fault's first id, stay as aliases.
import { faultCatalogue, type FaultMemory, type FaultSeams } from '../kit/faults.js';
import { faultKit, assumption, provider, was } from './fault-builders.js';
import { type BusinessOp as Op, type BusinessSeams, type Change, type Exchange } from './businesses.records.js';

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
/** A refusal of `op` with `status` answered otherwise. */
const refusal =
  (op: Op, status: number, bend: (x: Exchange) => BusinessSeams['answer'] | undefined): Answering =>
  (x, a) =>
    x.op === op && a.status === status && a.message !== undefined ? (bend(x) ?? a) : a;

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
  fault('fd-bus-read-add-answers-201', 'FD-BUS-READ, FD-BUS-ONE: a new business is answered 201 Created, not the documented 200', {
    answer: (x, a) => (x.op === 'AddBusinessDetails' && a.status === 200 ? { ...a, status: 201 } : a),
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

  // --- The readers (seed 002, Businesses: the GETs answer an array holding the one business)
  fault('fd-bus-none-404-by-customer-empty', 'FD-BUS-NONE-404: a customer without a business is answered 200 with an empty list, not 404', {
    answer: refusal('GetBusinessByCustomer', 404, (x) => (x.customer ? { status: 200, body: [] } : undefined)),
  }),
  fault('fd-bus-read-by-customer-name-accents-stripped', {
    rule: 'FD-BUS-READ, FD-PROP-ECHO-AS-SENT: GetBusinessByCustomer answers the name without its accents',
    answer: shownText('GetBusinessByCustomer', 'name', (v) => v.normalize('NFD').replace(/[\u0300-\u036f]/g, '')),
    ...was('i24-business-by-customer-name-accents-stripped'),
  }),
  fault('fd-bus-read-by-id-name-html-escaped', {
    rule: 'FD-BUS-READ, FD-PROP-ECHO-AS-SENT: GetBusinessById gives the name HTML-escaped (& as &amp;, an apostrophe as &#39;)',
    answer: shownText('GetBusinessById', 'name', (v) =>
      v.replace(/&/g, '&amp;').replace(/'/g, '&#39;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;'),
    ),
    ...was('i18-business-by-id-name-html-escaped'),
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
  fault('fd-prop-answer-is-state-business-update-created-now', {
    rule: 'FD-PROP-ANSWER-IS-STATE: UpdateBusiness answers createdDate as the time of the update while the business keeps its creation date',
    answer: answered('UpdateBusiness', (v) => ({ ...v, createdDate: v.modifiedDate })),
    origin: 'seeded',
    ...assumption,
    ...was('seeded-prop-business-update-answer-created-now'),
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
