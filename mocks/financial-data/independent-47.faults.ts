// Faults written blind (independent set 47): from seed 002 and the provider's document 1.35.0 only, the suite unread. Each names the
// statement it breaks, and is shown live against `npm run mock` (/work/w47f-live/I47.md).
import { blind, inFamily, provider } from '../kit/faults.js';
import type { ConsumerSeams } from './consumers.records.js';
import type { CustomerSeams } from './customers.records.js';
import { faultKit } from './fault-builders.js';

const customers = faultKit<CustomerSeams>();
const consumers = faultKit<ConsumerSeams>();

export const INDEPENDENT_47_FAULTS = [
  ...inFamily('consumers', [
    consumers.fault('i47-fd-consumer-customer-id-text', {
      rule: 'FD-CONS-READ: GetConsumer answers customerId as text, where the provider Consumer schema types customerId as an integer.',
      answer: consumers.answered('GetConsumer', (b) => ({ ...b, customerId: String(b.customerId) })),
      ...provider,
      ...blind,
    }),
    consumers.fault('i47-fd-consumer-ssn-first-four', {
      rule: 'FD-CONS-SSN-LAST-FOUR: GetConsumerForCustomer derives ssn from the first four digits of the SSN sent, where the provider Consumer.ssn is its last four digits.',
      answer: consumers.answered('GetConsumerForCustomer', (b, x) => ({
        ...b,
        ssn: String(x.consumer?.fields.ssn ?? '')
          .replace(/-/g, '')
          .slice(0, 4),
      })),
      ...provider,
      ...blind,
    }),
    consumers.fault('i47-fd-consumer-created-millis', {
      rule: 'FD-CONS-CREATE: the 201 of CreateConsumer gives createdDate in epoch milliseconds, where the provider CreatedConsumer.createdDate is a date in epoch seconds.',
      answer: consumers.answered('CreateConsumer', (b) => ({ ...b, createdDate: b.createdDate * 1000 })),
      ...provider,
      ...blind,
    }),
    consumers.fault('i47-fd-consumer-birthday-year-text', {
      rule: 'FD-CONS-READ: the consumer read by its id gives birthday.year as text, where the provider Birthday.year is an integer.',
      answer: consumers.answered('GetConsumer', (b) =>
        b.birthday && b.birthday.year !== undefined ? { ...b, birthday: { ...b.birthday, year: String(b.birthday.year) } } : b,
      ),
      ...provider,
      ...blind,
    }),
    consumers.fault('i47-fd-consumer-modify-unknown-400', {
      rule: 'FD-CONS-NONE-404: ModifyConsumer of a consumer id the partner does not hold is refused 400, where the seed lists 404 for a consumer not found (the readers keep 404).',
      judge: (x, s, r) => (r && s === 'consumer' && x.op === 'ModifyConsumer' && r.status === 404 ? { ...r, status: 400 } : r),
      ...blind,
    }),
    consumers.fault('i47-fd-consumer-modify-answers-body', {
      rule: 'FD-CONS-MODIFY: ModifyConsumer answers 200 with the consumer record, where the seed gives the modification 204 without a body.',
      answer: (x, a) => (x.op === 'ModifyConsumer' && a.status === 204 ? { status: 200, body: { id: x.consumer?.id } } : a),
      ...blind,
    }),
  ]),
  ...inFamily('customers', [
    customers.fault('i47-fd-customer-created-number', {
      rule: 'FD-CUST-READ, FD-RESP-FORMS: GetCustomer gives createdDate as a JSON number, where the provider Customer.createdDate is a StringUnixDate (a string).',
      answer: customers.answered('GetCustomer', (b) => ({ ...b, createdDate: Number(b.createdDate) })),
      ...provider,
      ...blind,
    }),
    customers.fault('i47-fd-customer-add-username-lower', {
      rule: 'FD-CUST-CREATE: the 201 of AddTestingCustomer answers the username lower-cased, not the username the customer was created with.',
      answer: customers.answered('AddTestingCustomer', (b) =>
        typeof b.username === 'string' ? { ...b, username: b.username.toLowerCase() } : b,
      ),
      ...blind,
    }),
    customers.fault('i47-fd-customer-modify-answers-200', {
      rule: 'FD-CUST-MODIFY: ModifyCustomer answers 200 where the seed gives the modification 204 without a body.',
      answer: (x, a) => (x.op === 'ModifyCustomer' && a.status === 204 ? { status: 200, body: {} } : a),
      ...blind,
    }),
  ]),
];
