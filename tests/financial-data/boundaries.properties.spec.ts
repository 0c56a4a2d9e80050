// Covers: AddTestingCustomer (username), ModifyCustomer (names), GetCustomers and GetInstitutions
// (paging), GetInstitutionsByRoutingNumber - property-based boundaries. Every generated invalid
// value is confirmed invalid by the contract before a 400 is expected. FC_NUM_RUNS widens, FC_SEED replays.
import fc from 'fast-check';
import { assertProperty, expect, expectFdError, newCustomer, rules, test } from '../../fixtures/financial-data.js';
import {
  anyName,
  invalidLimit,
  invalidUsername,
  nineDigits,
  validLimit,
  validStart,
  validUsername,
  wrongLengthRoutingNumber,
} from '../../fixtures/arbitraries/financial-data/boundaries.js';

// Both creations take the same NewCustomer body (provider 1.35.0): the username rules hold on each;
// the operation is part of the generated case, so a shrunk failure names its path.
const CREATE = fc.constantFrom('AddTestingCustomer' as const, 'AddCustomer' as const);

test(
  'accepts every username the contract allows with 201 on both creations @property',
  rules('FD-CUST-USERNAME-RULES:accept'),
  async ({ fd, fdApi, fdContract }, testInfo) => {
    const validate = fdContract.component('Username');
    await assertProperty(
      fc.asyncProperty(CREATE, validUsername, async (op, username) => {
        expect(validate(username), 'generated username is valid by the contract').toBe(true);
        const res = await fdApi.call(op, { body: newCustomer({ username }) });
        expect(res.status, `${op} username ${username}`).toBe(201);
        // A guest on a sandbox holds a few testing customers at once: each is deleted once accepted.
        if (!fd.control) await fdApi.call('DeleteCustomer', { path: { customerId: String(res.body.id) } });
      }),
      testInfo,
    );
  },
);

test(
  'rejects every username outside the rules with 400 on both creations @property',
  rules('FD-CUST-USERNAME-RULES:refuse'),
  async ({ fdApi, fdContract }, testInfo) => {
    const validate = fdContract.component('Username');
    await assertProperty(
      fc.asyncProperty(CREATE, invalidUsername, async (op, username) => {
        fc.pre(!validate(username));
        expectFdError(await fdApi.call(op, { body: newCustomer({ username }) }), 400, `${op}: invalid username`);
      }),
      testInfo,
    );
  },
);

test(
  'stores any first and last name the contract allows @property',
  rules('FD-CUST-MODIFY@get-customer'),
  async ({ fdApi, createCustomer }, testInfo) => {
    const customerId = await createCustomer();
    await assertProperty(
      fc.asyncProperty(anyName, anyName, async (firstName, lastName) => {
        expect((await fdApi.call('ModifyCustomer', { path: { customerId }, body: { firstName, lastName } })).status).toBe(204);
        const res = await fdApi.call('GetCustomer', { path: { customerId } });
        expect(res.body).toMatchObject({ firstName, lastName });
      }),
      testInfo,
    );
  },
);

for (const op of ['GetCustomers', 'GetInstitutions'] as const) {
  test(
    `${op} accepts every start and limit the contract allows, and displays at most limit @property`,
    rules('FD-PAGE-LIMIT:accept'),
    async ({ fdApi }, testInfo) => {
      await assertProperty(
        fc.asyncProperty(validStart, validLimit, async (start, limit) => {
          const res = await fdApi.call(op, { query: { start, limit } });
          expect(res.status).toBe(200);
          expect(res.body.displaying).toBeLessThanOrEqual(limit);
          expect(res.body.displaying).toBeLessThanOrEqual(res.body.found);
        }),
        testInfo,
      );
    },
  );

  // provider 1.35.0 sets no minimum on start: only limit has bounds (1..1000, reference Paging).
  test(
    `${op} rejects every limit outside the contract with 400 @property @assumption`,
    rules('FD-PAGE-LIMIT:refuse'),
    async ({ fdApi, fdContract }, testInfo) => {
      const limitOk = fdContract.component('PageLimit');
      await assertProperty(
        fc.asyncProperty(invalidLimit, async (limit) => {
          fc.pre(!limitOk(limit));
          expectFdError(await fdApi.call(op, { query: { limit } }), 400, `limit ${limit}`);
        }),
        testInfo,
      );
    },
  );
}

test('answers 200 or 404 for any 9-digit routing number @property', rules('FD-ROUTING-LENGTH:accept'), async ({ fdApi }, testInfo) => {
  await assertProperty(
    fc.asyncProperty(nineDigits, async (rn) => {
      const res = await fdApi.call('GetInstitutionsByRoutingNumber', { path: { routing_number: rn } });
      expect([200, 404]).toContain(res.status);
    }),
    testInfo,
  );
});

test(
  'rejects every routing number of the wrong length with 400 @property',
  rules('FD-ROUTING-LENGTH:refuse'),
  async ({ fdApi, fdContract }, testInfo) => {
    const validate = fdContract.component('RoutingNumber');
    await assertProperty(
      fc.asyncProperty(wrongLengthRoutingNumber, async (rn) => {
        fc.pre(!validate(String(rn)));
        expectFdError(await fdApi.call('GetInstitutionsByRoutingNumber', { path: { routing_number: rn } }), 400, `${rn.length} digits`);
      }),
      testInfo,
    );
  },
);
