// Covers: what the Connect generate operations refuse (seed 002, Connect; Errors 400, 404): the
// customer (provider 1.35.0 example 10010), the consumer and the partnerId (this contract's
// assumptions), the required members (provider 1.35.0 required lists), the e-mail variants (the
// e-mail answered as sent; at least one joint-borrower address) and Fix Connect's login (404).
import {
  expect,
  expectFdError,
  newCustomer,
  notePartial,
  rules,
  spareAuth,
  tellingLines,
  tellingMarkup,
  test,
  unknownId,
} from '../../fixtures/financial-data.js';
import { bodyOf, customerWithConsumer, FLOWS, type Login } from './connect.known.js';
import { atSite } from './cite.js';

for (const flow of FLOWS) {
  test(
    `${flow.op} refuses an unknown customer and another partner's partnerId with 400${flow.consumer ? ', and a consumer of another customer' : ''}`,
    rules(...atSite(flow.path, 'FD-CONNECT-CUSTOMER', 'FD-CONNECT-PARTNER', ...(flow.consumer ? ['FD-CONNECT-CONSUMER'] : []))),
    async ({ fdApi, fd, fdEntities, fdContract, createCustomer }) => {
      const body = bodyOf(flow, fd, fdEntities);
      const unknown = unknownId(fdContract, { type: 'string', pattern: '^[0-9]+$' });
      // Each borrower's customer is checked: an unknown joint borrower after a valid primary.
      if (flow.borrowers) body.borrowers.push({ customerId: unknown, consumerId: fdEntities.consumerId, type: 'jointBorrower' });
      else body.customerId = unknown;
      expectFdError(await fdApi.call(flow.op, { body }), 400, 'unknown customer');
      // A customer that exists, but is another partner's (the spare partner's), is refused too.
      const spare = await spareAuth(fdApi, fd);
      if (!spare) notePartial("another partner's customer not checked: needs FD_SPARE_PARTNER_ID / FD_SPARE_PARTNER_SECRET");
      else {
        const theirs = await fdApi.call('AddTestingCustomer', { body: newCustomer(), auth: spare });
        expect(theirs.status, 'a customer of the spare partner').toBe(201);
        const foreign = bodyOf(flow, fd, fdEntities);
        if (flow.borrowers) foreign.borrowers[0].customerId = String(theirs.body.id);
        else foreign.customerId = String(theirs.body.id);
        expectFdError(await fdApi.call(flow.op, { body: foreign }), 400, "another partner's customer");
        if (flow.borrowers) {
          // Each borrower is looked up among the caller's customers: the spare partner's customer as
          // the joint borrower beside a valid primary is refused too.
          const coForeign = bodyOf(flow, fd, fdEntities);
          // A consumerId the target has no record of (accepted, FD-CONNECT-CONSUMER): only the customer can refuse.
          const consumerId = unknownId(fdContract, { type: 'string', pattern: '^[0-9a-f]{32}$' });
          coForeign.borrowers.push({ customerId: String(theirs.body.id), consumerId, type: 'jointBorrower' });
          expectFdError(await fdApi.call(flow.op, { body: coForeign }), 400, "another partner's customer as the joint borrower");
        }
      }
      const denied = await fdApi.call(flow.op, { body: { ...bodyOf(flow, fd, fdEntities), partnerId: `${fd.partner.partnerId}9` } });
      expectFdError(denied, 400, "another partner's id");
      if (flow.consumer) {
        const other = await customerWithConsumer(fdApi, createCustomer);
        const mixed = bodyOf(flow, fd, { customerId: fdEntities.customerId, consumerId: other.consumerId });
        expectFdError(await fdApi.call(flow.op, { body: mixed }), 400, "another customer's consumer");
        expect((await fdApi.call(flow.op, { body: bodyOf(flow, fd, other) })).status, "the customer's own consumer").toBe(200);
        if (flow.borrowers) {
          // Every borrower's consumer is checked, not only the primary's: the joint borrower naming
          // the primary's consumer is refused; with its own consumer it is accepted.
          const joint = (consumerId: string) => {
            const b = bodyOf(flow, fd, fdEntities);
            b.borrowers.push({ customerId: other.customerId, consumerId, type: 'jointBorrower' });
            return b;
          };
          const reply = await fdApi.call(flow.op, { body: joint(fdEntities.consumerId) });
          expectFdError(reply, 400, "the joint borrower with another customer's consumer");
          const own = await fdApi.call(flow.op, { body: joint(other.consumerId) });
          expect(own.status, 'the joint borrower with its own consumer').toBe(200);
        }
      }
    },
  );

  if (flow.consumer) {
    // FD-CONNECT-CONSUMER refuses a known consumer of another customer only: provider 1.35.0 states
    // no refusal of a consumerId it has no record of, and its published client sends its example
    // consumer id with any customer, expecting 200.
    test(
      `${flow.op} accepts a consumerId it has no record of @assumption`,
      rules(`FD-CONNECT-CONSUMER@${flow.path}`),
      async ({ fdApi, fd, fdEntities, fdContract }) => {
        const consumerId = unknownId(fdContract, { type: 'string', pattern: '^[0-9a-f]{32}$' });
        const res = await fdApi.call(flow.op, { body: bodyOf(flow, fd, { customerId: fdEntities.customerId, consumerId }) });
        expect(res.status, 'an unknown consumer with the customer').toBe(200);
      },
    );
  }

  if (flow.required.length) {
    test(
      `${flow.op} refuses a body without ${flow.required.join(', ')} with a 400 @provider`,
      rules(`FD-CONNECT-REQUIRED@${flow.path}`),
      async ({ fdApi, fd, fdEntities }) => {
        for (const member of flow.required) {
          const body = bodyOf(flow, fd, fdEntities);
          delete body[member];
          const res = await fdApi.call(flow.op, { body });
          expectFdError(res, 400, `no ${member}`);
        }
      },
    );
  }
}

// Every member of the e-mail in a form a normalisation changes (provider 1.35.0 EmailOptions: plain strings):
// case, spaces, non-ASCII letters, a leading zero, empty and blank signature lines, and the characters HTML
// escapes; each answered byte for byte, on the single and the joint-borrower e-mail alike.
for (const flow of FLOWS.filter((f) => f.email)) {
  test(
    `${flow.op} answers the link and the e-mail as sent, byte for byte @provider`,
    rules(`FD-CONNECT-EMAIL@${flow.path}`),
    async ({ fdApi, fd, fdEntities }) => {
      const body = bodyOf(flow, fd, fdEntities);
      body.email = {
        to: 'Applicant.Loans@Example.COM',
        from: tellingMarkup('Acme Lending'),
        subject: tellingMarkup('Share your accounts'),
        supportPhone: '0800 555 0100 ',
        firstName: tellingMarkup('Zoe'),
        institutionName: tellingMarkup('FinBank Profiles'),
        institutionAddress: tellingMarkup('1 Main Street'),
        // Signature lines with an empty one, a tab and a space alone among them (EmailOptions.signature: any strings).
        signature: [...tellingLines('A. Officer', 'Loans'), tellingMarkup('Lending & <Loans>')],
      };
      const res = await fdApi.call(flow.op, { body });
      expect(res.status).toBe(200);
      expect(res.body.link).toMatch(/^https:\/\//);
      expect(res.body.emailConfig, 'the e-mail answered').toMatchObject(body.email);
    },
  );
}

test(
  'SendJointBorrowerConnectEmail needs a joint-borrower address: none is a 400, one a 200',
  rules('FD-CONNECT-JOINT-EMAIL:refuse', 'FD-CONNECT-JOINT-EMAIL:accept'),
  async ({ fdApi, fd, fdEntities, createCustomer }) => {
    const joint = await customerWithConsumer(fdApi, createCustomer);
    const flow = FLOWS.find((f) => f.op === 'SendJointBorrowerConnectEmail')!;
    const body = bodyOf(flow, fd, fdEntities);
    body.borrowers.push({ ...joint, type: 'jointBorrower' });
    const { email: _email, ...withoutEmail } = body;
    expectFdError(await fdApi.call(flow.op, { body: withoutEmail }), 400, 'no e-mail');
    expectFdError(await fdApi.call(flow.op, { body: { ...body, email: { ...body.email, to: '' } } }), 400, 'an empty address');
    const statusNow = (await fdApi.call(flow.op, { body: { ...body, email: { ...body.email, to: 'joint.borrower@example.com' } } })).status;
    expect(statusNow, 'one address').toBe(200);
  },
);

test(
  "GenerateFixConnectUrl gives a link for the customer's login and a 404 for an unknown login or another customer's",
  rules('FD-CONNECT-FIX-LOGIN:accept', 'FD-CONNECT-FIX-LOGIN:refuse'),
  async ({ fdApi, fd, fdEntities, fdContract, linkedCustomer, createCustomer }) => {
    const flow = FLOWS.find((f) => f.op === 'GenerateFixConnectUrl')!;
    const own: Login = { customerId: linkedCustomer.customerId, id: linkedCustomer.logins[0].id };
    expect((await fdApi.call(flow.op, { body: bodyOf(flow, fd, fdEntities, own) })).status, "the customer's login").toBe(200);
    const unknown = { ...own, id: unknownId(fdContract, { type: 'string', pattern: '^[0-9]+$' }) };
    expectFdError(await fdApi.call(flow.op, { body: bodyOf(flow, fd, fdEntities, unknown), negative: true }), 404, 'unknown login');
    const stranger = { ...own, customerId: await createCustomer('testing') };
    expectFdError(
      await fdApi.call(flow.op, { body: bodyOf(flow, fd, fdEntities, stranger), negative: true }),
      404,
      "another customer's login",
    );
  },
);
