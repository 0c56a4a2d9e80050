// Covers: GenerateThirdPartyAccessKey, UpdateThirdPartyAccessKey, RevokeThirdPartyAccessKey,
// SetCustomerAppID with GetCustomerWithAppData and GetCustomer, DeleteCustomer - seed 002, App
// registration and third-party access (200, 200, 204; SetCustomerAppID 200; 404), Resources -
// Third-party consent; provider 1.35.0 ThirdPartyAccessKeyData, ThirdPartyAccessKeyReceiptData.
// Random sequences over two linked customers of the suite's partner and one of the spare partner,
// each answer compared with the reference model
// (fixtures/models/financial-data/third-party-access.model.ts): status, every product and period
// against the one sent, pseudo ids never the real ones, the same receipt id on update, use after
// revocation and after the customer's deletion, another partner's key and customer, the application
// assigned through both customer readers. Customers are linked through the mock's control surface
// (a sandbox links through Connect only): @mock-only. A period ending when it starts is refused by
// the catalogue's reading (FD-ACCESSKEY-PERIOD): @assumption.
import { accessModel, mockOnly, rules, runModel, test } from '../../fixtures/financial-data.js';
import { approvedApplicationId } from '../../fixtures/examples/fd-samples/app-registration.js';

test(
  'every sequence of access key and customer application calls by two partners answers as the third-party access model says @property @mock-only @assumption',
  mockOnly(
    rules(
      'FD-ACCESSKEY-GENERATE',
      'FD-ACCESSKEY-PSEUDO-IDS',
      'FD-ACCESSKEY-NOT-FOUND',
      'FD-ACCESSKEY-PERIOD:accept',
      'FD-ACCESSKEY-PERIOD:refuse',
      'FD-ACCESSKEY-UPDATE',
      'FD-ACCESSKEY-REVOKED@key-update',
      'FD-ACCESSKEY-REVOKED@key-revoke',
      'FD-ACCESSKEY-UNKNOWN@key-update',
      'FD-ACCESSKEY-UNKNOWN@key-revoke',
      'FD-APP-CUSTOMER-SET@app-data',
      'FD-APP-CUSTOMER-SET@get-customer',
      'FD-APP-CUSTOMER-NOT-FOUND',
      'FD-CUST-READ',
      'FD-CUST-DELETE',
      'FD-OBJ-OTHER-PARTNER',
      'FD-OBJ-FOREIGN-ID',
      'FD-PROP-WRITE-SCOPE',
    ),
    "links accounts to a new customer of either partner in every run of the model: the mock's control surface links them at once; a sandbox links only its own partner's customers, through Connect, and every run would add two customers to the partner's bounded quota",
  ),
  async ({ fd, fdMock, fdModelTarget }, testInfo) => {
    const real: accessModel.AccessReal = {
      ...fdModelTarget,
      linkedCustomer: async (partner) => {
        const username = `sx-access-${Math.random().toString(36).slice(2, 10)}`;
        const res = await fdModelTarget.call(partner, 'AddTestingCustomer', { body: { username, firstName: 'Access', lastName: 'Model' } });
        if (res.status !== 201) throw new Error(`the access model could not create a customer of partner ${partner} (${res.status})`);
        const id = String(res.body.id);
        const linked = await fdMock.linkAccounts(id);
        return { id, accounts: linked.accounts.slice(0, 2).map((a) => String(a.id)) };
      },
      partnerId: (partner) => (partner === 'A' ? fd.partner : fd.sparePartner!).partnerId,
      applicationId: approvedApplicationId(fd)!,
      now: () => fd.now(),
    };
    await runModel({
      commands: accessModel.accessCommands(),
      examples: accessModel.accessExamples(),
      setup: async () => ({ model: await accessModel.newAccessModel(real), real }),
      teardown: accessModel.tearDownAccessModel,
      testInfo,
    });
  },
);
