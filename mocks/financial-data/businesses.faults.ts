// Faults of businesses, named `fd-<rule id>-<deviation>` (schemas/financial-data/rules.yaml): `relax`, or businesses.ts's seams
// (the judged request, what a write stores, the answer). An id docs/mutation.md names, and a blind fault's first id, stay as aliases.
import { assumption, faultCatalogue, provider, seeded, was, type FaultMemory, type SeamFn, schema } from '../kit/faults.js';
import { faultKit } from './fault-builders.js';
import { type BusinessOp as Op, type BusinessSeams, type Change, type Exchange } from './businesses.records.js';

type Answering = SeamFn<BusinessSeams, 'answer'>;
type Stating = SeamFn<BusinessSeams, 'state'>;
type View = Record<string, any>;
const { fault, skip } = faultKit<BusinessSeams>();
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
/** A refusal of `op` with `status` answered otherwise. */
const refusal =
  (op: Op, status: number, bend: (x: Exchange) => BusinessSeams['answer'] | undefined): Answering =>
  (x, a) =>
    x.op === op && a.status === status && a.message !== undefined ? (bend(x) ?? a) : a;

export const BUSINESSES_FAULTS = faultCatalogue([
  fault('fd-negative-business-phone-short-taken', 'FD-NEGATIVE: a business phone number shorter than the contract minLength is taken', {
    relax: schema('BusinessPhone.phoneNo', { drop: ['minLength'] }),
    ...provider,
  }),
  fault('fd-bus-read-add-answers-201', 'FD-BUS-READ, FD-BUS-ONE: a new business is answered 201 Created, not the documented 200', {
    answer: (x, a) => (x.op === 'AddBusinessDetails' && a.status === 200 ? { ...a, status: 201 } : a),
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
    ...seeded,
    ...assumption,
    ...was('seeded-prop-business-update-answer-created-now'),
  }),
  fault('fd-date-write-time-business-update-modified-eastern', {
    rule: 'FD-BUS-UPDATE, FD-DATE-WRITE-TIME: the update dates the change in US Eastern wall time (five hours behind), without a zone',
    state: dated((_c, x) => ({ modifiedDate: new Date(Date.parse(`${x.now}Z`) - 5 * 3600_000).toISOString().slice(0, 19) })),
    ...provider,
    ...was('i27-business-update-modified-date-eastern'),
  }),
  // --- The dates' form (provider 1.35.0 Business: createdDate and modifiedDate NoZoneDateTime, a date-time without a zone)
  fault('fd-resp-forms-business-dates-zoned', {
    rule: 'FD-RESP-FORMS: every business answer dates its creation and last change with a zone (Z), where the document names a date-time without one',
    answer: (_x, a) => {
      if (a.status >= 400 || a.body === undefined) return a;
      const zoned = (v: View) => ({ ...v, createdDate: `${v.createdDate}Z`, modifiedDate: `${v.modifiedDate}Z` });
      return { ...a, body: Array.isArray(a.body) ? a.body.map(zoned) : zoned(a.body) };
    },
    ...provider,
  }),
  fault('fd-event-date-fixed-business-update-moves-created', {
    rule: 'FD-EVENT-DATE-FIXED: an update sets the business createdDate to the update time',
    state: dated((c) => ({ createdDate: c.modifiedDate })),
    ...provider,
  }),
]);
