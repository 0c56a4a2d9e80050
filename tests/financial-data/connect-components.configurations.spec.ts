// Covers: POST, GET /connect-components/configurations and GET, DELETE
// /connect-components/configurations/{configuration_id} (seed 002, Connect components: 201, 200, 204;
// 401, 404; a configuration is returned only to the partner that owns it): a configuration through
// every reader, its deletion, and what another partner (the spare one) sees of it.
import { expect, expectFdError, newCustomer, rules, spareAuth, test, type OperationClient } from '../../fixtures/financial-data.js';
import { serviceAgreement } from '../../fixtures/examples/fd-samples/connect-components.js';

const listIds = async (fdApi: OperationClient, auth?: () => Record<string, string>) => {
  const res = await fdApi.call('get-configurations', auth ? { auth } : {});
  expect(res.status, 'list the configurations').toBe(200);
  return res.body as { id: string }[];
};

test(
  'a configuration reads back by id and in the list as created; aoRequired left out is false @provider',
  rules('FD-COMPONENTS-CONFIG-CREATE@cc-created', 'FD-COMPONENTS-CONFIG-CREATE@cc-by-id', 'FD-COMPONENTS-CONFIG-CREATE@cc-list'),
  async ({ fdApi }) => {
    const sent = [
      { filterAccounts: ['Checking', 'Savings'], accountClassificationType: ['personal', 'business'], aoRequired: true },
      { filterAccounts: ['Checking'] },
    ];
    for (const body of sent) {
      const created = await fdApi.call('post-configurations', { body });
      expect(created.status).toBe(201);
      const expected = { aoRequired: false, ...body, id: created.body.id };
      expect(created.body, 'the 201 body').toMatchObject(expected);
      const byId = await fdApi.call('get-configurations-configurationId', { path: { configuration_id: created.body.id } });
      expect(byId.status).toBe(200);
      expect(byId.body, 'read by id').toMatchObject(expected);
      expect(
        (await listIds(fdApi)).find((c) => c.id === created.body.id),
        'in the list',
      ).toMatchObject(expected);
    }
  },
);

test(
  'a deleted configuration is a 404 by id, gone from the list, and a second delete is a 404',
  rules('FD-COMPONENTS-CONFIG-DELETE@cc-by-id', 'FD-COMPONENTS-CONFIG-DELETE@cc-list', 'FD-COMPONENTS-CONFIG-DELETE@cc-delete'),
  async ({ fdApi }) => {
    const [keep, drop] = [
      await fdApi.call('post-configurations', { body: { aoRequired: true } }),
      await fdApi.call('post-configurations', { body: {} }),
    ];
    const path = { configuration_id: drop.body.id };
    expect((await fdApi.call('delete-configurations-configurationId', { path })).status).toBe(204);
    expectFdError(await fdApi.call('get-configurations-configurationId', { path }), 404, 'read after delete');
    const ids = (await listIds(fdApi)).map((c) => c.id);
    expect(ids, 'the deleted one is not listed').not.toContain(drop.body.id);
    expect(ids, 'the other one still is').toContain(keep.body.id);
    expectFdError(await fdApi.call('delete-configurations-configurationId', { path }), 404, 'second delete');
  },
);

test(
  'another partner neither lists, reads, deletes nor applies our configuration',
  rules(
    'FD-COMPONENTS-CONFIG-OWNER@cc-list',
    'FD-COMPONENTS-CONFIG-OWNER@cc-by-id',
    'FD-COMPONENTS-CONFIG-OWNER@cc-delete',
    'FD-COMPONENTS-CONFIG-OWNER@cc-oauth',
  ),
  async ({ fdApi, fd }) => {
    const found = await spareAuth(fdApi, fd);
    test.skip(!found, 'needs a spare partner (FD_SPARE_PARTNER_ID / FD_SPARE_PARTNER_SECRET)');
    const spare = found!;
    const ours = await fdApi.call('post-configurations', { body: { filterAccounts: ['Checking'] } });
    const path = { configuration_id: ours.body.id };
    expect(
      (await listIds(fdApi, spare)).map((c) => c.id),
      "the spare partner's list",
    ).not.toContain(ours.body.id);
    expectFdError(await fdApi.call('get-configurations-configurationId', { path, auth: spare }), 404, 'read by the spare partner');
    expectFdError(await fdApi.call('delete-configurations-configurationId', { path, auth: spare }), 404, 'delete by the spare partner');
    expect((await fdApi.call('get-configurations-configurationId', { path })).status, 'ours survives').toBe(200);
    // Its own customer, so that only the configuration can be what is refused.
    const customer = await fdApi.call('AddTestingCustomer', { body: newCustomer(), auth: spare });
    expect(customer.status, 'a customer of the spare partner').toBe(201);
    const body = { customerId: customer.body.id, serviceAgreement: serviceAgreement(fd), redirectURI: 'https://lender.example.com/done' };
    const oauth = (configurationId?: string) =>
      fdApi.call('post-institutions-institutionId-oauth-urls', {
        path: { institution_id: Number(fd.institutions.branded) },
        body: { ...body, ...(configurationId ? { configurationId } : {}) },
        auth: spare,
      });
    expect((await oauth()).status, 'the spare partner without a configuration').toBe(201);
    expect([400, 404], 'the spare partner applying our configuration').toContain((await oauth(ours.body.id)).status);
  },
);
