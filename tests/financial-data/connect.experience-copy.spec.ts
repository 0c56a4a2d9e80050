// Covers: CreateConnectExperience of financial data 1.42.0 (provider 1.42.0; no seed section). Declared
// only when the certified contract has it (FD_CONTRACT_VERSION=1.42.0). A copy of one of the partner's
// experiences answers 200 with an experience id of 36 characters other than the one copied; an id that
// is not a UUID, or a body without indirectPartnerId, is a 400.
import { expect, expectFdError, hasOperation, mockOnly, rules, test } from '../../fixtures/financial-data.js';
import { MOCK_EXPERIENCE_ID } from '../../fixtures/examples/fd-samples/since-1.42.0.js';

if (hasOperation('CreateConnectExperience')) {
  test(
    'a copy of an experience answers 200 with another 36-character id; a malformed id or a body without indirectPartnerId is 400',
    mockOnly(
      rules('FD-EXPERIENCE-COPY'),
      "needs the mock's Connect experience (its id): a sandbox's experiences are the partner's own and no variable names one",
    ),
    async ({ fdApi, fdMock }) => {
      void fdMock; // the mock's experiences (a sandbox's are its own)
      const path = { experience_id: MOCK_EXPERIENCE_ID };
      const copy = await fdApi.call('CreateConnectExperience', { path, body: { indirectPartnerId: 1001 } });
      expect(copy.status).toBe(200);
      expect(String(copy.body.experienceId)).toHaveLength(36);
      expect(copy.body.experienceId).not.toBe(MOCK_EXPERIENCE_ID);
      const malformed = { path: { experience_id: 'not-a-uuid' }, body: { indirectPartnerId: 1001 } };
      expectFdError(await fdApi.call('CreateConnectExperience', malformed), 400, 'malformed experience id');
      const refused = await fdApi.call('CreateConnectExperience', { path, body: {} });
      expectFdError(refused, 400, 'no indirectPartnerId');
    },
  );
}
