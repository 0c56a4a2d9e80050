// Covers: AddBusinessDetails, GetBusinessByCustomer, UpdateBusiness, GetBusinessById (seed 002,
// Businesses and Limits: one business per customer, 409 on a second one; success is a 200).
// Shapes (provider 1.35.0): the record carries `businessId`; the two GET operations answer an
// array holding the one business. Every field sent (add or update) is read back in the answer and
// through both readers: the answer judge's (fixtures/financial-data/judge.ts), the phone number's here.
import {
  expect,
  expectFdError,
  lengthOf,
  FD_CONTRACT,
  newBusiness,
  rules,
  tellingDigits,
  tellingMarkupName,
  test,
} from '../../fixtures/financial-data.js';
import { cite } from './cite.js';

/** NewBusiness.name's longest (provider 1.35.0: NewBusiness): sent whole on one path, a target that cuts it fails. */
const NAME_MAX = lengthOf(FD_CONTRACT, 'NewBusiness', 'name').max!;

/**
 * Every NewBusiness member (provider 1.35.0), each a telling value (case, spaces, non-ASCII letters, an
 * apostrophe, a hyphen, leading zeros): a target that normalises any of them reads back otherwise.
 */
const fullBusiness = (name: string, liable: boolean, n: string) =>
  newBusiness({
    name,
    personallyLiable: liable,
    phoneNumber: { countryCode: '1', phoneNo: `080155500${n}` },
    address: {
      addressLine1: tellingMarkupName(`${n} Market Street`),
      addressLine2: tellingMarkupName(`Suite ${n}`),
      city: tellingMarkupName(`City ${n}`),
      state: 'UT',
      postalCode: tellingDigits(5),
      country: 'US',
    },
    url: `https://business-${n}.example.com/Path/${n}`,
    email: `Owner.${n}@Example.com`,
    type: tellingMarkupName(`LLC ${n}`),
    taxId: `0012345678${n}`,
  });

test(
  'adds the business of a customer (200), then replaces its details (200): every field sent reads back in each answer, by customer and by id @smoke',
  rules(
    ...cite('FD-BUS-READ', ['business-answer', 'business-by-customer', 'business-by-id']),
    'FD-BUS-ONE:accept',
    ...cite('FD-BUS-UPDATE', ['business-answer', 'business-by-customer', 'business-by-id']),
  ),
  async ({ fdApi, createCustomer }) => {
    const customerId = await createCustomer();
    const body = fullBusiness(tellingMarkupName('Original Holdings LLC', { length: NAME_MAX }), false, '10');
    const added = await fdApi.call('AddBusinessDetails', { path: { customer_id: customerId }, body });
    expect(added.status).toBe(200);
    expect(added.body.phoneNumber, 'the answer to AddBusinessDetails: its phone number').toEqual(body.phoneNumber);
    const businessId = added.body.businessId;
    expect(businessId, 'the record carries its businessId').toBeTruthy();
    const readBoth = async (sent: Record<string, unknown>, when: string) => {
      for (const [reader, res] of [
        ['by customer', await fdApi.call('GetBusinessByCustomer', { path: { customer_id: customerId } })],
        ['by id', await fdApi.call('GetBusinessById', { path: { business_id: businessId } })],
      ] as const) {
        expect(res.status).toBe(200);
        expect(res.body, 'an array holding the one business').toHaveLength(1);
        expect(res.body[0], `the business ${when}, read ${reader}`).toMatchObject({ phoneNumber: sent.phoneNumber, businessId });
      }
    };
    await readBoth(body, 'added');
    const update = fullBusiness(tellingMarkupName('Renamed Holdings LLC', { length: NAME_MAX }), true, '27');
    // seed 002, Businesses: UpdateBusiness 200, FD-BUS-UPDATE's statement (an undocumented status is filed there: judges).
    const res = await fdApi.call('UpdateBusiness', { path: { business_id: businessId }, body: update, judges: 'FD-BUS-UPDATE' });
    expect(res.status).toBe(200);
    expect(res.body, 'the answer to UpdateBusiness').toMatchObject({ phoneNumber: update.phoneNumber, businessId });
    await readBoth(update, 'updated');
  },
);

test(
  'refuses a second business for the same customer with 409',
  rules('FD-BUS-ONE:accept', 'FD-BUS-ONE:refuse'),
  async ({ fdApi, createCustomer }) => {
    const customerId = await createCustomer();
    expect((await fdApi.call('AddBusinessDetails', { path: { customer_id: customerId }, body: newBusiness() })).status).toBe(200);
    const refused = await fdApi.call('AddBusinessDetails', { path: { customer_id: customerId }, body: newBusiness() });
    expectFdError(refused, 409, 'second business');
  },
);

test('answers 404 for a customer without a business', rules('FD-BUS-NONE-404'), async ({ fdApi, createCustomer }) => {
  expectFdError(
    await fdApi.call('GetBusinessByCustomer', { path: { customer_id: await createCustomer() }, negative: true }),
    404,
    'no business',
  );
});
