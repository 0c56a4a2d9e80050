// Covers: the data sharing consents of provider 1.42.0 (GetDataSharingConsentsByCustomerId, ...ByID,
// RevokeDataSharingConsentById, ...ByInstitutionLoginID; no seed section), declared when FD_CONTRACT_VERSION=1.42.0.
// Receipts list and read alike; a revoke changes the status of what it names alone; unknown ids are 404.
// No status word is expected (a free string), nor a receipt for a customer without linked accounts.
import { expect, expectFdError, hasOperation, rules, test } from '../../fixtures/financial-data.js';

const NO_CONSENT = '00000000-0000-4000-8000-000000000000';

if (hasOperation('GetDataSharingConsentsByCustomerId')) {
  test(
    "a linked customer's consents list and read back alike by id; an unknown customer, receipt or missing customer_id is refused",
    rules('FD-CONSENT-LIST', 'FD-CONSENT-READ'),
    async ({ fdApi, linkedCustomer, createCustomer }) => {
      const { customerId } = linkedCustomer;
      const list = await fdApi.call('GetDataSharingConsentsByCustomerId', { query: { customer_id: customerId } });
      expect(list.status).toBe(200);
      const consents = list.body.consents as { consentReceiptId: string; customerId: string }[];
      expect(consents.length, 'a linked customer has a receipt').toBeGreaterThan(0);
      expect(list.body.displaying).toBe(consents.length);
      for (const c of consents) expect(c.customerId, 'every receipt is of the customer asked for').toBe(customerId);
      const read = await fdApi.call('GetDataSharingConsentsByID', { path: { consent_receipt_id: consents[0].consentReceiptId } });
      expect(read.status).toBe(200);
      expect(read.body).toEqual(consents[0]);
      expectFdError(
        await fdApi.call('GetDataSharingConsentsByID', { path: { consent_receipt_id: NO_CONSENT }, negative: true }),
        404,
        'unknown receipt',
      );
      expectFdError(await fdApi.call('GetDataSharingConsentsByCustomerId', { query: {} }), 400, 'without customer_id');
      const other = await createCustomer('testing');
      await fdApi.call('DeleteCustomer', { path: { customerId: other } });
      expectFdError(
        await fdApi.call('GetDataSharingConsentsByCustomerId', { query: { customer_id: other }, negative: true }),
        404,
        'deleted customer',
      );
    },
  );

  test(
    "revoking one institution login changes that institution's status alone; revoking the consent changes its status",
    rules('FD-CONSENT-REVOKE'),
    async ({ fdApi, linkedCustomer }) => {
      const { customerId, logins } = linkedCustomer;
      const list = await fdApi.call('GetDataSharingConsentsByCustomerId', { query: { customer_id: customerId } });
      const id = (list.body.consents as { consentReceiptId: string }[])[0].consentReceiptId;
      type Receipt = {
        statusDetails: { status: string };
        institutions: { institutionLoginId: string; statusDetails: { status: string } }[];
      };
      const read = async () => (await fdApi.call('GetDataSharingConsentsByID', { path: { consent_receipt_id: id } })).body as Receipt;
      const before = await read();
      const login = String(logins[0].id);
      const statusOf = (r: Receipt, l: string) => r.institutions.find((i) => i.institutionLoginId === l)?.statusDetails.status;
      const others = before.institutions.filter((i) => i.institutionLoginId !== login);
      const path = { consent_receipt_id: id, institution_login_id: login };
      expect((await fdApi.call('RevokeDataSharingConsentByInstitutionLoginID', { path })).status).toBe(204);
      const partly = await read();
      expect(statusOf(partly, login), 'the revoked login changed').not.toBe(statusOf(before, login));
      for (const o of others) expect(statusOf(partly, o.institutionLoginId), 'another login kept its status').toBe(o.statusDetails.status);
      const noLink = { path: { ...path, institution_login_id: '999999999' } };
      expectFdError(await fdApi.call('RevokeDataSharingConsentByInstitutionLoginID', noLink), 404, 'a login of no link');
      expect((await fdApi.call('RevokeDataSharingConsentById', { path: { consent_receipt_id: id } })).status).toBe(204);
      expect((await read()).statusDetails.status, 'the consent changed').not.toBe(before.statusDetails.status);
      expectFdError(
        await fdApi.call('RevokeDataSharingConsentById', { path: { consent_receipt_id: NO_CONSENT }, negative: true }),
        404,
        'unknown consent',
      );
    },
  );
}
