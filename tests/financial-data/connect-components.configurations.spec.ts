// Covers: POST, GET /connect-components/configurations and GET, DELETE
// /connect-components/configurations/{configuration_id} (seed 002, Connect components: 201, 200, 204;
// 401, 404; a configuration is returned only to the partner that owns it): a configuration through
// every reader, its deletion, and what another partner (the spare one) sees of it.
import {
  expect,
  expectFdError,
  FD_CONTRACT,
  newCustomer,
  rules,
  spareAuth,
  tellingText,
  test,
  type OperationClient,
} from '../../fixtures/financial-data.js';
import { serviceAgreement } from '../../fixtures/examples/fd-samples/connect-components.js';
import { cite } from './cite.js';

const listIds = async (fdApi: OperationClient, auth?: () => Record<string, string>) => {
  const res = await fdApi.call('get-configurations', auth ? { auth } : {});
  expect(res.status, 'list the configurations').toBe(200);
  return res.body as { id: string }[];
};

// Every combination of the create's optional members (from its request schema), with values a normalisation
// changes (filterAccounts: strings of 1 to 512; accountClassificationType: personal, business, unknown;
// aoRequired: both), read by id and in the list. The answer judge (fixtures/financial-data/judge.ts) holds the 201
// to what was sent or its default (provider 1.35.0 AoRequired: false) and each reader to the 201; here, each is listed.
const CONFIG_REQUEST = FD_CONTRACT.resolveSchema(FD_CONTRACT.operationOf('post-configurations').requestBody!.schema);
const CONFIG_VALUES: Record<string, unknown[]> = {
  filterAccounts: [[tellingText('Checking'), 'Savings\tPlus  ', 'ÇA  Épargne']],
  accountClassificationType: [['personal', 'business', 'unknown'], ['business']],
  aoRequired: [true, false],
};
const optional = Object.keys(CONFIG_REQUEST.properties ?? {}).filter((m) => !(CONFIG_REQUEST.required ?? []).includes(m));
const combinations = optional.reduce<Record<string, unknown>[]>(
  (bodies, member) => {
    const values = CONFIG_VALUES[member];
    if (!values) throw new Error(`no value for the optional member ${member} of the configuration create`);
    return bodies.flatMap((b) => [b, ...values.map((v) => ({ ...b, [member]: v }))]);
  },
  [{}],
);

test(
  'every combination of the optional members reads back as sent, a member left out with its default, through the 201, by id and in the list @provider',
  rules('FD-COMPONENTS-CONFIG-CREATE@cc-created', 'FD-COMPONENTS-CONFIG-CREATE@cc-by-id', 'FD-COMPONENTS-CONFIG-CREATE@cc-list'),
  async ({ fdApi }) => {
    expect(FD_CONTRACT.resolveSchema(CONFIG_REQUEST.properties.aoRequired)?.default, 'the documented default of aoRequired').toBe(false);
    const ids: string[] = [];
    for (const body of combinations) {
      const created = await fdApi.call('post-configurations', { body });
      expect(created.status, JSON.stringify(body)).toBe(201);
      ids.push(created.body.id);
    }
    for (const id of ids)
      expect((await fdApi.call('get-configurations-configurationId', { path: { configuration_id: id } })).status, id).toBe(200);
    const listed = (await listIds(fdApi)).map((c) => c.id);
    const wrong = ids.filter((id) => !listed.includes(id));
    expect(wrong, 'every configuration made is listed').toEqual([]);
  },
);

test(
  'a deleted configuration is a 404 by id, gone from the list, and a second delete, or one of an id never issued, is a 404',
  rules('FD-COMPONENTS-CONFIG-DELETE@cc-by-id', 'FD-COMPONENTS-CONFIG-DELETE@cc-list', 'FD-COMPONENTS-CONFIG-DELETE@cc-delete'),
  async ({ fdApi }) => {
    // The older of two of the partner is deleted: the younger, made after it, is what a delete of the partner's
    // newest would take instead (seed 002, Connect components: DELETE removes the configuration of the path).
    const drop = await fdApi.call('post-configurations', { body: {} });
    const keep = await fdApi.call('post-configurations', { body: { aoRequired: true } });
    const path = { configuration_id: drop.body.id };
    expect((await fdApi.call('delete-configurations-configurationId', { path })).status).toBe(204);
    expectFdError(await fdApi.call('get-configurations-configurationId', { path, negative: true }), 404, 'read after delete');
    const kept = await fdApi.call('get-configurations-configurationId', { path: { configuration_id: keep.body.id } });
    expect(kept.status, 'the younger configuration, not named by the delete, still reads by id').toBe(200);
    const ids = (await listIds(fdApi)).map((c) => c.id);
    expect(ids, 'the deleted one is not listed').not.toContain(drop.body.id);
    expect(ids, 'the other one still is').toContain(keep.body.id);
    expectFdError(await fdApi.call('delete-configurations-configurationId', { path, negative: true }), 404, 'second delete');
    const never = { configuration_id: '00000000-0000-4000-a000-000000000000' };
    expectFdError(
      await fdApi.call('delete-configurations-configurationId', { path: never, negative: true }),
      404,
      'delete of an id never issued',
    );
  },
);

test(
  'another partner neither lists, reads, deletes nor applies our configuration',
  rules(...cite('FD-COMPONENTS-CONFIG-OWNER', ['cc-list', 'cc-by-id', 'cc-delete', 'cc-oauth'])),
  async ({ fdApi, fd }) => {
    const found = await spareAuth(fdApi, fd);
    test.skip(!found, 'needs a spare partner (FD_SPARE_PARTNER_ID / FD_SPARE_PARTNER_SECRET)');
    const spare = found!;
    const ours = await fdApi.call('post-configurations', { body: { filterAccounts: ['Checking'] } });
    const path = { configuration_id: ours.body.id };
    const shown = (await listIds(fdApi, spare)).map((c) => c.id);
    expect(shown, "the spare partner's list").not.toContain(ours.body.id);
    expectFdError(
      await fdApi.call('get-configurations-configurationId', { path, auth: spare, negative: true }),
      404,
      'read by the spare partner',
    );
    expectFdError(
      await fdApi.call('delete-configurations-configurationId', { path, auth: spare, negative: true }),
      404,
      'delete by the spare partner',
    );
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
