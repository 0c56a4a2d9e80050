// Deposit and bill pay switches (seed 002, Resources - Switch, also found by external_id; Endpoints - Micro entries and switches).
// Every linked customer has switches generated from its id at the first switch route:
// - four deposit switches: completed and failed (bad-credentials) at `BR-<customerId>-1`, processing at `BR-<customerId>-2`, and a
//   completed one without external id;
// - three bill pay switches: completed by card, completed by bank account, failed (connection-error).
// Linked accounts are named by routing number and last four only. No linked data: empty lists. A switch is reached only through its
// own customer and kind (404 otherwise); a deleted customer's are reached by none.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { answerThrough, judgeThrough, route, sendError, type FdContext, type Input } from './middleware.js';
import { findCustomer, linkedData, type Account, type Customer, type Switch, type SwitchKind as Kind } from './state.js';
import { iso, type Answer, type Exchange, type Refusal, type Step, type SwitchOp, type SwitchSeams } from './switches.records.js';

const hex = (text: string, length = 24) => createHash('sha1').update(text).digest('hex').slice(0, length);
const DAY_S = 86_400;

/** The external ids of a customer's in-branch deposit switches (the mock world's convention). */
export const externalIdsOf = (customerId: string) => [`BR-${customerId}-1`, `BR-${customerId}-2`];

function generate(customerId: string, accounts: Account[], nowS: number): Switch[] {
  const first = (type: string) => accounts.find((a) => a.type === type && a.status === 'active') ?? accounts[0];
  const checking = first('checking');
  const savings = first('savings');
  const card = first('creditCard');
  const ends = (a?: Account) => (a ? a.number.slice(-4) : '0000');
  const routing = (a?: Account) => a?.routingNumber ?? '021000021';
  const base = accounts[0]?.createdDate ?? nowS;
  const dates = (n: number, done: boolean) => {
    const created = base - (30 - 5 * n) * DAY_S;
    // A finished switch was updated 16 minutes after its creation, never later than the clock (a switch of a customer made now).
    return { createdDate: iso(created), updatedDate: iso(done ? Math.min(created + 16 * 60, nowS) : created) };
  };
  const payroll = (name: string) => ({ id: hex(`payroll:${name}`), name });
  const [ext1, ext2] = externalIdsOf(customerId);
  const deposit = (n: number, s: Omit<Switch, 'id' | 'kind' | 'customerId' | 'createdDate' | 'updatedDate'>): Switch => ({
    id: hex(`${customerId}:deposit:${n}`),
    kind: 'deposit',
    customerId,
    ...dates(n, s.status !== 'processing'),
    ...s,
  });
  const billPay = (n: number, s: Omit<Switch, 'id' | 'kind' | 'customerId' | 'createdDate' | 'updatedDate'>): Switch => ({
    id: hex(`${customerId}:billPay:${n}`),
    kind: 'billPay',
    customerId,
    ...dates(n + 4, s.status !== 'processing'),
    ...s,
  });
  const to = (a: Account | undefined, type: string, allocatedValue?: number) => ({
    type,
    ...(allocatedValue === undefined ? {} : { allocatedValue }),
    bankIdentifier: routing(a),
    accountNumberEndsWith: ends(a),
  });
  return [
    deposit(0, {
      externalId: ext1,
      status: 'completed',
      authenticated: true,
      provider: payroll('Paycom'),
      targets: [to(checking, 'total')],
    }),
    deposit(1, {
      externalId: ext1,
      status: 'failed',
      failureReason: 'bad-credentials',
      authenticated: false,
      provider: payroll('ADP'),
      targets: [to(savings, 'percent', 50)],
    }),
    deposit(2, {
      externalId: ext2,
      status: 'processing',
      authenticated: true,
      provider: payroll('Gusto'),
      targets: [to(checking, 'fixed', 250)],
    }),
    deposit(3, {
      status: 'completed',
      authenticated: true,
      provider: payroll('Paychex'),
      targets: [to(checking, 'percent', 60), to(savings, 'percent', 40)],
    }),
    billPay(0, {
      status: 'completed',
      authenticated: true,
      provider: payroll('Netflix'),
      targets: [{ type: 'card', title: card?.name ?? 'Card', brand: 'Mastercard', endsWith: ends(card) }],
    }),
    billPay(1, {
      status: 'completed',
      authenticated: true,
      provider: payroll('Electric Utility'),
      targets: [
        {
          type: 'bank',
          title: checking?.name ?? 'Checking',
          bankIdentifier: routing(checking),
          endsWith: ends(checking),
          bankAccountType: 'Checking',
        },
      ],
    }),
    billPay(2, {
      status: 'failed',
      failureReason: 'connection-error',
      authenticated: false,
      provider: payroll('CashApp'),
      targets: [{ type: 'card', title: card?.name ?? 'Card', brand: 'Mastercard', endsWith: ends(card) }],
    }),
  ];
}

export function registerSwitches(app: FastifyInstance, ctx: FdContext) {
  const { state: world, clock } = ctx;
  const seams = ctx.faults.seams<SwitchSeams>('switches');
  const byCustomer = () => world.switches.byCustomer;
  /** The customer's switches, made on first need once the customer is linked (none before). */
  const switchesOf = (x: Exchange, customer: Customer): Switch[] => {
    const known = byCustomer().get(customer.id);
    if (known) return known;
    const { logins, accounts } = linkedData(world, customer.id);
    if (logins.length === 0) return [];
    const made = seams.state(x, generate(customer.id, accounts, x.nowS));
    byCustomer().set(customer.id, made);
    return made;
  };
  const exchange = (op: SwitchOp, kind: Kind, input: Input): Exchange => {
    const x: Exchange = { op, kind, input, world, nowS: clock.nowEpochSeconds(), switchesOf: (c) => switchesOf(x, c) };
    return x;
  };
  const refused = (status: number, message: string): Refusal => ({ status, message });
  const partnerCustomers = ({ partner }: Input) =>
    partner ? [...world.customers.group('partner', partner.id).values()] : [...world.customers.values()];

  const judge: Record<Step, (x: Exchange) => Refusal | undefined> = {
    // seed 002, Errors 404: the customer of the path, the caller's partner's (a deleted one is gone).
    customer: (x) => {
      x.customer = findCustomer(world, x.input.path.customer_id, x.input.partner?.id);
      return x.customer ? undefined : refused(404, 'Customer not found');
    },
    // The switches searched: the customer's; by external id, those of every linked customer of the partner.
    pool: (x) => {
      x.pool = x.customer
        ? x.switchesOf(x.customer)
        : partnerCustomers(x.input)
            .filter((c) => world.logins.group('customer', c.id).size > 0)
            .flatMap(x.switchesOf);
      return undefined;
    },
    // By external id (seed 002, Switch: the whole id as sent): the deposit switches carrying it (404 when none).
    found: (x) => {
      const id = x.op === 'getAllExternalDepositSwitches' ? x.input.path.external_id : undefined;
      x.found = x.pool!.filter((s) => s.kind === x.kind && (id === undefined || s.externalId === id));
      return x.found.length || id === undefined ? undefined : refused(404, `No matching record found for external_id ${id}`);
    },
    // seed 002, Errors 404: a switch of the path's customer and of the operation's kind.
    switch: (x) => {
      x.switch = x.pool!.find((s) => s.id === x.input.path.switch_id && s.kind === x.kind);
      return x.switch ? undefined : refused(404, `No matching record found for switch_id ${x.input.path.switch_id}`);
    },
  };
  const judged = judgeThrough(seams, judge);
  const answered = answerThrough<Exchange, Answer>(seams);

  const summary = (s: Switch) => ({
    id: s.id,
    status: s.status,
    ...(s.failureReason ? { failureReason: s.failureReason } : {}),
    createdDate: s.createdDate,
  });
  // provider 1.35.0 DepositSwitchDetails, PaySwitchDetails.
  const details = (s: Switch, customer: Customer) => ({
    customerId: customer.id,
    customerType: customer.type,
    switchId: s.id,
    switchStatus: s.status,
    ...(s.failureReason ? { failureReason: s.failureReason } : {}),
    createdDate: s.createdDate,
    updatedDate: s.updatedDate,
    authenticated: s.authenticated,
    provider: s.provider,
    ...(s.kind === 'deposit' ? { distributions: s.targets } : { paymentMethods: s.targets }),
  });

  /** An operation: its exchange judged through its steps, then the handler's answer through the seam. */
  const on = (op: SwitchOp, kind: Kind, steps: Step[], handler: (x: Exchange) => unknown) =>
    route(app, ctx, op, (input: Input, reply: FastifyReply) => {
      const x = exchange(op, kind, input);
      const refusal = judged(x, steps);
      if (refusal) return sendError(ctx, reply, refusal.status, refusal.message);
      return answered(x, reply, { status: 200, body: handler(x) });
    });
  // provider 1.35.0: a list holds at most 10 switches.
  const list = (x: Exchange) => ({
    customerId: x.customer!.id,
    customerType: x.customer!.type,
    switches: x.found!.slice(0, 10).map(summary),
  });
  on('getAllDepositSwitches', 'deposit', ['customer', 'pool', 'found'], list);
  on('getAllPaySwitches', 'billPay', ['customer', 'pool', 'found'], list);
  on('getDepositSwitchDetails', 'deposit', ['customer', 'pool', 'switch'], (x) => details(x.switch!, x.customer!));
  on('getBillPaySwitchDetails', 'billPay', ['customer', 'pool', 'switch'], (x) => details(x.switch!, x.customer!));
  on('getAllExternalDepositSwitches', 'deposit', ['pool', 'found'], (x) => ({
    externalId: x.input.path.external_id,
    switches: x.found!.slice(0, 10).map(summary),
  }));
}
