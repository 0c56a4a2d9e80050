// Covers: AddTestingCustomer (username), ModifyCustomer (names), GetCustomers and GetInstitutions
// (paging), GetInstitutionsByRoutingNumber - property-based boundaries. Every generated invalid
// value is confirmed invalid by the contract before a 400 is expected. FC_NUM_RUNS widens, FC_SEED replays.
import fc from 'fast-check';
import {
  assertProperty,
  expect,
  expectAtMost,
  expectFdError,
  expectToBe,
  newCustomer,
  rules,
  test,
} from '../../fixtures/financial-data.js';
import type { Scenario } from '../../fixtures/financial-data.js';
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
type Create = 'AddTestingCustomer' | 'AddCustomer';

/** A username of `n` characters of the stated set (provider 1.35.0 CustomerUsername, statement FD-ST-696), new to the target (a
 * username is unique: FD-CUST-USERNAME-UNIQUE). */
const usernameOf = (n: number) => `${Math.random().toString(36).slice(2, 8).padEnd(6, 'q')}${'aZ9.-_'.repeat(43)}`.slice(0, n);

/** The usernames at each stated end (FD-ST-696: 6 to 255 characters), on both creations; `outside`: one past each end. */
const usernameEnds = (outside: boolean): Scenario<[Create, string]>[] =>
  (['AddTestingCustomer', 'AddCustomer'] as const).flatMap((op) =>
    (outside ? [5, 256] : [6, 255]).map((n) => ({
      kinds: ['stated bound' as const],
      cites: ['FD-ST-696'],
      says: `${op}: a username of ${n} characters`,
      input: (): [Create, string] => [op, usernameOf(n)],
    })),
  );

/** The limits at each stated end (FD-ST-315: at most 1000; the reference's paging, FD-ST-867), or one past each. */
const limitEnds = (outside: boolean) =>
  (outside ? [0, 1001] : [1, 1000]).map((limit) => ({
    kinds: ['stated bound' as const],
    cites: ['FD-ST-315', 'FD-ST-867'],
    says: `limit ${limit}`,
    limit,
  }));

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
      usernameEnds(false),
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
      usernameEnds(true),
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
        // seed 002, Customers: ModifyCustomer 204, FD-CUST-MODIFY's statement (an undocumented status is filed there: judges).
        const modified = await fdApi.call('ModifyCustomer', {
          path: { customerId },
          body: { firstName, lastName },
          judges: 'FD-CUST-MODIFY',
        });
        expect(modified.status).toBe(204);
        const res = await fdApi.call('GetCustomer', { path: { customerId } });
        expect(res.body).toMatchObject({ firstName, lastName });
      }),
      testInfo,
      // seed 002, ModifyCustomer (FD-ST-66): a modification names the first name, the last name or both; twice on one customer,
      // the second read shows the second.
      [
        { kinds: ['repeated call'], cites: ['FD-ST-66'], says: 'a first modification', input: () => ['Zoë', 'McDONALD'] },
        {
          kinds: ['repeated call'],
          cites: ['FD-ST-66'],
          says: 'a second modification of the same customer',
          input: () => ['van  der Berg', "O'Brien"],
        },
      ],
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
          // Step-free when they hold (fixtures/assertions/quiet.ts): they run on every draw.
          expectToBe(res.status, 200, `${op} start ${start}, limit ${limit}`);
          expectAtMost(res.body.displaying, limit, `${op} start ${start}, limit ${limit}: displaying at most limit`);
          expectAtMost(res.body.displaying, res.body.found, `${op} start ${start}, limit ${limit}: displaying at most found`);
        }),
        testInfo,
        limitEnds(false).map(({ limit, ...s }) => ({ ...s, input: (): [number, number] => [1, limit] })),
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
        limitEnds(true).map(({ limit, ...s }) => ({ ...s, input: (): [number] => [limit] })),
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
    // FD-ST-205, FD-ST-394: nine digits, a leading zero among them, is the right length.
    [{ kinds: ['stated form'], cites: ['FD-ST-205', 'FD-ST-394'], says: 'nine digits, the first a zero', input: () => ['021000021'] }],
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
      // FD-ST-205, FD-ST-249: a wrong length is a 400; one digit short and one too many.
      ['02100002', '0210000210'].map((rn) => ({
        kinds: ['stated bound' as const],
        cites: ['FD-ST-205', 'FD-ST-249'],
        says: `${rn.length} digits`,
        input: (): [string] => [rn],
      })),
    );
  },
);
