// Micro entries (seed 002, Endpoints - Micro entries and switches): initiation deposits two random
// micro amounts, each under one dollar, into the account the body names; the customer verifies
// the two amounts; the details read shows the state. The receiving account is a record of its
// own (provider 1.35.0: the initiation answers its accountId), kept in state.ts (microEntries), never one of
// the customer's aggregated accounts; its full number is never answered (last four digits only).
//
// Decisions where seed and provider are silent (reference page to record them; checks @assumption):
// - Pending (not yet deposited) until DEPOSIT_DELAY_S on the virtual clock, then Completed
//   (provider MicroDepositStatus: "Pending: not yet deposited"; "Completed: deposited").
// - One verification attempt: the right two amounts, in either order, make the entries Verified;
//   any other well-formed pair makes them Failed, and later verifications are refused (provider
//   1.35.0: a refused verification's status is "any except Verified and Completed", and its
//   "attempts exceeded" example). A malformed request (400 from the contract) is no attempt.
// - 409: initiating for an account (routing + account number) of the customer whose entries are
//   Pending, Completed or Verified; after Failed a new initiation is accepted.
// - 429: more than MAX_INITIATIONS accepted initiations for one customer within WINDOW_S.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { route, sendError, type FdContext, type Input } from './middleware.js';
import { findCustomer, type MicroEntry, type MicroEntryState as Stored } from './state.js';
import { constOf, limitOf } from '../../helpers/contract/facts.js';

type Shown = Stored | 'Completed';

/** Two distinct amounts of 1 to 99 cents, drawn from the customer and account ids (deterministic). */
function drawCents(customerId: string, accountId: string): [number, number] {
  const digest = createHash('sha256').update(`${customerId}:${accountId}`).digest();
  const first = 1 + (digest.readUInt32BE(0) % 99);
  let second = 1 + (digest.readUInt32BE(4) % 99);
  if (second === first) second = (first % 99) + 1;
  return [first, second];
}

const DESCRIPTIONS: Record<Shown, string> = {
  Pending: 'Micro entries are in pending status',
  Completed: 'Micro entries are deposited to the account',
  Verified: 'Micro entries are successfully verified',
  Failed: 'Micro entries verification failed',
};

export function registerMicroEntries(app: FastifyInstance, ctx: FdContext) {
  const { state: world, faults, clock } = ctx;
  // Assumptions of the reference page, in the contract's x-limits: the deposit delay, and the cap on
  // accepted initiations per customer within a window (seed 002 Errors: 429).
  const DEPOSIT_DELAY_S = limitOf(ctx.contract, 'microEntryDepositDelaySeconds');
  const MAX_INITIATIONS = limitOf(ctx.contract, 'microEntryInitiationsPerWindow');
  const WINDOW_S = limitOf(ctx.contract, 'microEntryWindowSeconds');
  /** The number of micro entries an initiation answers (InitiatedMicroDeposit.depositCount's const; seed 002, Limits). */
  const DEPOSITS = constOf(ctx.contract, 'InitiatedMicroDeposit', 'depositCount');
  const micro = () => world.microEntries;
  /** seeded-micro-initiate-last4-from-body: the last four a body sent, by account id (empty unless the fault is on). */
  const lastFourSent = new Map<string, string>();

  const shown = (e: MicroEntry): Shown => {
    if (e.state !== 'Pending') return e.state;
    // Blind fault: the deposit is taken to land after 23 hours (an hour early).
    const delayS = faults.has('blind-micro-entries-deposited-after-23-hours') ? DEPOSIT_DELAY_S - 3600 : DEPOSIT_DELAY_S;
    // i6-micro-completed-after-delay-exclusive: the elapsed time in whole seconds, compared as exclusive.
    if (faults.has('i6-micro-completed-after-delay-exclusive'))
      return Math.floor((clock.nowMs() - e.createdMs) / 1000) > delayS ? 'Completed' : 'Pending';
    return clock.nowMs() >= e.createdMs + delayS * 1000 ? 'Completed' : 'Pending';
  };
  const customerOf = ({ path, partner }: Input) => findCustomer(world, path.customerId, partner?.id);
  /** The micro entries of the path's account, for the path's customer (404 otherwise). */
  const entryOf = (input: Input) => {
    const e = micro().entries.get(input.path.accountId);
    if (!e) return undefined;
    // Fault: the account is found by its id alone, whoever the customer of the path.
    if (faults.has('micro-entries-any-customer-account')) return world.customers.has(input.path.customerId) ? e : undefined;
    return customerOf(input) && e.customerId === input.path.customerId ? e : undefined;
  };
  const dollars = (cents: number) => (faults.has('micro-entries-amounts-in-cents') ? cents : cents / 100);

  route(app, ctx, 'InitiateMicroAmountDeposits', (input, reply) => {
    const customer = customerOf(input);
    if (!customer) return sendError(ctx, reply, 404, 'Customer not found');
    const { receiver } = input.body;
    // seeded-prop-micro-initiate-login-refused: an initiation naming an institution login of its customer is refused.
    if (faults.has('seeded-prop-micro-initiate-login-refused') && input.body.institutionLoginId !== undefined)
      return sendError(ctx, reply, 400, 'institutionLoginId is not valid');
    const now = clock.nowMs();
    const windowMs = WINDOW_S * 1000;
    // Blind fault: the initiation rate is counted per partner, not per customer.
    const rateKey = faults.has('blind-micro-entries-rate-per-partner')
      ? `partner:${customer.partnerId}`
      : faults.has('i11-micro-rate-per-account')
        ? `${customer.id}:${String(receiver?.routingNumber)}:${String(receiver?.accountNumber)}`
        : customer.id;
    const recent = (micro().initiations.get(rateKey) ?? []).filter(
      // i3-micro-rate-window-inclusive: an initiation 24 hours old still counts for one more second (an inclusive bound in whole seconds).
      (t) =>
        // i17-micro-rate-by-utc-day: the initiations counted per UTC calendar day, not over the last 24 hours.
        faults.has('i17-micro-rate-by-utc-day')
          ? t >= Math.floor(now / 86_400_000) * 86_400_000
          : faults.has('micro-entries-window-never-resets') ||
            now - t < windowMs ||
            (faults.has('i3-micro-rate-window-inclusive') && now - t < windowMs + 1000),
    );
    const cap = faults.has('micro-entries-six-per-window') ? MAX_INITIATIONS + 1 : MAX_INITIATIONS;
    if (recent.length >= cap) {
      // micro-rate-counts-refused: the refused initiation counted against the rate.
      if (faults.has('micro-rate-counts-refused')) micro().initiations.set(rateKey, [...recent, now]);
      // i28-fd-micro-throttled-initiation-stored: the refused (429) initiation has already stored its micro entries.
      if (faults.has('i28-fd-micro-throttled-initiation-stored')) {
        const storedId = world.nextId();
        micro().entries.set(storedId, {
          accountId: storedId,
          customerId: customer.id,
          routingNumber: receiver.routingNumber,
          accountNumber: receiver.accountNumber,
          accountType: receiver.accountType,
          name: receiver.name,
          cents: drawCents(customer.id, storedId),
          createdMs: now,
          state: 'Pending',
        });
      }
      return reply.code(429).send({ code: 3300001, message: 'Too many requests. Please try after some time' });
    }
    const open = [...micro().entries.values()].find(
      (e) =>
        e.customerId === customer.id &&
        shown(e) !== 'Failed' &&
        // i10-micro-reinitiate-after-verified: verified entries no longer hold the account.
        !(faults.has('i10-micro-reinitiate-after-verified') && shown(e) === 'Verified') &&
        (faults.has('micro-entries-conflict-any-account')
          ? shown(e) !== 'Verified'
          : e.routingNumber === receiver.routingNumber &&
            (e.accountNumber === receiver.accountNumber ||
              // i6-micro-conflict-account-number-as-number: account numbers compared as numbers.
              (faults.has('i6-micro-conflict-account-number-as-number') && Number(e.accountNumber) === Number(receiver.accountNumber)))),
    );
    // Read only by the fault that refuses a retry after a failure: computed there, not on every initiation.
    const failedSame = () =>
      [...micro().entries.values()].some(
        (e) =>
          e.customerId === customer.id &&
          e.state === 'Failed' &&
          e.routingNumber === receiver.routingNumber &&
          e.accountNumber === receiver.accountNumber,
      );
    if (
      (open && !faults.has('micro-entries-conflict-unenforced')) ||
      (faults.has('micro-entries-conflict-after-failure') && failedSame())
    ) {
      // i4-micro-rate-counts-conflicts: the refused initiation counted against the rate.
      // micro-rate-counts-conflicts (seeded) does the same.
      if (faults.has('i4-micro-rate-counts-conflicts') || faults.has('micro-rate-counts-conflicts'))
        micro().initiations.set(rateKey, [...recent, now]);
      // i29-fd-micro-conflict-redraws-amounts: the refused initiation draws the open entry's amounts again.
      if (faults.has('i29-fd-micro-conflict-redraws-amounts') && open) open.cents = drawCents(customer.id, `${open.accountId}:${now}`);
      return sendError(ctx, reply, 409, 'Micro entries already exist for this account');
    }
    const accountId = world.nextId();
    const entry: MicroEntry = {
      accountId,
      customerId: customer.id,
      routingNumber: receiver.routingNumber,
      accountNumber: receiver.accountNumber,
      accountType: receiver.accountType,
      name: receiver.name,
      cents: drawCents(customer.id, accountId),
      createdMs: now,
      state: 'Pending',
    };
    micro().entries.set(accountId, entry);
    // seeded-micro-initiate-last4-from-body: an accountNumberLast4 the body sends is kept for the details read.
    if (faults.has('seeded-micro-initiate-last4-from-body') && typeof input.body.accountNumberLast4 === 'string')
      lastFourSent.set(accountId, input.body.accountNumberLast4);
    micro().initiations.set(rateKey, [...recent, now]);
    // i26-micro-initiate-answers-201: the initiation answers 201 Created (it creates the entries), not the documented 200.
    return reply.code(faults.has('i26-micro-initiate-answers-201') ? 201 : 200).send({
      accountId,
      status: 'Pending',
      depositCount: faults.has('micro-entries-single-deposit') ? 1 : DEPOSITS,
      statusDescription: 'Micro entries successfully initiated',
      railType: 'ach',
      // Blind fault: the initiation answer echoes the receiver, full account number included.
      ...(faults.has('blind-micro-entries-initiate-echoes-receiver') ? { receiver: { ...receiver } } : {}),
      // i18-micro-initiate-savings-number-echoed: a savings receiver's full account number echoed in a member of its own.
      ...(faults.has('i18-micro-initiate-savings-number-echoed') && /savings/i.test(String(receiver.accountType))
        ? { receiverAccountNumber: receiver.accountNumber }
        : {}),
    });
  });

  /** The refused verification's body: the provider's {status, statusDescription} and its example {code, message}. */
  const refuse = (reply: FastifyReply, status: Shown, code: number, message: string) => {
    // Fault: the body reports the state the entries were in before (Completed), a value the provider excludes.
    const said = faults.has('micro-entries-error-status-completed') && status === 'Failed' ? 'Completed' : status;
    // i28-fd-micro-verify-failed-refusal-without-status: a refusal of a failed validation loses its status and statusDescription.
    const members =
      status === 'Verified' || (faults.has('i28-fd-micro-verify-failed-refusal-without-status') && status === 'Failed')
        ? {}
        : { status: said, statusDescription: DESCRIPTIONS[status] };
    return reply.code(400).send({ ...members, code, message });
  };

  route(app, ctx, 'VerifyMicroAmountDeposits', (input, reply) => {
    // i3-micro-verify-other-customer: the verification finds the entries by account id among the partner's customers.
    const stray = faults.has('i3-micro-verify-other-customer') && customerOf(input) ? micro().entries.get(input.path.accountId) : undefined;
    // i14-micro-verify-after-customer-delete: the micro entries of a deleted customer still verified through its path.
    const left = micro().entries.get(input.path.accountId);
    const orphaned =
      faults.has('i14-micro-verify-after-customer-delete') &&
      left?.customerId === input.path.customerId &&
      !world.customers.has(left.customerId)
        ? left
        : undefined;
    const found = entryOf(input) ?? (stray && findCustomer(world, stray.customerId, input.partner?.id) ? stray : undefined) ?? orphaned;
    if (!found) return sendError(ctx, reply, 404, 'No micro entries for this account of the customer');
    // Model fault: the customer's most recently initiated entries are verified, whichever account the path names.
    const e = faults.has('model-micro-entries-verify-latest-of-customer')
      ? [...micro().entries.values()].filter((x) => x.customerId === found.customerId).at(-1)!
      : found;
    const state = shown(e);
    // i4-micro-verify-amounts-truncated: dollars turned into cents by truncation.
    const toCents = faults.has('i4-micro-verify-amounts-truncated') ? Math.trunc : Math.round;
    const sent = (input.body.amounts as number[]).map((a) => toCents(a * 100));
    const [a, b] = e.cents;
    const tolerance = faults.has('micro-entries-cent-tolerance') ? 1 : 0;
    // i31-fd-micro-verify-compared-in-dimes: the amounts compared to the nearest ten cents, so a wrong amount in the same dime verifies.
    const near = (x: number, y: number) =>
      faults.has('i31-fd-micro-verify-compared-in-dimes') ? Math.round(x / 10) === Math.round(y / 10) : Math.abs(x - y) <= tolerance;
    // i20-micro-verify-first-amount-cent-over-accepted: the first amount taken one cent over (a one-sided tolerance).
    const firstNear = (x: number, y: number) =>
      near(x, y) || (faults.has('i20-micro-verify-first-amount-cent-over-accepted') && x - y === 1);
    const inOrder =
      (firstNear(sent[0], a) && near(sent[1], b)) ||
      // seeded-fam27b-micro-verify-both-cent-under-accepted: both amounts one cent under, in order, accepted.
      (faults.has('seeded-fam27b-micro-verify-both-cent-under-accepted') && a - sent[0] === 1 && b - sent[1] === 1);
    // i22-micro-verify-swapped-second-cent-under-accepted: in swapped order the amount of the first deposit taken a cent under.
    const swapped =
      near(sent[0], b) && (near(sent[1], a) || (faults.has('i22-micro-verify-swapped-second-cent-under-accepted') && a - sent[1] === 1));
    const oneRight = sent.some((s) => s === a || s === b);
    // i7-micro-verify-by-sum: the two amounts compared by their sum.
    const sameSum = faults.has('i7-micro-verify-by-sum') && sent.length === 2 && sent[0] + sent[1] === a + b;
    const match =
      inOrder ||
      (swapped && !faults.has('micro-entries-order-sensitive')) ||
      (oneRight && faults.has('micro-entries-one-amount-enough')) ||
      sameSum;
    // i30-fd-micro-verified-wrong-amounts-fails-entry: wrong amounts for a verified entry are refused yet move it to Failed.
    if (state === 'Verified' && !match && faults.has('i30-fd-micro-verified-wrong-amounts-fails-entry')) e.state = 'Failed';
    if (state === 'Verified')
      // i5-micro-verified-any-amounts-200: verified entries answer Verified whatever the amounts.
      return match || faults.has('i5-micro-verified-any-amounts-200')
        ? reply.code(200).send({ status: 'Verified', statusDescription: DESCRIPTIONS.Verified })
        : refuse(reply, 'Verified', 3200002, 'Microdeposit is in Verified status');
    // i27-micro-verify-pending-answered-200: a verification before the deposits landed answered 200 with the Pending status.
    if (state === 'Pending' && faults.has('i27-micro-verify-pending-answered-200'))
      return reply.code(200).send({ status: 'Pending', statusDescription: DESCRIPTIONS.Pending });
    if (state === 'Pending' && !faults.has('micro-entries-verifiable-before-deposit')) {
      if (faults.has('i11-micro-verify-pending-counts-attempt') && !match) e.state = 'Failed';
      return refuse(reply, 'Pending', 3200002, 'Microdeposit is in Pending status');
    }
    // Fault: a failed verification leaves room for more attempts.
    if (state === 'Failed' && !faults.has('micro-entries-retry-allowed'))
      return refuse(reply, 'Failed', 3200003, 'Microdeposit verification attempts exceeded');
    if (!match) {
      // i8-micro-one-right-not-failed: one amount right is refused without counting as the attempt.
      if (faults.has('i8-micro-one-right-not-failed') && oneRight)
        return refuse(reply, state, 3200004, "Microdeposit amounts didn't match");
      e.state = 'Failed';
      // i34-fd-micro-mismatch-coded-attempts-exceeded: a first mismatch refused with the attempts-exceeded code, not the amounts code.
      return refuse(
        reply,
        'Failed',
        faults.has('i34-fd-micro-mismatch-coded-attempts-exceeded') ? 3200003 : 3200004,
        "Microdeposit amounts didn't match",
      );
    }
    // Fault: the answer says Verified but the state is not kept (the details read does not see it).
    if (!faults.has('micro-entries-verify-not-recorded')) e.state = 'Verified';
    return reply.code(200).send({ status: 'Verified', statusDescription: DESCRIPTIONS.Verified });
  });

  route(app, ctx, 'GetMicroDepositsDetails', (input, reply) => {
    // Blind fault: the details read still finds the entries of a deleted customer.
    const orphan = () => {
      const o = micro().entries.get(input.path.accountId);
      return o && o.customerId === input.path.customerId && !world.customers.has(o.customerId) ? o : undefined;
    };
    // i10-micro-details-other-customer: the details read finds the entries of another customer of the partner.
    const stray = () => {
      const s = micro().entries.get(input.path.accountId);
      return s && customerOf(input) && findCustomer(world, s.customerId, input.partner?.id) ? s : undefined;
    };
    const e =
      entryOf(input) ??
      (faults.has('blind-micro-entries-details-after-customer-deleted') ? orphan() : undefined) ??
      (faults.has('i10-micro-details-other-customer') ? stray() : undefined);
    if (!e) return sendError(ctx, reply, 404, 'No micro entries for this account of the customer');
    // Fault: the details read keeps the initiation's state whatever happened since.
    // i12-micro-details-failed-shown-completed: the details read shows failed entries as deposited.
    // i17-micro-details-status-of-latest-entry: the details read gives the status of the customer's latest entries, whichever account is asked.
    const latest = faults.has('i17-micro-details-status-of-latest-entry')
      ? ([...micro().entries.values()].filter((x) => x.customerId === e.customerId).at(-1) ?? e)
      : e;
    const status = faults.has('micro-entries-details-stale')
      ? 'Pending'
      : // i21-micro-details-pending-an-hour-late: the details read shows Pending for an hour after the deposit time (a zone offset).
        faults.has('i21-micro-details-pending-an-hour-late') &&
          shown(latest) === 'Completed' &&
          clock.nowMs() < e.createdMs + (DEPOSIT_DELAY_S + 3600) * 1000
        ? 'Pending'
        : // i24-micro-details-elapsed-hours-rounded: the details read rounds the time elapsed to the nearest hour before comparing it.
          faults.has('i24-micro-details-elapsed-hours-rounded') &&
            shown(latest) === 'Pending' &&
            Math.round((clock.nowMs() - e.createdMs) / 3_600_000) * 3600 >= DEPOSIT_DELAY_S
          ? 'Completed'
          : faults.has('i12-micro-details-failed-shown-completed') && shown(e) === 'Failed'
            ? 'Completed'
            : // i15-micro-details-verified-shown-completed: the details read shows verified entries as Completed.
              faults.has('i15-micro-details-verified-shown-completed') && shown(e) === 'Verified'
              ? 'Completed'
              : shown(latest);
    const last4 = lastFourSent.has(e.accountId)
      ? lastFourSent.get(e.accountId)!
      : faults.has('micro-entries-full-account-number')
        ? e.accountNumber
        : faults.has('micro-entries-last4-first-digits')
          ? e.accountNumber.slice(0, 4)
          : // i22-micro-details-last4-of-routing: the details read gives the routing number's last four digits as the account's.
            faults.has('i22-micro-details-last4-of-routing')
            ? e.routingNumber.slice(-4)
            : e.accountNumber.slice(-4);
    return {
      // Blind fault 'blind-micro-entries-creation-date-eastern': the wall time of US Eastern (UTC-5), not UTC.
      status,
      // i37-fd-micro-details-deposited-described-pending: deposited entries read Completed but are described as still pending.
      statusDescription:
        faults.has('i37-fd-micro-details-deposited-described-pending') && status === 'Completed'
          ? DESCRIPTIONS.Pending
          : DESCRIPTIONS[status],
      // i8-micro-details-creation-date-moves-on-deposit: once deposited, the record dated by the deposit.
      creationDate:
        new Date(
          e.createdMs -
            (faults.has('blind-micro-entries-creation-date-eastern') ? 5 * 3600_000 : 0) +
            (faults.has('i8-micro-details-creation-date-moves-on-deposit') && status !== 'Pending' ? DEPOSIT_DELAY_S * 1000 : 0),
        )
          .toISOString()
          // i16-micro-details-creation-date-minutes: the details cut creationDate to the minute (seconds dropped).
          .slice(0, faults.has('i16-micro-details-creation-date-minutes') ? 16 : 19) +
        (faults.has('i13-micro-details-creation-date-zoned') ? 'Z' : ''), // provider: NoZoneDateTime; i13-micro-details-creation-date-zoned: a Z added
      // i3-micro-details-routing-leading-zeros: the details read gives the routing number as a number would print.
      routingNumber: faults.has('i3-micro-details-routing-leading-zeros') ? String(Number(e.routingNumber)) : e.routingNumber,
      // Seeded fault: the last four read back as a number would print (0042 becomes 42).
      // i16-micro-details-last4-of-routing: the details give the routing number's last four digits as the account's.
      accountNumberLast4: faults.has('micro-details-last4-leading-zeros-dropped')
        ? String(Number(last4))
        : faults.has('i16-micro-details-last4-of-routing')
          ? e.routingNumber.slice(-4)
          : // i18-micro-details-last4-star-prefixed: the last four written after four stars.
            faults.has('i18-micro-details-last4-star-prefixed')
            ? `****${last4}`
            : last4,
      railType: 'ach',
    };
  });

  // Test harness only, never part of the contract: the two amounts the customer would read in the
  // account (in dollars, deposit order). A sandbox has no such route: checks that need it are mock-only.
  app.get('/__mock/micro-entries/:accountId', async (req, reply) => {
    const { accountId } = req.params as { accountId: string };
    const e = micro().entries.get(accountId);
    if (!e) return reply.code(404).send({ message: `no micro entries for account ${accountId} in the mock` });
    return { accountId, customerId: e.customerId, amounts: e.cents.map(dollars) };
  });
}
