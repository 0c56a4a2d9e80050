// Covers: the generate operations whose path names a userType (provider 1.35.0 UserTypeParameter,
// PersonalUserTypeParameter), each userType sent by another partner with our customer (seed 002,
// Resources; Errors 404); the owner's own request of each is made first, so a refused variant is no leak.
import { expect, rules, sample, test, type CallOptions, type FdOperationId } from '../../fixtures/financial-data.js';
import { enumOf, FD_CONTRACT } from '../../fixtures/financial-data.js';
import { spareAuth } from './security.known.js';

/** The operations with a userType path parameter, each with the values the contract lists. */
const USER_TYPED = [...FD_CONTRACT.operations.values()].flatMap((op) => {
  const param = op.parameters.find((p) => p.in === 'path' && p.name === 'userType');
  // The parameter's schema is a component of the contract (AnalyticsUserType, ForesightUserType).
  const ref = String(param?.schema?.$ref ?? '');
  const values = ref ? enumOf(FD_CONTRACT, ref.split('/').pop()!) : ((param?.schema?.enum ?? []) as string[]);
  return param && values.length
    ? [{ operationId: op.operationId as FdOperationId, values, refusals: [400, 403, 404].filter((s) => op.responses[String(s)]) }]
    : [];
});

test(
  "another partner is refused our customer's report on every userType of every operation whose path names one",
  rules('FD-OBJ-OTHER-PARTNER'),
  async ({ fd, fdApi, fdEntities }) => {
    const other = await spareAuth(fdApi, fd);
    test.skip(!other, 'needs a spare partner (FD_SPARE_PARTNER_ID / FD_SPARE_PARTNER_SECRET)');
    expect(USER_TYPED.length, 'the contract names userType in some generate paths').toBeGreaterThan(0);
    const wrong: string[] = [];
    let probed = 0;
    for (const { operationId, values, refusals } of USER_TYPED) {
      for (const userType of values) {
        const base = sample(operationId, fd, fdEntities) as CallOptions;
        const call = { ...base, path: { ...base.path, userType } };
        const own = await fdApi.callBuilt(operationId, call);
        if (own.status >= 300) continue; // a variant the owner cannot have either: nothing to compare
        const res = await fdApi.callBuilt(operationId, { ...call, auth: other });
        probed++;
        if (!refusals.includes(res.status)) wrong.push(`${operationId} userType ${userType}: ${res.status}, not ${refusals.join(' or ')}`);
      }
    }
    test.info().annotations.push({
      type: 'security-coverage',
      description: `financial-data userType: ${USER_TYPED.map((o) => `${o.operationId} (${o.values.join(', ')})`).join('; ')}; ${probed} probed`,
    });
    expect(probed, 'the owner gets a report of at least one userType of each operation').toBeGreaterThanOrEqual(USER_TYPED.length);
    expect(wrong, "another partner's request on every userType").toEqual([]);
  },
);
