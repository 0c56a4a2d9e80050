// Covers: the link of the nine Connect generate operations - seed 002, Connect (200 URL); provider 1.35.0
// ConnectLink ("a generated Connect URL"; scheme and query only in examples, not pinned): opened for the
// request's customer, never answering the consumer's SSN (seed 002, Connect; reference, Consumers).
import { expect, rules, test, TEST_SSNS } from '../../fixtures/financial-data.js';
import { bodyOf, customerOf, customerWithConsumer, fixLogin, FLOWS } from './connect.known.js';

/** seed 002, Connect (200 URL): an absolute URL, whatever its scheme and query. */
const isUrl = (link: unknown) => URL.canParse(String(link));

test('GenerateConnectUrl answers 200 with a link @smoke', rules('FD-CONNECT-URL@c-full'), async ({ fdApi, fd, fdEntities }) => {
  const res = await fdApi.call('GenerateConnectUrl', { body: bodyOf(FLOWS[0], fd, fdEntities) });
  expect(res.status).toBe(200);
  expect(isUrl(res.body.link), 'the link is a URL').toBe(true);
});

for (const flow of FLOWS) {
  test(
    `${flow.op} answers a link; another customer gets its own @provider`,
    rules(`FD-CONNECT-URL@${flow.path}`),
    async ({ fdApi, fd, fdEntities, createCustomer, linkedCustomer }) => {
      // Fix Connect repairs a login of the customer: the worker's linked customer, then another linked one.
      const fix = flow.op === 'GenerateFixConnectUrl';
      const firstLogin = fixLogin(fdEntities.linked);
      test.skip(fix && !firstLogin, 'needs FD_LINKED_CUSTOMER_ID (a customer with an institution login)');
      const first = bodyOf(flow, fd, fdEntities, firstLogin);
      const second = fix
        ? bodyOf(flow, fd, fdEntities, { customerId: linkedCustomer.customerId, id: linkedCustomer.logins[0].id })
        : bodyOf(flow, fd, await customerWithConsumer(fdApi, createCustomer));
      // Joint flows: the joint borrower listed first, the session still opens for the primary one.
      if (flow.borrowers) first.borrowers = [{ ...second.borrowers[0], type: 'jointBorrower' }, ...first.borrowers];
      const links: string[] = [];
      for (const body of [first, second]) {
        const res = await fdApi.call(flow.op, { body });
        expect(res.status, `${flow.op} for customer ${customerOf(body)}`).toBe(200);
        expect(isUrl(res.body.link), 'the link is a URL').toBe(true);
        links.push(res.body.link);
      }
      if (customerOf(first) !== customerOf(second)) expect(links[1], 'two customers, two links').not.toBe(links[0]);
    },
  );
}

// seed 002, Connect: the SSN pre-populates the payroll step. The client already fails any answer
// echoing a sensitive value it sent (helpers/secrets/sensitive.ts); the check below says it by name.
for (const flow of FLOWS.filter((f) => f.ssn)) {
  test(
    `${flow.op} accepts the consumer's SSN and answers without it`,
    rules(`FD-CONNECT-SSN-SECRET@${flow.path}`),
    async ({ fdApi, fd, fdEntities, createCustomer }) => {
      const body = bodyOf(flow, fd, fdEntities);
      const consumerInfo = { ssn: TEST_SSNS[0], dob: 628_473_600 };
      if (flow.ssn === 'borrower') {
        body.borrowers[0].optionalConsumerInfo = consumerInfo;
        // The joint borrower's SSN is as secret as the primary's.
        const joint = await customerWithConsumer(fdApi, createCustomer);
        body.borrowers.push({ ...joint, type: 'jointBorrower', optionalConsumerInfo: { ssn: TEST_SSNS[1], dob: 628_473_600 } });
      } else body.optionalConsumerInfo = consumerInfo;
      const res = await fdApi.call(flow.op, { body });
      expect(res.status, `${flow.op} with an SSN`).toBe(200);
      const digits = res.text.replace(/[^0-9]/g, '');
      const seen = TEST_SSNS.slice(0, 2).map((ssn) => digits.includes(ssn.replace(/[^0-9]/g, '')));
      expect(seen, 'the answer carries an SSN sent (shown as booleans only)').toEqual([false, false]);
    },
  );
}
