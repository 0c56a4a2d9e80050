// Faults of consumers, each named by the rule it breaks (`<rule id>-<deviation>`), its rule text starting
// with the rule ids (`rules`: the specs the targeted mutation run picks). A fault loosens the contract
// (`relax`) or bends consumers.ts at its seams: the request as judged at one step, what a write stores,
// the answer. A blind fault, and an id docs/mutation.md names, keep the earlier id as an alias.
import { faultCatalogue, type FaultMemory, type FaultSeams } from '../kit/faults.js';
import { faultKit, blind, assumption, provider, was } from './fault-builders.js';
import { ssnDigits, type Change, type ConsumerSeams, type Exchange, type Step } from './consumers.records.js';
import type { Consumer } from './state.js';

type Seams = FaultSeams<ConsumerSeams>;
type Answering = NonNullable<Seams['answer']>;
type Stating = NonNullable<Seams['state']>;
type Op = Exchange['op'];
type Fields = Record<string, any>;
const { fault, fold, skip, refuse, on, answered } = faultKit<ConsumerSeams>();
const model = { origin: 'model' } as const;
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

// (b) What a write stores: functions at the state seam.
/** The new consumer's fields made otherwise. */
const created =
  (bend: (fields: Fields, x: Exchange) => Fields): Stating =>
  (x, c) =>
    c.op === 'create' ? { ...c, consumer: { ...c.consumer, fields: bend(c.consumer.fields, x) } } : c;
/** The fields a modification merges made otherwise (`stored` the consumer's fields before it). */
const modified =
  (bend: (fields: Fields, stored: Fields, x: Exchange) => Fields): Stating =>
  (x, c) =>
    c.op === 'modify' ? { ...c, fields: bend(c.fields, c.consumer.fields, x) } : c;
/** Each string member of a modification in `keys` made otherwise. */
const modifiedText = (keys: string[], bend: (s: string) => string): Stating =>
  modified((f) => ({ ...f, ...Object.fromEntries(keys.filter((k) => k in f).map((k) => [k, text(f[k], bend)])) }));
/** A modification's birthday made otherwise. */
const modifiedBirthday = (bend: (b: Fields) => Fields | undefined): Stating =>
  modified((f) => (f.birthday && typeof f.birthday === 'object' ? { ...f, birthday: bend(f.birthday) ?? f.birthday } : f));
/** A reader serving a consumer as it was created (a stale replica): its fields at creation kept in the fault's memory. */
const staleOn = (op: Op, step: Step): Pick<Seams, 'state' | 'judge'> => ({
  state: (_x, c: Change, m: FaultMemory) => {
    if (c.op === 'create') m[c.consumer.id] = { ...c.consumer.fields };
    return c;
  },
  judge: fold(
    step,
    (x, m) => x.op === op && x.consumer !== undefined && m[x.consumer.id] !== undefined,
    (x, m) => (x.consumer = { ...x.consumer!, fields: m[x.consumer!.id] }),
  ),
});
/** A member of a reader's record made otherwise where it holds a string. */
const shownText = (op: Op, key: string, bend: (s: string) => string): Answering =>
  answered([op], (b) => ({ ...b, [key]: text(b[key], bend) }));
/** The SSN the readers show made from its digits otherwise. */
const ssnShown = (ops: Op[], bend: (digits: string) => string): Answering =>
  answered(ops, (b, x) => ({ ...b, ssn: bend(ssnDigits(x.consumer!)) }));
/** A reader's birthday made otherwise. */
const shownBirthday = (op: Op, bend: (b: Fields) => Fields | undefined): Answering =>
  answered([op], (b) => ({ ...b, birthday: bend(b.birthday) ?? b.birthday }));
const isDate = (b: Fields) => [b.year, b.month, b.dayOfMonth].every(Number.isInteger);
const leapDayAsMarch = (b: Fields) => (b.month === 2 && b.dayOfMonth === 29 ? { ...b, month: 3, dayOfMonth: 1 } : undefined);

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
  fault('fd-cons-unique-duplicate-accepted', 'FD-CONS-UNIQUE: a second consumer for a customer is created, not refused 409', {
    judge: skip('unique'),
  }),
  fault('fd-prop-refused-no-trace-consumer-duplicate-merged', {
    rule: "FD-PROP-REFUSED-NO-TRACE, FD-CONS-UNIQUE: a second consumer refused 409 has its body's fields merged into the consumer already there (an upsert before the uniqueness check)",
    judge: (x, s, r) => {
      if (r && s === 'unique') x.consumer!.fields = { ...x.consumer!.fields, ...x.input.body };
      return r;
    },
    ...was('i6-consumer-refused-create-overwrites'),
  }),
  fault('fd-obj-sensitive-consumer-conflict-message-ssn', {
    rule: 'FD-OBJ-SENSITIVE, FD-SENSITIVE-ECHO: the 409 of a second consumer names the consumer already there by its whole SSN',
    judge: (x, s, r) => (r && s === 'unique' ? { ...r, message: `${r.message} (ssn ${String(x.consumer!.fields.ssn)})` } : r),
  }),
  fault('fd-date-unit-consumer-created-ms', 'FD-DATE-UNIT: a consumer is dated in epoch milliseconds, not seconds', {
    state: (_x, c) => (c.op === 'create' ? { ...c, consumer: { ...c.consumer, createdDate: c.consumer.createdDate * 1000 } } : c),
    ...provider,
    ...blind('blind-consumer-created-millis'),
  }),
  fault('fd-cons-read-create-email-lowercased', 'FD-CONS-READ: CreateConsumer stores the e-mail address in lower case', {
    state: created((f) => ({ ...f, email: text(f.email, (s) => s.toLowerCase()) })),
  }),
  fault('fd-cons-read-create-address-spaces-collapsed', {
    rule: 'FD-CONS-READ: CreateConsumer trims the address and the city and collapses their spaces',
    state: created((f) => ({
      ...f,
      address: text(f.address, (s) => s.trim().replace(/\s+/g, ' ')),
      city: text(f.city, (s) => s.trim().replace(/\s+/g, ' ')),
    })),
  }),
  fault('fd-cons-read-create-phones-leading-zeros-dropped', {
    rule: "FD-CONS-READ: CreateConsumer reads the consumer's phone and its end user's zip and phone as numbers (leading zeros dropped); both readers show them so",
    state: created((f) => {
      const digits = (v: unknown) => (typeof v === 'string' && /^\d+$/.test(v) ? String(Number(v)) : v);
      return {
        ...f,
        phone: digits(f.phone),
        ...(f.endUser ? { endUser: { ...f.endUser, zip: digits(f.endUser.zip), phone: digits(f.endUser.phone) } } : {}),
      };
    }),
    origin: 'seeded',
  }),
  fault('fd-cons-read-create-end-user-name-hyphens-stripped', {
    rule: "FD-CONS-READ: CreateConsumer stores the end user's name without its hyphens",
    state: created((f) =>
      typeof f.endUser?.name === 'string' ? { ...f, endUser: { ...f.endUser, name: f.endUser.name.replace(/-/g, '') } } : f,
    ),
    ...provider,
    origin: 'seeded',
  }),
  fault('fd-cons-read-create-leap-day-shifted', {
    rule: 'FD-CONS-READ: CreateConsumer stores a birthday of 29 February as 1 March (a non-leap year)',
    state: created((f) => ({ ...f, birthday: (f.birthday && leapDayAsMarch(f.birthday)) ?? f.birthday })),
    ...provider,
  }),
  fault('fd-cons-ssn-last-four-creation-answer-echoes-ssn', {
    rule: 'FD-CONS-SSN-LAST-FOUR, FD-SENSITIVE-ECHO: the CreateConsumer answer echoes the SSN it was sent',
    answer: answered(['CreateConsumer'], (b, x) => ({ ...b, ssn: String(x.input.body.ssn) })),
    ...assumption,
  }),
  // --- Read (seed 002, Consumers: GetConsumerForCustomer, GetConsumer; reference, Consumers: the SSN's last four)
  fault('fd-cust-delete-linked-consumer-by-deleted-customer', {
    rule: 'FD-CUST-DELETE-LINKED: GetConsumerForCustomer still answers once the customer is deleted',
    judge: skip('customer', on('GetConsumerForCustomer')),
    ...assumption,
  }),
  fault('fd-obj-other-partner-consumer-by-customer', {
    rule: "FD-OBJ-OTHER-PARTNER: GetConsumerForCustomer answers the consumer of another partner's customer (200) while GetConsumer and GetCustomer refuse it",
    judge: skip('customer', (x) => x.op === 'GetConsumerForCustomer' && x.world.customers.has(x.input.path.customerId)),
    ...assumption,
  }),
  fault('fd-cons-none-404-sibling-consumer', {
    rule: "FD-CONS-NONE-404: a customer without a consumer is answered the consumer of the partner's customer created last",
    judge: skip(
      'held',
      (x) => [...x.world.consumers.values()].some((c) => c.partnerId === x.input.partner?.id),
      (x) => (x.consumer = [...x.world.consumers.values()].filter((c) => c.partnerId === x.input.partner?.id).pop()),
    ),
  }),
  fault('fd-obj-other-partner-consumer-by-id', "FD-OBJ-OTHER-PARTNER: GetConsumer reads another partner's consumer by its id", {
    judge: anyonesConsumer('GetConsumer'),
  }),
  fault('fd-cons-outlives-by-id-gone', "FD-CONS-OUTLIVES: GetConsumer answers 404 once the consumer's customer is deleted", {
    judge: refuse('consumer', (x) => x.op === 'GetConsumer' && gone(x), { status: 404, message: 'Consumer not found' }),
  }),
  fault('fd-cons-ssn-last-four-readers-unmasked', 'FD-CONS-SSN-LAST-FOUR, FD-SENSITIVE-ECHO: both readers show the whole SSN', {
    answer: ssnShown(READERS, (d) => d),
    ...assumption,
  }),
  fault('fd-cons-ssn-last-four-first-four', {
    rule: 'FD-CONS-SSN-LAST-FOUR: both readers show the first four digits of the SSN, not the last four',
    answer: ssnShown(READERS, (d) => d.slice(0, 4)),
    ...assumption,
    ...was('consumer-ssn-first-four'),
  }),
  fault('fd-cons-ssn-last-four-last-five', 'FD-CONS-SSN-LAST-FOUR, FD-OBJ-SENSITIVE: both readers show the last five digits of the SSN', {
    answer: ssnShown(READERS, (d) => d.slice(-5)),
    ...assumption,
  }),
  fault('fd-obj-sensitive-consumer-identity-documents-full-ssn', {
    rule: 'FD-OBJ-SENSITIVE, FD-SENSITIVE-ECHO, FD-CONS-SSN-LAST-FOUR: GetConsumerForCustomer adds an identity document holding the whole SSN beside the masked one',
    answer: answered(['GetConsumerForCustomer'], (b, x) => ({
      ...b,
      identityDocuments: [{ type: 'SSN', value: ssnDigits(x.consumer!) }],
    })),
    ...assumption,
  }),
  fault('fd-cons-read-by-customer-zip-as-number', {
    rule: 'FD-CONS-READ, FD-CONS-MODIFY: GetConsumerForCustomer reads the zip as a number, losing its leading zeros',
    answer: shownText('GetConsumerForCustomer', 'zip', (s) => String(Number(s))),
    origin: 'telling',
    ...was('telling-consumer-by-customer-zip-as-number'),
  }),
  fault('fd-cons-read-by-customer-birthday-day-early', {
    rule: 'FD-CONS-READ: GetConsumerForCustomer renders the birthday through midnight UTC read in US Eastern time, a day early',
    answer: shownBirthday('GetConsumerForCustomer', (b) => {
      if (!isDate(b)) return undefined;
      const d = new Date(Date.UTC(b.year, b.month - 1, b.dayOfMonth) - 5 * 3600_000);
      return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, dayOfMonth: d.getUTCDate() };
    }),
  }),
  fault('fd-cons-read-by-customer-suffix-dropped', 'FD-CONS-READ: GetConsumerForCustomer leaves out the suffix', {
    answer: answered(['GetConsumerForCustomer'], (b) => withoutKey(b, 'suffix')),
    ...provider,
  }),
  fault('fd-cons-read-by-customer-phone-digits-only', 'FD-CONS-READ: GetConsumerForCustomer answers the phone without its separators', {
    answer: shownText('GetConsumerForCustomer', 'phone', (s) => s.replace(/\D/g, '')),
  }),
  fault('fd-cons-read-by-customer-unset-email-dropped', {
    rule: 'FD-CONS-READ: for a consumer created without email, GetConsumerForCustomer leaves the member out (required on a record)',
    answer: answered(['GetConsumerForCustomer'], (b, x) => (x.consumer!.fields.email === undefined ? withoutKey(b, 'email') : b)),
    ...provider,
  }),
  fault('fd-type-forms-consumer-customer-id-string', 'FD-TYPE-FORMS, FD-CONS-READ: GetConsumerForCustomer gives customerId as a string', {
    answer: answered(['GetConsumerForCustomer'], (b) => ({ ...b, customerId: String(b.customerId) })),
    ...provider,
  }),
  fault('fd-cons-read-by-id-leap-day-as-march-first', 'FD-CONS-READ: GetConsumer renders a birthday of 29 February as 1 March', {
    answer: shownBirthday('GetConsumer', leapDayAsMarch),
    ...provider,
    origin: 'seeded',
  }),
  fault('fd-cons-read-by-id-city-uppercased', 'FD-CONS-READ: GetConsumer answers the city in upper case', {
    answer: shownText('GetConsumer', 'city', (s) => s.toUpperCase()),
  }),
  fault('fd-cons-read-by-id-address-spaces-collapsed', 'FD-CONS-READ: GetConsumer collapses the runs of spaces inside the address', {
    answer: shownText('GetConsumer', 'address', (s) => s.replace(/\s{2,}/g, ' ')),
  }),
  fault('fd-cons-read-by-id-zip-plus-four-cut', 'FD-CONS-READ: GetConsumer gives a ZIP code with its extension without the extension', {
    answer: shownText('GetConsumer', 'zip', (s) => s.slice(0, 5)),
  }),
  fault('fd-cons-read-by-id-email-of-customer', "FD-CONS-READ: GetConsumer shows the email of the consumer's customer for the consumer's", {
    answer: answered(['GetConsumer'], (b, x) => {
      const email = x.world.customers.get(x.consumer!.customerId)?.email;
      return email === undefined ? b : { ...b, email };
    }),
  }),
  fault('fd-date-unit-consumer-by-id-created-string', 'FD-DATE-UNIT: GetConsumer writes createdDate as a string of digits', {
    answer: answered(['GetConsumer'], (b) => ({ ...b, createdDate: String(b.createdDate) })),
    ...provider,
  }),
  fault('fd-date-unit-consumer-by-id-created-ms', {
    rule: 'FD-DATE-UNIT, FD-PROP-SAME-ON-EVERY-READER: GetConsumer gives createdDate in epoch milliseconds, the other readers in seconds',
    answer: answered(['GetConsumer'], (b) => ({ ...b, createdDate: Number(b.createdDate) * 1000 })),
    ...provider,
  }),
  // --- Modify (seed 002, Consumers: ModifyConsumer 204; unspecified fields stay unchanged)
  fault('fd-prop-survivor-consumer-modify-needs-customer', {
    rule: 'FD-PROP-SURVIVOR: ModifyConsumer finds the consumer through its customer: once the customer is deleted the modification is a 404, while every reader of the consumer still serves it',
    judge: refuse('consumer', (x) => x.op === 'ModifyConsumer' && gone(x), { status: 404, message: 'Consumer not found' }),
    origin: 'seeded',
  }),
  fault('fd-obj-other-partner-consumer-modify', {
    rule: "FD-NOT-FOUND, FD-OBJ-OTHER-PARTNER: ModifyConsumer finds the consumer by its id alone and changes another partner's (204)",
    judge: anyonesConsumer('ModifyConsumer'),
  }),
  fault('fd-obj-after-delete-consumer-modify-orphan-any-partner', {
    rule: "FD-OBJ-AFTER-DELETE, FD-OBJ-OTHER-PARTNER: a consumer whose customer is deleted is any partner's to modify (GetConsumer still refuses it)",
    judge: anyonesConsumer('ModifyConsumer', (c, x) => !x.world.customers.has(c.customerId)),
  }),
  fault('fd-prop-refused-no-trace-consumer-modify-foreign-applied', {
    rule: "FD-OBJ-OTHER-PARTNER, FD-PROP-REFUSED-NO-TRACE: a modification of another partner's consumer answers 404 but writes the fields sent",
    judge: (x, s, r) => {
      const foreign = x.world.consumers.get(x.input.path.consumerId);
      if (r && s === 'consumer' && x.op === 'ModifyConsumer' && foreign)
        foreign.fields = { ...foreign.fields, ...withoutKey(x.input.body, 'ssn') };
      return r;
    },
  }),
  fault('fd-not-found-consumer-modify-unknown-204', 'FD-NOT-FOUND: ModifyConsumer of an unknown consumer answers 204, not 404', {
    judge: skip(
      'consumer',
      on('ModifyConsumer'),
      (x) => (x.consumer = { id: '', customerId: '', partnerId: '', createdDate: 0, fields: {} }),
    ),
    ...blind('blind-modify-unknown-consumer-204'),
  }),
  fault('fd-cons-modify-answers-200', 'FD-CONS-MODIFY, FD-PROP-ERROR-STATUS: ModifyConsumer answers 200 with an empty object, not 204', {
    answer: (x, a) => (x.op === 'ModifyConsumer' && a.status === 204 ? { status: 200, body: {} } : a),
  }),
  fault('fd-cons-modify-keep-names-blanked', 'FD-CONS-MODIFY-KEEP: a modification blanks the names it does not give', {
    state: modified((f) => ({ firstName: '', lastName: '', ...f })),
  }),
  fault('fd-cons-modify-keep-suffix-dropped', 'FD-CONS-MODIFY-KEEP: a modification without suffix removes the suffix the consumer had', {
    state: modified((f) => (f.suffix === undefined ? { ...f, suffix: undefined } : f)),
  }),
  fault('fd-modify-leaves-others-consumer-address-part-blanks-rest', {
    rule: 'FD-MODIFY-LEAVES-OTHERS: one part of the address sent on ModifyConsumer (the city) blanks the parts not sent',
    state: modified((f) => {
      const parts = ['address', 'city', 'state', 'zip'];
      return parts.some((k) => f[k] !== undefined) ? { ...Object.fromEntries(parts.map((k) => [k, ''])), ...f } : f;
    }),
    origin: 'seeded',
  }),
  fault('fd-cons-modify-email-not-stored', 'FD-CONS-MODIFY: ModifyConsumer answers 204 and keeps the e-mail address it was sent out', {
    state: modified((f) => withoutKey(f, 'email')),
  }),
  fault('fd-cons-modify-ssn-not-stored', {
    rule: 'FD-CONS-MODIFY, FD-CONS-SSN-LAST-FOUR: a new SSN sent on modify is not stored, the readers show the old one',
    state: modified((f) => withoutKey(f, 'ssn')),
  }),
  fault('fd-cons-modify-zip-leading-zeros-dropped', {
    rule: 'FD-CONS-MODIFY: a zip sent on modify is stored as a number, its leading zeros dropped',
    state: modifiedText(['zip'], (s) => String(Number(s))),
  }),
  fault('fd-cons-modify-city-ampersand-escaped', {
    rule: 'FD-CONS-MODIFY: ModifyConsumer stores a city holding & HTML-escaped as &amp;; both readers show it so',
    state: modifiedText(['city'], (s) => s.replace(/&/g, '&amp;')),
    origin: 'seeded',
  }),
  fault('fd-cons-modify-city-uppercased', {
    rule: 'FD-CONS-MODIFY, FD-PROP-ECHO-AS-SENT: a modified city is stored in upper case (a postal normaliser)',
    state: modifiedText(['city'], (s) => s.toUpperCase()),
  }),
  fault('fd-cons-modify-phone-separators-dropped', {
    rule: 'FD-CONS-MODIFY, FD-PROP-ECHO-AS-SENT: a modified phone is stored without its separators',
    state: modifiedText(['phone'], (s) => s.replace(/[^0-9+]/g, '')),
  }),
  fault('fd-cons-modify-spaces-normalised', {
    rule: 'FD-CONS-MODIFY: a modification stores its strings trimmed, their inner spaces collapsed (each call alone answers right)',
    state: modified((f) => Object.fromEntries(Object.entries(f).map(([k, v]) => [k, text(v, (s) => s.trim().replace(/\s+/g, ' '))]))),
    ...model,
  }),
  fault('fd-cons-modify-birthday-day-month-swapped', {
    rule: 'FD-CONS-MODIFY: ModifyConsumer stores a birthday whose day of the month could be a month with day and month swapped (a D/M date parser)',
    state: modifiedBirthday((b) =>
      typeof b.month === 'number' && typeof b.dayOfMonth === 'number' && b.dayOfMonth <= 12
        ? { ...b, month: b.dayOfMonth, dayOfMonth: b.month }
        : undefined,
    ),
    ...provider,
    origin: 'seeded',
  }),
  fault('fd-cons-modify-year-end-birthday-next-year', {
    rule: 'FD-CONS-MODIFY: ModifyConsumer stores a birthday on the last day of a year as the first day of the next',
    state: modifiedBirthday((b) =>
      b.month === 12 && b.dayOfMonth === 31 ? { year: Number(b.year) + 1, month: 1, dayOfMonth: 1 } : undefined,
    ),
    ...provider,
    origin: 'seeded',
  }),
  fault('fd-cons-modify-birthday-old-day-kept', 'FD-CONS-MODIFY: a new birthday keeps the day of the month of the old one', {
    state: modified((f, stored) =>
      f.birthday && stored.birthday ? { ...f, birthday: { ...f.birthday, dayOfMonth: stored.birthday.dayOfMonth } } : f,
    ),
  }),
  fault('fd-cons-modify-by-customer-stale', {
    rule: 'FD-CONS-MODIFY: GetConsumerForCustomer serves the consumer as created (a stale replica); GetConsumer shows the modification',
    ...staleOn('GetConsumerForCustomer', 'held'),
  }),
  fault('fd-cons-modify-by-id-stale', {
    rule: 'FD-CONS-MODIFY: GetConsumer serves the consumer as created; GetConsumerForCustomer shows the modification',
    ...staleOn('GetConsumer', 'consumer'),
  }),
]);
