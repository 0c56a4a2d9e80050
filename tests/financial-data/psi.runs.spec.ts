// Covers: GenerateFcraPaymentSuccessIndicators, GeneratePaymentSuccessIndicators,
// GetFcraPaymentSuccessIndicators, GetPaymentSuccessIndicators - seed 002, PSI (202, then the
// result by payRequestId; include reasons) and Errors (403 forbidden on PSI generation, 404, 406
// not allowed). Conditions of 403 and 406 from provider 1.35.0 examples (security freeze; "Only
// 'application/json' is supported"). Runs are read on the linked customer's checking account.
import { expect, expectFdError, mockOnly, ownLinkedCustomer, rules, test, type OperationClient } from '../../fixtures/financial-data.js';
import { dateIn, fieldsOf, ratePsi, readPsiRun } from './psi.known.js';
import { BOTH, cite } from './cite.js';

const VARIANTS = [
  {
    generate: 'GenerateFcraPaymentSuccessIndicators',
    get: 'GetFcraPaymentSuccessIndicators',
    gen: 'psi-generate-fcra',
    read: 'psi-get-fcra',
  },
  { generate: 'GeneratePaymentSuccessIndicators', get: 'GetPaymentSuccessIndicators', gen: 'psi-generate', read: 'psi-get' },
] as const;
type Variant = (typeof VARIANTS)[number];

/** A run of the variant (ratePsi: the FCRA one with the permissible purpose 1P, provider 1.35.0 PayPurposeCode). */
const generate = (
  fdApi: OperationClient,
  v: Variant,
  path: { customerId: string; accountId: string },
  t: { settleByDate: string; amount: number },
  headers?: Record<string, string>,
) => ratePsi(fdApi, v.generate, path, t.settleByDate, t.amount, headers);

/** Reads a run of the variant until it leaves IN PROGRESS. */
const readRun = (fdApi: OperationClient, v: Variant, path: Record<string, string>, query = {}, sandbox = false) =>
  readPsiRun(fdApi, v.get, path, sandbox, query);

for (const v of VARIANTS) {
  test(
    `${v.generate} answers 202 and ${v.get} reads the run back with its result @smoke`,
    rules(`FD-PSI-GENERATE@${v.gen}`, `FD-PSI-READ-BACK@${v.read}`),
    async ({ fdApi, fd, linkedCustomer }) => {
      const path = { customerId: linkedCustomer.customerId, accountId: linkedCustomer.account('checking').id };
      const transaction = { settleByDate: dateIn(fd.now(), 5), amount: 12.45 };
      const made = await generate(fdApi, v, path, transaction);
      expect(made.status, 'seed 002, PSI: generation answers 202').toBe(202);
      expect(fieldsOf(made.body, ['status', 'customerId', 'accountId', 'transaction'])).toEqual({
        status: 'IN PROGRESS',
        ...path,
        transaction,
      });
      const run = await readRun(fdApi, v, { ...path, payRequestId: made.body.payRequestId }, {}, !fd.control);
      expect(run.status).toBe(200);
      const { payRequestId, requestDate } = made.body;
      const readBack = fieldsOf(run.body, ['payRequestId', 'customerId', 'accountId', 'transaction', 'requestDate']);
      expect(readBack, 'the run reads back as generated').toEqual({ payRequestId, ...path, transaction, requestDate });
      expect(run.body.status, 'the run completes').toBe('SUCCESS');
      expect(run.body.nsfReturnRisk?.result?.dailyResults?.length, 'an insufficient-funds result').toBeGreaterThanOrEqual(3);
      expect(typeof run.body.unauthorizedReturnRisk?.result?.score, 'an unauthorized-return score').toBe('number');
      // Each generation is a run of its own (seed 002, Resources: a pay request): a second one on the account leaves the first as it was.
      const again = await generate(fdApi, v, path, { ...transaction, amount: 13.55 });
      expect(again.status, 'a second run on the same account').toBe(202);
      expect(again.body.payRequestId, 'the second run: a payRequestId of its own').not.toBe(made.body.payRequestId);
      const first = await readRun(fdApi, v, { ...path, payRequestId: made.body.payRequestId }, {}, !fd.control);
      expect(first.body.transaction, 'the first run after a second one: its own transaction').toEqual(transaction);
    },
  );

  test(
    `${v.get} answers 404 for a payRequestId never issued`,
    rules(`FD-PSI-UNKNOWN-PAY-REQUEST@${v.read}`),
    async ({ fdApi, linkedCustomer }) => {
      const path = { customerId: linkedCustomer.customerId, accountId: linkedCustomer.account('checking').id };
      expectFdError(
        await fdApi.call(v.get, { path: { ...path, payRequestId: '999999999999999999' }, negative: true }),
        404,
        'unknown payRequestId',
      );
    },
  );

  test(
    `${v.get} answers 404 for the payRequestId read through another account or another customer`,
    rules(`FD-PSI-OWNER@${v.read}`),
    async ({ fdApi, fd, fdEntities, linkedCustomer, createCustomer }) => {
      const { customerId } = linkedCustomer;
      const checking = linkedCustomer.account('checking');
      const made = await generate(fdApi, v, { customerId, accountId: checking.id }, { settleByDate: dateIn(fd.now(), 3), amount: 20 });
      expect(made.status).toBe(202);
      const readAt = (customerId: string, accountId: string) =>
        fdApi.call(v.get, { path: { customerId, accountId, payRequestId: made.body.payRequestId } });
      expectFdError(await readAt(customerId, linkedCustomer.account('savings').id), 404, 'another account of the customer');
      expectFdError(await readAt(await createCustomer('testing'), checking.id), 404, 'another customer with the same account id');
      const other = fdEntities.linked;
      if (other && other.customerId !== customerId) {
        const theirs = other.accounts.find((a) => a.type === 'checking' && a.status === 'active')!;
        expectFdError(await readAt(other.customerId, theirs.id), 404, "another customer's own account");
      }
      // The owner still reads it: the 404s above are about ownership.
      expect((await readAt(customerId, checking.id)).status).toBe(200);
    },
  );

  // provider 1.35.0 IncludeReasonsParameter: reasons when true, omitted otherwise.
  test(
    `${v.get} gives the reason codes only with include_reasons=true @provider`,
    rules(`FD-PSI-REASONS:accept@${v.read}`, `FD-PSI-REASONS:refuse@${v.read}`),
    async ({ fdApi, fd, fdContract, linkedCustomer }) => {
      const path = { customerId: linkedCustomer.customerId, accountId: linkedCustomer.account('checking').id };
      const made = await generate(fdApi, v, path, { settleByDate: dateIn(fd.now(), 9), amount: 40 });
      expect(made.status).toBe(202);
      const at = { ...path, payRequestId: made.body.payRequestId };
      const days = async (query: { include_reasons?: boolean }) => {
        const res = await readRun(fdApi, v, at, query, !fd.control);
        expect(res.body.status).toBe('SUCCESS');
        return res.body.nsfReturnRisk.result.dailyResults as { reasons?: Record<string, number> }[];
      };
      const withReasons = await days({ include_reasons: true });
      expect(withReasons.length).toBeGreaterThanOrEqual(3);
      for (const day of withReasons)
        expect(Object.keys(day.reasons ?? {}).sort(), 'the eight reason codes (provider 1.35.0 NsfReasonItem: PsiReasons)').toEqual(
          [...fdContract.componentSchema('PsiReasons').required].sort(),
        );
      for (const query of [{ include_reasons: false }, {}]) {
        const seen = (await days(query)).filter((d) => d.reasons !== undefined);
        expect(seen, `reasons with ${JSON.stringify(query)}`).toHaveLength(0);
      }
    },
  );

  // seed 002 Errors 403 "forbidden on PSI generation"; provider 1.35.0 example: a security freeze (the
  // mock's switch, on a customer of the check's own).
  test(
    `${v.generate} answers 403 for a customer under a security freeze, 202 once lifted @provider @mock-only`,
    mockOnly(
      rules(`FD-PSI-FORBIDDEN@${v.gen}`),
      "needs the mock's security freeze switch: a sandbox's freeze is placed and lifted by its provider",
    ),
    async ({ fdApi, fd, fdPowers, createCustomer }) => {
      const c = await ownLinkedCustomer(fdPowers, createCustomer);
      const path = { customerId: c.customerId, accountId: c.account('checking').id };
      const transaction = { settleByDate: dateIn(fd.now(), 2), amount: 5 };
      await fdPowers.securityFreeze(path.customerId, true);
      try {
        expectFdError(await generate(fdApi, v, path, transaction), 403, 'security freeze');
      } finally {
        await fdPowers.securityFreeze(path.customerId, false);
      }
      expect((await generate(fdApi, v, path, transaction)).status, 'freeze lifted').toBe(202);
    },
  );

  // seed 002 Errors 406 (PSI); provider 1.35.0 example: "Only 'application/json' is supported."
  test(
    `${v.generate} and ${v.get} answer 406 when the request admits no JSON, and serve JSON wildcards @provider`,
    rules(...cite('FD-PSI-NOT-ACCEPTABLE', [v.gen, v.read], BOTH)),
    async ({ fdApi, fd, linkedCustomer }) => {
      const path = { customerId: linkedCustomer.customerId, accountId: linkedCustomer.account('checking').id };
      const transaction = { settleByDate: dateIn(fd.now(), 4), amount: 7.5 };
      let payRequestId = '';
      for (const accept of ['application/json', 'application/*', '*/*']) {
        const made = await generate(fdApi, v, path, transaction, { accept });
        expect(made.status, `generate with Accept ${accept}`).toBe(202);
        payRequestId = made.body.payRequestId;
        const answered = (await fdApi.call(v.get, { path: { ...path, payRequestId }, headers: { accept } })).status;
        expect(answered, `read with Accept ${accept}`).toBe(200);
      }
      for (const accept of ['application/xml', 'text/plain']) {
        expectFdError(await generate(fdApi, v, path, transaction, { accept }), 406, `generate with Accept ${accept}`);
        expectFdError(await fdApi.call(v.get, { path: { ...path, payRequestId }, headers: { accept } }), 406, `read with Accept ${accept}`);
      }
    },
  );
}

test(
  'an FCRA run is not read through the non-FCRA operation, nor the reverse (404) @assumption',
  rules('FD-PSI-PRODUCT-SEPARATE'),
  async ({ fdApi, fd, linkedCustomer }) => {
    const path = { customerId: linkedCustomer.customerId, accountId: linkedCustomer.account('checking').id };
    const [fcra, plain] = VARIANTS;
    const transaction = { settleByDate: dateIn(fd.now(), 3), amount: 9 };
    const fcraRun = await generate(fdApi, fcra, path, transaction);
    const plainRun = await generate(fdApi, plain, path, transaction);
    expect([fcraRun.status, plainRun.status]).toEqual([202, 202]);
    const readBy = (v: Variant, run: typeof fcraRun) => fdApi.call(v.get, { path: { ...path, payRequestId: run.body.payRequestId } });
    expectFdError(await readBy(plain, fcraRun), 404, 'FCRA run through the non-FCRA read');
    expectFdError(await readBy(fcra, plainRun), 404, 'non-FCRA run through the FCRA read');
  },
);

// seed 002 Errors 203 (multi-factor challenge); provider 1.35.0 FAILURE example ("MFA Required").
test(
  'a run on the account whose institution asks MFA is accepted and reads back as FAILURE with errors @provider @mock-only',
  mockOnly(
    rules('FD-PSI-MFA-FAILURE'),
    "needs an account at an institution that asks a multi-factor challenge: the mock's world has one (FinBank Profiles - B); no variable names such an account on a sandbox, whose test institutions the suite does not know",
  ),
  async ({ fdApi, fd, fdMock, linkedCustomer }) => {
    expect(fdMock).toBeTruthy();
    const mfa = linkedCustomer.accounts.find((a) => a.mfa)!;
    const path = { customerId: linkedCustomer.customerId, accountId: mfa.id };
    const made = await generate(fdApi, VARIANTS[1], path, { settleByDate: dateIn(fd.now(), 3), amount: 15 });
    expect(made.status).toBe(202);
    const run = await readRun(fdApi, VARIANTS[1], { ...path, payRequestId: made.body.payRequestId });
    expect(run.status).toBe(200);
    const { error, result } = run.body.nsfReturnRisk ?? {};
    const got = { status: run.body.status, error: error !== undefined, result: result !== undefined };
    expect(got).toEqual({ status: 'FAILURE', error: true, result: false });
  },
);
