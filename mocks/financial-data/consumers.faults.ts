// Faults of consumers, named `<rule id>-<deviation>`: `relax`, or consumers.ts's seams (Step, a write, the answer). A blind fault,
// and an id docs/mutation.md names, keep the earlier id as an alias.
import { assumption, blind, faultCatalogue, model, provider, seeded, telling, was, type SeamFn } from '../kit/faults.js';
import { faultKit } from './fault-builders.js';
import { ssnDigits, type ConsumerSeams, type Exchange } from './consumers.records.js';
import type { Consumer } from './state.js';

type Answering = SeamFn<ConsumerSeams, 'answer'>;
type Op = Exchange['op'];
type Fields = Record<string, any>;
const { fault, skip, refuse, on, answered, foldOn } = faultKit<ConsumerSeams>();
const READERS: Op[] = ['GetConsumer', 'GetConsumerForCustomer'];
const gone = (x: Exchange) => x.consumer !== undefined && !x.world.customers.has(x.consumer.customerId);
/** A string value made otherwise; any other value as it is. */
const text = (v: unknown, bend: (s: string) => string) => (typeof v === 'string' ? bend(v) : v);
const withoutKey = (o: Fields, key: string) => {
  const { [key]: _, ...rest } = o;
  return rest;
};

// (a) The request as judged: functions at the judge seam.
/** The consumer of that id whoever holds it, found where the sources find none (`when` of that consumer). */
const anyonesConsumer = (op: Op, when: (c: Consumer, x: Exchange) => boolean = () => true) => {
  const held = (x: Exchange) => x.world.consumers.get(x.input.path.consumerId);
  return skip(
    'consumer',
    (x) => x.op === op && held(x) !== undefined && when(held(x)!, x),
    (x) => (x.consumer = held(x)),
  );
};
/** A member of a reader's record made otherwise where it holds a string. */
const shownText = (op: Op, key: string, bend: (s: string) => string): Answering =>
  answered([op], (b) => ({ ...b, [key]: text(b[key], bend) }));
/** The SSN the readers show made from its digits otherwise. */
const ssnShown = (ops: Op[], bend: (digits: string) => string): Answering =>
  answered(ops, (b, x) => ({ ...b, ssn: bend(ssnDigits(x.consumer!)) }));

export const CONSUMERS_FAULTS = faultCatalogue([
  // --- Create (seed 002, Consumers: CreateConsumer; Resources - Consumer)
  fault('fd-negative-consumer-phone-uncapped', 'FD-NEGATIVE: a consumer or customer phone number longer than its maxLength is taken', {
    relax: ['ConsumerEndUser', 'NewConsumer', 'ConsumerUpdate', 'NewCustomer'].map((schema) => ({
      schema,
      at: ['properties', 'phone'],
      drop: ['maxLength'],
    })),
    ...provider,
  }),
  fault('fd-not-found-consumer-unknown-customer-created', {
    rule: 'FD-NOT-FOUND, FD-CUST-DELETE-LINKED: CreateConsumer for an unknown customer is taken',
    judge: skip('customer', on('CreateConsumer')),
  }),
  fault('fd-obj-other-partner-consumer-create', {
    rule: "FD-OBJ-OTHER-PARTNER, FD-CONS-CREATE: CreateConsumer takes another partner's customer (201) while GetCustomer answers 404 for it",
    judge: skip('customer', (x) => x.op === 'CreateConsumer' && x.world.customers.has(x.input.path.customerId)),
  }),
  // --- Read (seed 002, Consumers: GetConsumerForCustomer, GetConsumer; reference, Consumers: the SSN's last four)
  fault('fd-cons-none-404-sibling-consumer', {
    rule: "FD-CONS-NONE-404: a customer without a consumer is answered the consumer of the partner's customer created last",
    judge: skip(
      'held',
      (x) => [...x.world.consumers.values()].some((c) => c.partnerId === x.input.partner?.id),
      (x) => (x.consumer = [...x.world.consumers.values()].filter((c) => c.partnerId === x.input.partner?.id).pop()),
    ),
  }),
  fault('fd-cons-ssn-last-four-first-four', {
    rule: 'FD-CONS-SSN-LAST-FOUR: both readers show the first four digits of the SSN, not the last four',
    answer: ssnShown(READERS, (d) => d.slice(0, 4)),
    ...assumption,
    ...was('consumer-ssn-first-four'),
  }),
  fault('fd-cons-read-by-customer-zip-as-number', {
    rule: 'FD-CONS-READ, FD-CONS-MODIFY: GetConsumerForCustomer reads the zip as a number, losing its leading zeros',
    answer: shownText('GetConsumerForCustomer', 'zip', (s) => String(Number(s))),
    ...telling,
    ...was('telling-consumer-by-customer-zip-as-number'),
  }),
  fault('fd-cons-read-by-customer-unset-email-dropped', {
    rule: 'FD-CONS-READ: for a consumer created without email, GetConsumerForCustomer leaves the member out (required on a record)',
    answer: answered(['GetConsumerForCustomer'], (b, x) => (x.consumer!.fields.email === undefined ? withoutKey(b, 'email') : b)),
    ...provider,
  }),
  // --- Modify (seed 002, Consumers: ModifyConsumer 204; unspecified fields stay unchanged)
  fault('fd-prop-survivor-consumer-modify-needs-customer', {
    rule: 'FD-PROP-SURVIVOR: ModifyConsumer finds the consumer through its customer: once the customer is deleted the modification is a 404, while every reader of the consumer still serves it',
    judge: refuse('consumer', (x) => x.op === 'ModifyConsumer' && gone(x), { status: 404, message: 'Consumer not found' }),
    ...seeded,
  }),
  fault('fd-prop-survivor-consumer-modify-ignored', {
    rule: 'FD-PROP-SURVIVOR, FD-CONS-OUTLIVES: once its customer is deleted, ModifyConsumer answers 204 and changes nothing (every reader still serves the consumer as before)',
    state: (x, c) => (c.op === 'modify' && gone(x) ? { ...c, fields: {} } : c),
  }),
  fault('fd-cons-modify-lands-on-latest', {
    rule: "FD-CONS-MODIFY: a modification lands on the calling partner's consumer made last, whichever of its consumers the path names (one consumer alone: its own)",
    judge: foldOn('ModifyConsumer', 'consumer', (x) => {
      if (x.consumer) x.consumer = [...x.world.consumers.values()].filter((c) => c.partnerId === x.consumer!.partnerId).at(-1);
    }),
    ...model,
  }),
  fault('fd-obj-after-delete-consumer-modify-orphan-any-partner', {
    rule: "FD-OBJ-AFTER-DELETE, FD-OBJ-OTHER-PARTNER: a consumer whose customer is deleted is any partner's to modify (GetConsumer still refuses it)",
    judge: anyonesConsumer('ModifyConsumer', (c, x) => !x.world.customers.has(c.customerId)),
  }),
  fault('fd-not-found-consumer-modify-unknown-204', 'FD-NOT-FOUND: ModifyConsumer of an unknown consumer answers 204, not 404', {
    judge: skip(
      'consumer',
      on('ModifyConsumer'),
      (x) => (x.consumer = { id: '', customerId: '', partnerId: '', createdDate: 0, fields: {} }),
    ),
    ...blind,
    ...was('blind-modify-unknown-consumer-204'),
  }),
  fault('fd-cons-modify-keep-names-blanked', 'FD-CONS-MODIFY-KEEP: a modification blanks the names it does not give', {
    state: (_x, c) => (c.op === 'modify' ? { ...c, fields: { firstName: '', lastName: '', ...c.fields } } : c),
  }),
]);
