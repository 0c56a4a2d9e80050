// Covers: CreateTxPushTestTransaction over a sequence, its deliveries and the account reader -
// seed 002, Events - TxPush (each test transaction of a testing account sends one transaction event
// and one account event, the balance changed by the amount; deleting one subscription stops only
// that one; disabling an account stops all). A fixed sequence over the accounts of two linked
// customers (several transactions on one account, on the other between them, credits and debits,
// pending, active sent and active by default, a delete and a disable between): after each step every delivery and GetCustomerAccount are compared with the reference
// model (fixtures/models/financial-data/txpush.model.ts), whose balance runs over every transaction
// so far (FD-TXPUSH-RUNNING-BALANCE). The random sequences of the TxPush model (resources.model.spec.ts) compare the same,
// but seldom draw two transactions on one account with its account record live. The two customers
// are the check's own, their accounts linked through the mock's control surface or, on a sandbox,
// Connect (fdPowers.linkAccounts), and every delivery goes to the check's own listener URLs.
import { expect, rules, test, txpushModel } from '../../fixtures/financial-data.js';

/** The writer the sequence drives and the reader each step compares (through the model's commands). */
const COMPARED = ['CreateTxPushTestTransaction', 'GetCustomerAccount'];

test(
  'a sequence of test transactions on two accounts, with a delete and a disable between, delivers and reads the running balance after every step @assumption',
  rules('FD-TXPUSH-RUNNING-BALANCE', 'FD-TXPUSH-EVENT-CONTENT', 'FD-TXPUSH-DELETE-ONE', 'FD-TXPUSH-DISABLE'),
  async ({ fd, fdModelTarget, fdPowers, fdListener, createCustomer }) => {
    const accounts: txpushModel.ModelAccount[] = [];
    for (const customerId of [await createCustomer(), await createCustomer()]) {
      const linked = await fdPowers.linkAccounts(customerId);
      accounts.push(...linked.accounts.slice(0, 1).map((a) => ({ customerId, accountId: String(a.id) })));
    }
    // A sandbox delivers after it answers: each test transaction waits for its deliveries.
    const arrived = fd.control ? undefined : txpushModel.deliveriesArrive(fdListener.received);
    const model = txpushModel.newTxPushModel(accounts, { ...fdListener, arrived });
    try {
      const steps = await txpushModel.runTxPushSequence(model, fdModelTarget);
      test.info().annotations.push({
        type: 'checker-coverage',
        description: `TxPush sequence: ${steps} steps, ${model.covered.deliveries} deliveries and ${model.covered.readerSteps} reader reads (${COMPARED.join(', ')}) compared with the model`,
      });
      expect(model.covered.deliveries, 'deliveries compared').toBeGreaterThanOrEqual(10);
    } finally {
      await txpushModel.tearDownTxPushModel(model, fdModelTarget);
    }
  },
);
