// Micro entries (seed 002, Endpoints - Micro entries and switches): initiation deposits two random amounts under one dollar into the
// account the body names; the customer verifies them; the details read shows the state. The receiving account is a record of its own
// (provider 1.35.0: the initiation answers its accountId), never an aggregated account; its full number is never answered.
// Decisions where seed and provider are silent (checks @assumption):
// - Pending until DEPOSIT_DELAY_S, then Completed (provider MicroDepositStatus: "Pending: not yet deposited"; "Completed: deposited").
// - One verification attempt: the two amounts in either order make Verified; any other well-formed pair Failed, and later ones are
//   refused (provider 1.35.0: status "any except Verified and Completed", the "attempts exceeded" example). A 400 is no attempt.
// - 409: initiating for an account (routing + account number) whose entries are Pending, Completed or Verified; after Failed, accepted.
// - 429: more than the window's cap of accepted initiations for one customer.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { answerThrough, judgeThrough, route, sendError, type FdContext, type Input } from './middleware.js';
import { findCustomer, type MicroEntry, type MicroEntryState } from './state.js';
import { constOf, limitOf } from '../../helpers/contract/facts.js';
import {
  CONFLICT,
  DESCRIPTIONS,
  drawCents,
  THROTTLED,
  type Answer,
  type Exchange,
  type MicroEntrySeams,
  type Refusal,
  type Shown,
  type Step,
} from './micro-entries.records.js';

export function registerMicroEntries(app: FastifyInstance, ctx: FdContext) {
  const { state: world, clock } = ctx;
  const seams = ctx.faults.seams<MicroEntrySeams>('micro-entries');
  // Assumptions in the contract's x-limits: the deposit delay, and the cap on initiations per customer in a window (seed 002 Errors: 429).
  const limits = {
    delayS: limitOf(ctx.contract, 'microEntryDepositDelaySeconds'),
    cap: limitOf(ctx.contract, 'microEntryInitiationsPerWindow'),
    windowMs: limitOf(ctx.contract, 'microEntryWindowSeconds') * 1000,
  };
  /** The number of micro entries an initiation answers (InitiatedMicroDeposit.depositCount's const; seed 002, Limits). */
  const DEPOSITS = constOf(ctx.contract, 'InitiatedMicroDeposit', 'depositCount');
  const micro = () => world.microEntries;
  /** A refused verification (provider 1.35.0: {status, statusDescription} beside its {code, message} example; none if verified). */
  const refusedAs = (status: Shown, code: number, message: string): Refusal => ({
    status: 400,
    body: status === 'Verified' ? { code, message } : { status, statusDescription: DESCRIPTIONS[status], code, message },
  });

  const judge: Record<Step, (x: Exchange) => Refusal | undefined> = {
    // seed 002, Errors 404: the partner's customer of the path.
    customer: (x) => {
      x.customer = findCustomer(world, x.input.path.customerId, x.input.partner?.id);
      return x.customer ? undefined : { status: 404, message: 'Customer not found' };
    },
    // seed 002, Errors 429: the customer's accepted initiations within the window.
    rate: (x) => {
      x.rateKey = x.customer!.id;
      x.recent = (micro().initiations.get(x.rateKey) ?? []).filter((t) => x.nowMs - t < x.limits.windowMs);
      return x.recent.length >= x.limits.cap ? THROTTLED : undefined;
    },
    // 409: entries under way (not Failed) for the same routing and account number of the customer.
    conflict: (x) => {
      const { routingNumber, accountNumber } = x.input.body.receiver;
      x.open = [...micro().entries.values()].find(
        (e) =>
          e.customerId === x.customer!.id &&
          x.shown(e) !== 'Failed' &&
          e.routingNumber === routingNumber &&
          e.accountNumber === accountNumber,
      );
      return x.open ? CONFLICT : undefined;
    },
    // seed 002, Errors 404: the entries of the path's account, for the partner's customer of the path.
    entries: (x) => {
      const e = micro().entries.get(x.input.path.accountId);
      x.entry = e && e.customerId === x.input.path.customerId && findCustomer(world, e.customerId, x.input.partner?.id) ? e : undefined;
      return x.entry ? undefined : { status: 404, message: 'No micro entries for this account of the customer' };
    },
    // The two amounts deposited, to the cent, in either order.
    amounts: (x) => {
      x.sent = (x.input.body.amounts as number[]).map((a) => Math.round(a * 100));
      const [a, b] = x.entry!.cents;
      x.match = (x.sent[0] === a && x.sent[1] === b) || (x.sent[0] === b && x.sent[1] === a);
      return undefined;
    },
    // One attempt: entries verified answer only their own amounts, pending ones are not yet verifiable, failed ones no more.
    state: (x) => {
      const state = x.shown(x.entry!);
      if (state === 'Verified') return x.match ? undefined : refusedAs('Verified', 3200002, 'Microdeposit is in Verified status');
      if (state === 'Pending') return refusedAs('Pending', 3200002, 'Microdeposit is in Pending status');
      return state === 'Failed' ? refusedAs('Failed', 3200003, 'Microdeposit verification attempts exceeded') : undefined;
    },
  };

  const judged = judgeThrough(seams, judge);
  const answer = answerThrough<Exchange, Answer>(seams);
  /** An operation: its exchange, then the handler; a refusal in the error body of the contract, or in its own through the answer seam. */
  const on = (op: Exclude<Exchange['op'], 'amounts'>, steps: Step[], handler: (x: Exchange, reply: FastifyReply) => unknown) =>
    route(app, ctx, op, (input: Input, reply) => {
      const nowMs = clock.nowMs();
      // Pending until the deposit delay has passed, then Completed (the decisions above).
      const shown = (e: MicroEntry): Shown =>
        e.state !== 'Pending' ? e.state : nowMs >= e.createdMs + limits.delayS * 1000 ? 'Completed' : 'Pending';
      const x: Exchange = { op, input, world, nowMs, limits, shown };
      const refusal = judged(x, steps);
      if (!refusal) return handler(x, reply);
      return refusal.body
        ? answer(x, reply, { status: refusal.status, body: refusal.body })
        : sendError(ctx, reply, refusal.status, refusal.message!);
    });

  on('InitiateMicroAmountDeposits', ['customer', 'rate', 'conflict'], (x, reply) => {
    const { receiver } = x.input.body;
    const accountId = world.nextId();
    micro().entries.set(accountId, {
      accountId,
      customerId: x.customer!.id,
      routingNumber: receiver.routingNumber,
      accountNumber: receiver.accountNumber,
      accountType: receiver.accountType,
      name: receiver.name,
      cents: drawCents(x.customer!.id, accountId),
      createdMs: x.nowMs,
      state: 'Pending',
    });
    micro().initiations.set(x.rateKey!, [...x.recent!, x.nowMs]);
    const body = {
      accountId,
      status: 'Pending',
      depositCount: DEPOSITS,
      statusDescription: 'Micro entries successfully initiated',
      railType: 'ach',
    };
    return answer(x, reply, { status: 200, body });
  });

  // An attempt: the right two amounts verify the entries, any other pair fails them.
  on('VerifyMicroAmountDeposits', ['entries', 'amounts', 'state'], (x, reply) => {
    const entry = x.entry!;
    const to: MicroEntryState = x.match ? 'Verified' : 'Failed';
    const change = seams.state(x, { op: 'verify', entry, to });
    if (change.to) entry.state = change.to;
    if (x.match) return answer(x, reply, { status: 200, body: { status: 'Verified', statusDescription: DESCRIPTIONS.Verified } });
    return answer(x, reply, refusedAs(x.shown(entry), 3200004, "Microdeposit amounts didn't match"));
  });

  on('GetMicroDepositsDetails', ['entries'], (x, reply) => {
    const e = x.entry!;
    const status = x.shown(e);
    return answer(x, reply, {
      status: 200,
      body: {
        status,
        statusDescription: DESCRIPTIONS[status],
        // provider 1.35.0: NoZoneDateTime, the initiation time in UTC.
        creationDate: new Date(e.createdMs).toISOString().slice(0, 19),
        routingNumber: e.routingNumber,
        accountNumberLast4: e.accountNumber.slice(-4),
        railType: 'ach',
      },
    });
  });

  // Test harness only: the two amounts the customer would read (dollars, deposit order). No sandbox has it: its checks are mock-only.
  app.get('/__mock/micro-entries/:accountId', async (req, reply) => {
    const { accountId } = req.params as { accountId: string };
    const e = micro().entries.get(accountId);
    if (!e) return reply.code(404).send({ message: `no micro entries for account ${accountId} in the mock` });
    const x = { op: 'amounts', entry: e } as Exchange;
    return answer(x, reply, { status: 200, body: { accountId, customerId: e.customerId, amounts: e.cents.map((c) => c / 100) } });
  });
}
