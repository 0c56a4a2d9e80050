// The reference model runs, one test per resource: random sequences of calls by two partners, each answer
// compared with fixtures/models/financial-data/<resource>.model.ts (its header names its seed 002 and
// provider 1.35.0 sections). A row: its title, the rules its steps judge, the target as its model calls it.
import type { TestInfo } from '@playwright/test';
import {
  ACCOUNT_READERS as READERS,
  accessModel,
  accountsModel,
  appsModel,
  businessesModel,
  consumersModel,
  customersModel,
  microModel,
  mockOnly,
  movedClock,
  newFdModel,
  reportsModel,
  rules,
  runModel,
  spareAuth,
  switchesModel,
  tearDownFdModel,
  test,
  txpushModel,
  webhooksModel,
  withConflict,
} from '../../fixtures/financial-data.js';
import { approvedApplicationId } from '../../fixtures/examples/fd-samples/app-registration.js';
import { SANDBOX_CUSTOMERS_PER_WORKER } from '../../helpers/client/guest/owned.js';
import { BOTH, cite } from './cite.js';

type Fixtures = Parameters<Parameters<typeof test>[2]>[0];
type Row = {
  title: string;
  details: { annotation: { type: string; description: string }[] };
  run: (fixtures: Fixtures, testInfo: TestInfo) => Promise<void>;
};

/**
 * On a sandbox a worker holds at most SANDBOX_CUSTOMERS_PER_WORKER testing customers at once (the
 * partner's quota is shared): a sequence of that many commands makes no more, and its teardown
 * deletes them before the next.
 */
const customerCap = (fd: Fixtures['fd']) => (fd.control ? undefined : SANDBOX_CUSTOMERS_PER_WORKER);

/** One linked account of each of two customers of the check's own (the mock's control surface, or Connect on a sandbox). */
async function txpushAccounts({ fdPowers, createCustomer }: Pick<Fixtures, 'fdPowers' | 'createCustomer'>) {
  const accounts: txpushModel.ModelAccount[] = [];
  // Two accounts of the first customer (seed 002, Events: an account's events go to its own subscriptions, not its sibling's), one of the second.
  for (const [n, customerId] of [await createCustomer(), await createCustomer()].entries()) {
    const linked = await fdPowers.linkAccounts(customerId);
    accounts.push(...linked.accounts.slice(0, n === 0 ? 2 : 1).map((a) => ({ customerId, accountId: String(a.id) })));
  }
  return accounts;
}

const ROWS: Row[] = [
  {
    title: 'every sequence of customer calls by two partners answers as the customers model says @property',
    details: rules(
      ...['FD-CUST-CREATE', 'FD-CUST-TYPE', 'FD-CUST-USERNAME-UNIQUE'].flatMap((r) => cite(r, ['testing', 'active'])),
      ...['FD-CUST-READ', 'FD-CUST-MODIFY'].flatMap((r) => cite(r, ['get-customer', 'app-data', 'list-username'])),
      ...cite('FD-CUST-DELETE', ['get-customer', 'app-data', 'list-username', 'list-search', 'list-all']),
      'FD-CUST-COUNTS-AFTER-DELETE',
      ...cite('FD-CUST-SEARCH', [], BOTH),
      'FD-CUST-NO-SEARCH-ALL',
      'FD-CUST-FILTER-USERNAME:accept',
      'FD-CUST-FILTER-TYPE:accept',
      'FD-PAGE-START@customers',
      'FD-PAGE-COUNTS@customers',
      // A page's displaying and moreAvailable against its records (the customers model's `derived`).
      'FD-DERIVED-COUNTS',
      'FD-PAGE-LIMIT-APPLIED@customers',
      'FD-NOT-FOUND',
      'FD-CUST-APP',
      'FD-OBJ-OTHER-PARTNER',
      // Judged by the client on every answer (helpers/client/every-answer/unique-ids.ts): two usernames, two customer ids.
      'FD-PROP-UNIQUE-ID',
    ),
    run: ({ fd, fdModelTarget }, testInfo) =>
      runModel({
        maxCommands: customerCap(fd),
        commands: customersModel.customerCommands(),
        scenarios: customersModel.customerScenarios(),
        setup: async () => ({ model: await newFdModel(fdModelTarget), real: fdModelTarget }),
        teardown: tearDownFdModel,
        testInfo,
      }),
  },
  {
    title: 'every sequence of consumer calls by two partners answers as the consumers model says @property',
    details: rules(
      'FD-CONS-CREATE',
      ...['FD-CONS-READ', 'FD-CONS-SSN-LAST-FOUR', 'FD-CONS-MODIFY'].flatMap((r) => cite(r, ['consumer-by-customer', 'consumer-by-id'])),
      'FD-CONS-UNIQUE',
      'FD-CONS-NONE-404',
      'FD-CONS-MODIFY-KEEP',
      'FD-CONS-OUTLIVES',
      'FD-PROP-SURVIVOR',
      'FD-CUST-DELETE-LINKED@consumer-by-customer',
      'FD-NOT-FOUND',
      'FD-EVENT-DATE-FIXED',
      'FD-OBJ-OTHER-PARTNER',
      // Judged by the client on every answer (helpers/client/every-answer/unique-ids.ts): two customers, two consumer ids.
      'FD-PROP-UNIQUE-ID',
    ),
    run: ({ fd, fdModelTarget }, testInfo) =>
      runModel({
        maxCommands: customerCap(fd),
        commands: consumersModel.consumerCommands(),
        scenarios: consumersModel.consumerScenarios(),
        setup: async () => ({ model: await newFdModel(fdModelTarget), real: fdModelTarget }),
        teardown: tearDownFdModel,
        testInfo,
      }),
  },
  {
    title: 'every sequence of business calls by two partners answers as the businesses model says @property',
    details: rules(
      ...['FD-BUS-READ', 'FD-BUS-UPDATE'].flatMap((r) => cite(r, ['business-answer', 'business-by-customer', 'business-by-id'])),
      'FD-BUS-ONE',
      'FD-BUS-NONE-404',
      'FD-CUST-DELETE-LINKED@business-by-customer',
      'FD-NOT-FOUND',
      'FD-OBJ-OTHER-PARTNER',
      // Judged by the client on every answer (helpers/client/every-answer/unique-ids.ts): two customers, two business ids.
      'FD-PROP-UNIQUE-ID',
    ),
    run: ({ fdModelTarget }, testInfo) =>
      runModel({
        commands: businessesModel.businessCommands(),
        scenarios: businessesModel.businessScenarios(),
        setup: async () => ({ model: await newFdModel(fdModelTarget), real: fdModelTarget }),
        teardown: tearDownFdModel,
        testInfo,
      }),
  },
  {
    title: 'every sequence of account reads, refreshes and deletes by two partners answers as the accounts model says @property @mock-only',
    details: mockOnly(
      rules(
        ...cite('FD-ACCT-SIMPLE-ACTIVE', ['acct-list-simple', 'acct-by-login-simple', 'acct-by-institution-simple']),
        ...cite('FD-ACCT-SIMPLE-BASIC', ['acct-get-simple', 'acct-list-simple', 'acct-by-login-simple', 'acct-by-institution-simple']),
        'FD-ACCT-SIMPLE-ONE-PENDING',
        ...cite('FD-ACCT-FULL-PENDING', ['acct-get', 'acct-list', 'acct-by-login']),
        ...cite('FD-ACCT-BY-LOGIN', ['acct-by-login', 'acct-by-login-simple']),
        ...cite('FD-ACCT-BY-INSTITUTION', ['acct-by-institution', 'acct-by-institution-simple']),
        ...['FD-ACCT-SIMPLE-ACTIVE', 'FD-ACCT-FILTER-STATUS', 'FD-ACCT-FILTER-TYPE'].flatMap((r) => cite(r, [], BOTH)),
        ...['FD-ACCT-DELETE-LOGIN', 'FD-ACCT-DELETE-ACCOUNT', 'FD-ACCT-DELETE-KEEPS-OTHERS'].flatMap((r) => cite(r, READERS)),
        'FD-ACCT-DELETE-AGAIN',
        'FD-ACCT-MIGRATE',
        ...cite('FD-ACCT-REFRESH-V1', ['acct-refresh-customer', 'acct-refresh-login']),
        ...cite('FD-ACCT-REFRESH-V2', ['acct-refresh-customer-v2', 'acct-refresh-login-v2']),
        ...cite('FD-ACCT-REFRESH-DATE', [
          'acct-refresh-customer',
          'acct-refresh-customer-v2',
          'acct-refresh-login',
          'acct-refresh-login-v2',
        ]),
        ...cite('FD-ACCT-REFRESH-SCOPE', ['acct-refresh-login', 'acct-refresh-login-v2']),
        ...['FD-ACCT-DATES', 'FD-ACCT-IDS'].flatMap((r) => cite(r, READERS)),
        ...cite('FD-ACCT-NUMBER-DISPLAY', [...READERS, 'acct-refresh-customer', 'acct-refresh-login', 'acct-migrate']),
        'FD-NOT-FOUND',
        'FD-CUST-DELETE',
        'FD-OBJ-OTHER-PARTNER',
        'FD-OBJ-OTHER-PARENT',
        'FD-OBJ-AFTER-DELETE',
      ),
      "needs the mock's virtual clock (account refreshes and their aggregation status move with it) and links accounts to a new customer of either partner in every run: a sandbox spends that time in real time and links only its own partner's customers",
    ),
    run: async ({ fd, fdMock, fdModelTarget }, testInfo) => {
      const real: accountsModel.AccountsReal = {
        ...fdModelTarget,
        link: (customerId) => fdMock.linkAccounts(customerId),
        advance: async (seconds) => void (await fdMock.advanceClock(seconds)),
        now: () => fd.now(),
      };
      await runModel({
        commands: accountsModel.accountCommands(),
        scenarios: accountsModel.accountScenarios(),
        setup: async () => ({ model: await accountsModel.newAccountsModel(real), real }),
        teardown: accountsModel.tearDownAccountsModel,
        testInfo,
      });
    },
  },
  {
    title: 'every sequence of app registration calls by two partners answers as the registrations model says @property @mock-only',
    details: mockOnly(
      rules(
        'FD-APP-REGISTER',
        ...['FD-APP-READ-BACK', 'FD-APP-APPLICATION-ID', 'FD-APP-APPROVED-KEPT'].flatMap((r) => cite(r, ['app-list', 'app-status-v2'])),
        ...cite('FD-APP-MODIFY', ['app-modify', 'app-list', 'app-status-v2']),
        'FD-APP-MODIFY-PENDING@app-modify',
        'FD-APP-UNKNOWN',
        'FD-APP-LIST-PAGING:accept',
        'FD-APP-LIST-FILTER',
        'FD-APP-STATUS-NOT-FOUND',
        'FD-APP-INSTITUTIONS',
        'FD-APP-INSTITUTIONS-NOT-FOUND',
        'FD-NOT-FOUND',
        'FD-APP-STATUS-SUNSET',
        'FD-APP-STATUS-PAGING',
        'FD-OBJ-OTHER-PARTNER',
        // Two customers of one partner, each assigned its own approved application, each read back with its own.
        'FD-CUST-CREATE',
        'FD-CUST-APP',
        ...cite('FD-APP-CUSTOMER-SET', ['app-data', 'get-customer']),
      ),
      "needs the mock's virtual clock: registrations are approved a day after they are made (provider 1.35.0 AppRegistrationStatus), which the model's runs move through many times",
    ),
    run: async ({ fd, fdApi, fdMock, fdModelTarget }, testInfo) => {
      // The spare partner's token ages with the clock a day moves on: a new one after each move (the
      // suite's partner renews through its token cache).
      let spare = await spareAuth(fdApi, fd);
      const real: appsModel.AppsReal = {
        ...fdModelTarget,
        call: (partner, operationId, options = {}) =>
          partner === 'B' && spare
            ? fdApi.callBuilt(operationId, { ...options, auth: spare })
            : fdModelTarget.call(partner, operationId, options),
        advance: async (seconds) => {
          await fdMock.advanceClock(seconds);
          spare = await spareAuth(fdApi, fd);
        },
      };
      await runModel({
        commands: appsModel.appCommands(),
        scenarios: appsModel.appScenarios(),
        setup: async () => ({ model: await appsModel.newAppsModel(real), real }),
        // Registrations have no delete (seed 002, App registration): nothing to tear down.
        teardown: async () => undefined,
        testInfo,
      });
    },
  },
  {
    title:
      'every sequence of access key and customer application calls by two partners answers as the third-party access model says @property @mock-only @assumption',
    details: mockOnly(
      rules(
        'FD-ACCESSKEY-GENERATE',
        'FD-ACCESSKEY-PSEUDO-IDS',
        'FD-ACCESSKEY-NOT-FOUND',
        ...cite('FD-ACCESSKEY-PERIOD', [], BOTH),
        'FD-ACCESSKEY-UPDATE',
        ...['FD-ACCESSKEY-REVOKED', 'FD-ACCESSKEY-UNKNOWN'].flatMap((r) => cite(r, ['key-update', 'key-revoke'])),
        ...cite('FD-APP-CUSTOMER-SET', ['app-data', 'get-customer']),
        'FD-APP-CUSTOMER-NOT-FOUND',
        'FD-CUST-READ',
        'FD-CUST-DELETE',
        'FD-OBJ-OTHER-PARTNER',
        'FD-OBJ-FOREIGN-ID',
        'FD-PROP-WRITE-SCOPE',
      ),
      "links accounts to a new customer of either partner in every run of the model: the mock's control surface links them at once; a sandbox links only its own partner's customers, through Connect, and every run would add two customers to the partner's bounded quota",
    ),
    run: async ({ fd, fdMock, fdModelTarget }, testInfo) => {
      const real: accessModel.AccessReal = {
        ...fdModelTarget,
        linkedCustomer: async (partner) => {
          const username = `sx-access-${Math.random().toString(36).slice(2, 10)}`;
          const res = await fdModelTarget.call(partner, 'AddTestingCustomer', {
            body: { username, firstName: 'Access', lastName: 'Model' },
          });
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
        scenarios: accessModel.accessScenarios(),
        setup: async () => ({ model: await accessModel.newAccessModel(real), real }),
        teardown: accessModel.tearDownAccessModel,
        testInfo,
      });
    },
  },
  {
    title:
      'every sequence of micro entry initiations, verifications and reads by two partners answers as the micro entries model says @property @mock-only @assumption',
    details: withConflict(
      rules(
        'FD-MICRO-INITIATE',
        ...['FD-MICRO-VERIFY', 'FD-MICRO-VERIFY-WRONG', 'FD-MICRO-NOT-FOUND'].flatMap((r) => cite(r, ['micro-verify', 'micro-details'])),
        'FD-MICRO-VERIFY-ORDER',
        'FD-MICRO-DETAILS',
        'FD-MICRO-BEFORE-DEPOSIT',
        ...['FD-MICRO-ATTEMPTS', 'FD-MICRO-CONFLICT', 'FD-MICRO-RATE'].flatMap((r) => cite(r, [], BOTH)),
        'FD-MICRO-ERROR-BODY',
        'FD-MICRO-MASKING@micro-details',
        'FD-CUST-DELETE',
        'FD-OBJ-OTHER-PARTNER',
      ),
      // The provider's examples answer an existing account and too many initiations 400 (seed 002: 409, 429).
      'FD-CONFLICT-MICRO-ACCOUNT-EXISTS',
      'FD-CONFLICT-MICRO-RATE',
    ),
    run: async ({ fd, fdApi, fdModelTarget, fdPowers }, testInfo) => {
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
          scenarios: microModel.microScenarios(),
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
  },
  {
    title: 'every sequence of report generations and reads by two partners answers as the reports model says @property @mock-only',
    details: mockOnly(
      rules(
        'FD-REPORT-ASYNC@generate',
        ...cite('FD-REPORT-READ-OWNER', ['by-customer', 'by-consumer', 'by-id']),
        ...cite('FD-REPORT-READERS-AGREE', ['by-customer', 'by-consumer', 'by-id', 'lists']),
        ...cite('FD-REPORT-CONSUMER-OWNER', ['by-consumer', 'by-customer', 'lists']),
        'FD-NOT-FOUND',
        'FD-REPORT-TERMINAL',
        'FD-VOA-ELIGIBLE',
        'FD-VOI-ELIGIBLE',
        'FD-CUST-DELETE',
        'FD-OBJ-OTHER-PARTNER',
        'FD-OBJ-AFTER-DELETE',
      ),
      "needs the mock's virtual clock (reports end as the model moves it by minutes) and links accounts to a new customer of either partner in every run: a sandbox would spend the reports' time in real time, every run of the model over again",
    ),
    run: async ({ fdMock, fdModelTarget }, testInfo) => {
      const real: reportsModel.ReportsReal = {
        ...fdModelTarget,
        link: (customerId) => fdMock.linkAccounts(customerId),
        advance: async (seconds) => void (await fdMock.advanceClock(seconds)),
      };
      await runModel({
        commands: reportsModel.reportCommands(),
        scenarios: reportsModel.reportScenarios(),
        setup: async () => ({ model: await reportsModel.newReportsModel(real), real }),
        teardown: reportsModel.tearDownReportsModel,
        testInfo,
      });
    },
  },
  {
    title: 'every sequence of switch reads and customer deletions by two partners answers as the switches model says @property @mock-only',
    details: mockOnly(
      rules(
        ...['FD-SW-LIST', 'FD-SW-DETAILS', 'FD-SW-OTHER-CUSTOMER', 'FD-SW-OTHER-KIND', 'FD-SW-CUSTOMER'].flatMap((r) =>
          cite(r, ['sw-deposit', 'sw-bill-pay']),
        ),
        'FD-SW-EXTERNAL',
        ...['FD-SW-DELETED-CUSTOMER', 'FD-SW-SETTLED'].flatMap((r) => cite(r, ['sw-deposit', 'sw-bill-pay', 'sw-external'])),
        'FD-SW-EXTERNAL-UNKNOWN',
        'FD-CUST-DELETE',
        'FD-OBJ-OTHER-PARTNER',
      ),
      "needs customers with deposit and bill pay switches and their external ids: the mock's world makes them when it links a customer; a sandbox's switches are made by a person through Connect's switch flow, which the suite does not complete",
    ),
    run: async ({ fdMock, fdModelTarget }, testInfo) => {
      const real: switchesModel.SwitchesReal = {
        ...fdModelTarget,
        linkedCustomer: async (partner, type) => {
          const username = `sx-switch-${Math.random().toString(36).slice(2, 10)}`;
          const op = type === 'testing' ? 'AddTestingCustomer' : 'AddCustomer';
          const res = await fdModelTarget.call(partner, op, { body: { username, firstName: 'Switch', lastName: 'Model' } });
          if (res.status !== 201) throw new Error(`the switches model could not create a customer of partner ${partner} (${res.status})`);
          await fdMock.linkAccounts(String(res.body.id));
          return String(res.body.id);
        },
      };
      await runModel({
        commands: switchesModel.switchCommands(),
        scenarios: switchesModel.switchScenarios(),
        setup: async () => ({ model: await switchesModel.newSwitchesModel(real), real }),
        teardown: switchesModel.tearDownSwitchesModel,
        testInfo,
      });
    },
  },
  {
    // Deliveries go to the check's own listener URLs: no other worker's subscription or transaction is compared.
    title: 'every sequence of TxPush subscribe, disable and delete calls answers as the subscriptions model says @property',
    details: rules(
      'FD-TXPUSH-SUBSCRIBE',
      'FD-TXPUSH-DISABLE',
      'FD-TXPUSH-DELETE-ONE',
      'FD-TXPUSH-DELETE-UNKNOWN',
      'FD-OBJ-OTHER-PARTNER',
      'FD-OBJ-OTHER-PARENT',
    ),
    run: async ({ fdModelTarget, fdPowers, createCustomer }, testInfo) => {
      const accounts = await txpushAccounts({ fdPowers, createCustomer });
      await runModel({
        commands: txpushModel.txpushCommands(),
        scenarios: txpushModel.txpushScenarios(),
        setup: async () => ({ model: txpushModel.newTxPushModel(accounts), real: fdModelTarget }),
        teardown: txpushModel.tearDownTxPushModel,
        testInfo,
      });
    },
  },
  {
    title:
      'every sequence of TxPush subscriptions and test transactions delivers to each live subscription as the subscriptions model says @property @assumption',
    details: rules(
      'FD-TXPUSH-SUBSCRIBE',
      'FD-TXPUSH-TEST-EVENTS',
      'FD-TXPUSH-EVENT-CONTENT',
      'FD-TXPUSH-SIGNED',
      'FD-TXPUSH-NO-SUBSCRIPTION',
      'FD-TXPUSH-DISABLE',
      'FD-TXPUSH-DELETE-ONE',
      'FD-TXPUSH-TESTING-ONLY:accept',
      'FD-TXPUSH-RUNNING-BALANCE',
      'FD-OBJ-OTHER-PARTNER',
      'FD-OBJ-OTHER-PARENT',
    ),
    run: async ({ fd, fdModelTarget, fdPowers, fdListener, createCustomer }, testInfo) => {
      const accounts = await txpushAccounts({ fdPowers, createCustomer });
      // A sandbox delivers after it answers: each test transaction waits for its deliveries.
      const listener = { ...fdListener, arrived: fd.control ? undefined : txpushModel.deliveriesArrive(fdListener.received) };
      await runModel({
        commands: txpushModel.txpushDeliveryCommands(),
        scenarios: txpushModel.txpushDeliveryScenarios(),
        setup: async () => ({ model: txpushModel.newTxPushModel(accounts, listener), real: fdModelTarget }),
        teardown: txpushModel.tearDownTxPushModel,
        testInfo,
      });
    },
  },
  {
    title: 'every sequence of webhook subscription calls by two partners answers as the subscriptions model says @property',
    details: rules(
      ...cite('FD-WEBHOOK-CREATE', ['wh-created', 'wh-by-id', 'wh-list']),
      ...['FD-WEBHOOK-UPDATE', 'FD-WEBHOOK-DELETE', 'FD-WEBHOOK-SUB-STATUS'].flatMap((r) => cite(r, ['wh-by-id', 'wh-list'])),
      'FD-WEBHOOK-OWNER',
      'FD-WEBHOOK-PAGE-OFFSET:accept',
      'FD-WEBHOOK-PAGE-PAST-END',
      // Judged by the client on every answer (helpers/client/every-answer/unique-ids.ts): two URLs, two subscription ids.
      'FD-PROP-UNIQUE-ID',
    ),
    run: ({ fdModelTarget }, testInfo) =>
      runModel({
        commands: webhooksModel.webhookCommands(),
        scenarios: webhooksModel.webhookScenarios(),
        setup: async () => ({ model: await webhooksModel.newWebhookModel(fdModelTarget), real: fdModelTarget }),
        teardown: webhooksModel.tearDownWebhookModel,
        testInfo,
      }),
  },
];

for (const row of ROWS) test(row.title, row.details, row.run);
