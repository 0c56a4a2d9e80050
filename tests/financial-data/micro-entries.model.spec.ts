// Covers: InitiateMicroAmountDeposits, VerifyMicroAmountDeposits, GetMicroDepositsDetails,
// DeleteCustomer - seed 002, Micro entries and switches, Limits (two micro amounts, each under one
// dollar), Errors 404, 409, 429; provider 1.35.0 InitiatedMicroDeposit, MicroDepositDetails,
// MicroDepositVerificationError, MicroDepositStatus. Random sequences over two customers of the
// suite's partner and one of the spare partner, each entry called through its own customer,
// another customer and another partner, while the clock moves on; every answer compared with the
// reference model (fixtures/models/financial-data/micro-entries.model.ts): status, the state through
// the details read, the routing number and last four digits as sent, ownership, use after delete.
// The deposit delay, the one attempt and the initiation cap are the catalogue's decisions
// (@assumption); the amounts are read and the clock moved through the mock's control surface
// (@mock-only).
import { microModel, movedClock, rules, runModel, spareAuth, test, withConflict } from '../../fixtures/financial-data.js';

test(
  'every sequence of micro entry initiations, verifications and reads by two partners answers as the micro entries model says @property @mock-only @assumption',
  withConflict(
    rules(
      'FD-MICRO-INITIATE',
      'FD-MICRO-VERIFY@micro-verify',
      'FD-MICRO-VERIFY@micro-details',
      'FD-MICRO-VERIFY-ORDER',
      'FD-MICRO-VERIFY-WRONG@micro-verify',
      'FD-MICRO-VERIFY-WRONG@micro-details',
      'FD-MICRO-DETAILS',
      'FD-MICRO-BEFORE-DEPOSIT',
      'FD-MICRO-ATTEMPTS:accept',
      'FD-MICRO-ATTEMPTS:refuse',
      'FD-MICRO-ERROR-BODY',
      'FD-MICRO-CONFLICT:accept',
      'FD-MICRO-CONFLICT:refuse',
      'FD-MICRO-MASKING@micro-details',
      'FD-MICRO-NOT-FOUND@micro-verify',
      'FD-MICRO-NOT-FOUND@micro-details',
      'FD-MICRO-RATE:accept',
      'FD-MICRO-RATE:refuse',
      'FD-CUST-DELETE',
      'FD-OBJ-OTHER-PARTNER',
    ),
    // The provider's examples answer an existing account and too many initiations 400 (seed 002: 409, 429).
    'FD-CONFLICT-MICRO-ACCOUNT-EXISTS',
    'FD-CONFLICT-MICRO-RATE',
  ),
  async ({ fd, fdApi, fdModelTarget, fdPowers }, testInfo) => {
    const clock = await movedClock(fdPowers);
    // A day on the clock outlives a token (seed 002, Limits): the spare partner's is made again after each move.
    let spare = await spareAuth(fdApi, fd);
    const real: microModel.MicroReal = {
      ...fdModelTarget,
      call: (partner, operationId, options = {}) =>
        fdApi.callBuilt(operationId, partner === 'B' && spare ? { ...options, auth: spare } : options),
      advance: async (seconds) => {
        await clock.advance(seconds);
        spare = await spareAuth(fdApi, fd);
      },
      amounts: (accountId) => fdPowers.microAmounts(accountId),
      now: () => fd.now(),
    };
    try {
      await runModel({
        commands: microModel.microCommands(),
        examples: microModel.microExamples(),
        // Each sequence starts at the real time again (its entries are its own; the model's clock starts at 0).
        setup: async () => {
          await clock.restore();
          spare = await spareAuth(fdApi, fd);
          return { model: await microModel.newMicroModel(real), real };
        },
        teardown: microModel.tearDownMicroModel,
        testInfo,
      });
    } finally {
      await clock.restore();
    }
  },
);
