// Covers: a description agrees with the state it describes (FD-PROP-DESCRIBED-STATE; described-states.ts;
// provider 1.35.0 MicroDepositStatus and statusDescription), judged by the client on every answer; this
// check walks micro entries of its own through every state (mock only: the deposit day and amounts).
import { expect, FD_CONTRACT, fdLimit, mockOnly, rules, test } from '../../fixtures/financial-data.js';
import { declaresPair, describedPairsOf } from '../../helpers/client/every-answer/described-states.js';

const RULE = 'FD-PROP-DESCRIBED-STATE';
const DEPOSIT_DELAY_S = fdLimit('microEntryDepositDelaySeconds'); // @assumption: the deposits land a day after initiation

test('the contract pairs the micro entries status with its description on every operation answering it @provider', rules(RULE), () => {
  expect(describedPairsOf(FD_CONTRACT)).toEqual([{ state: 'status', description: 'statusDescription' }]);
  const applies = [...FD_CONTRACT.operations.values()].filter((op) => declaresPair(FD_CONTRACT, op)).map((op) => op.operationId);
  expect(applies.sort()).toEqual(['GetMicroDepositsDetails', 'InitiateMicroAmountDeposits', 'VerifyMicroAmountDeposits']);
});

test(
  'every reader of micro entries describes each state the entries reach with its own description, never another state’s @provider @mock-only',
  mockOnly(rules(RULE), "needs the deposit day passed on the mock's clock and the amounts deposited (the mock's harness route)"),
  async ({ fdApi, fdMock, createCustomer }) => {
    const customerId = await createCustomer();
    let n = 0;
    const initiate = async () => {
      const accountNumber = `79${String(Date.now()).slice(-6)}${String(n++).padStart(4, '0')}`;
      const made = await fdApi.call('InitiateMicroAmountDeposits', {
        path: { customerId },
        body: { receiver: { routingNumber: '021000021', accountNumber, accountType: 'personalChecking', name: 'Described States' } },
      });
      expect(made.status, 'InitiateMicroAmountDeposits').toBe(200);
      return String(made.body.accountId);
    };
    const details = async (accountId: string, state: string) => {
      const read = await fdApi.call('GetMicroDepositsDetails', { path: { customerId, accountId } });
      expect(read.status, `GetMicroDepositsDetails (${state})`).toBe(200);
      return read.body.status;
    };
    const verify = (accountId: string, amounts: number[]) =>
      fdApi.call('VerifyMicroAmountDeposits', { path: { customerId, accountId }, body: { amounts } });
    // Two sets of entries: one verified right, one refused with amounts it never drew.
    const right = await initiate();
    const wrong = await initiate();
    const amounts = await fdMock.microAmounts(right);
    const states = [await details(right, 'before the deposit')];
    // The verification before the deposit is refused naming the entries' state (provider 1.35.0, 3200002).
    await verify(wrong, amounts);
    await fdMock.advanceClock(DEPOSIT_DELAY_S);
    states.push(await details(right, 'deposited'));
    expect((await verify(right, amounts)).status, 'the right amounts verify').toBe(200);
    states.push(await details(right, 'verified'));
    const deposited = await fdMock.microAmounts(wrong);
    const far = Array.from({ length: 99 }, (_, i) => (i + 1) / 100).filter((a) => deposited.every((d) => Math.abs(a - d) > 0.1));
    await verify(wrong, [far[0]!, far.at(-1)!]);
    await verify(wrong, [far[0]!, far.at(-1)!]);
    states.push(await details(wrong, 'after wrong amounts'));
    expect(new Set(states).size, `the entries reach several states (${states.join(', ')})`).toBeGreaterThan(2);
  },
);
