// Faults of micro entries, each named by the rule it breaks (`<rule id>-<deviation>`), its rule text
// starting with the rule ids (`rules`: the specs the targeted mutation run picks). A fault loosens the
// contract (`relax`) or bends micro-entries.ts at its seams: the request as judged at one step, what a
// write stores, the answer. A blind fault, and an id docs/mutation.md names, keep the earlier id as an alias.
import { faultCatalogue, type FaultMemory, type FaultSeams } from '../kit/faults.js';
import { faultKit, blind, always, was, seededAt } from './fault-builders.js';
import { CONFLICT, DESCRIPTIONS, drawCents, THROTTLED, type Exchange, type MicroEntrySeams, type Shown } from './micro-entries.records.js';
import type { MicroEntry } from './state.js';

type Seams = FaultSeams<MicroEntrySeams>;
type Judge = NonNullable<Seams['judge']>;
type Answering = NonNullable<Seams['answer']>;
type When = (x: Exchange, memory: FaultMemory) => boolean;
type Body = Record<string, any>;
const { fault, fold, skip, refuse, on, writtenThenRefused } = faultKit<MicroEntrySeams>();
const verifyItems = ['properties', 'amounts', 'items'];
const entries = (x: Exchange) => [...x.world.microEntries.entries.values()];
const latestOf = (x: Exchange, e: MicroEntry) =>
  entries(x)
    .filter((o) => o.customerId === e.customerId)
    .at(-1) ?? e;
const isShown =
  (state: Shown): When =>
  (x) =>
    x.entry !== undefined && x.shown!(x.entry) === state;
const digitsAsNumber = (s: string) => String(Number(s));
/** The initiations counted otherwise: by another key, in another window, against another cap. */
const recounted =
  (how: { key?: (x: Exchange) => string; within?: (t: number, x: Exchange) => boolean; cap?: (cap: number) => number }): Judge =>
  (x, s, r) => {
    if (s !== 'rate' || !x.customer) return r;
    if (how.key) x.rateKey = how.key(x);
    const within = how.within ?? ((t) => x.nowMs - t < x.limits.windowMs);
    x.recent = (x.world.microEntries.initiations.get(x.rateKey!) ?? []).filter((t) => within(t, x));
    return x.recent.length >= (how.cap ?? ((c) => c))(x.limits.cap) ? THROTTLED : undefined;
  };
/** A verification's amounts judged otherwise (`a`, `b` the amounts deposited in cents). */
const matching = (match: (sent: number[], a: number, b: number, x: Exchange) => boolean): Judge =>
  fold('amounts', always, (x) => (x.match = match(x.sent!, ...x.entry!.cents, x)));
/** The entries of the path's account found otherwise (`find`) where the sources find none. */
const foundOtherwise = (when: When, find: (x: Exchange) => MicroEntry | undefined): Judge =>
  skip(
    'entries',
    (x, m) => when(x, m) && find(x) !== undefined,
    (x) => (x.entry = find(x)),
  );
const pathEntry = (x: Exchange) => x.world.microEntries.entries.get(x.input.path.accountId);
/** The status an entry shows made otherwise (`documented` the status the sources give). */
const showing =
  (shown: (e: MicroEntry, x: Exchange, documented: (e: MicroEntry) => Shown) => Shown): Judge =>
  (x, s, r) => {
    if (s === 'deposits') {
      const documented = x.shown!;
      x.shown = (e) => shown(e, x, documented);
    }
    return r;
  };

// (b) The answer: functions at the answer seam.
/** The answer of `op` (a success, or a refusal with `refused`) with its body made otherwise. */
const answered =
  (op: Exchange['op'], bend: (body: Body, x: Exchange, memory: FaultMemory) => Body, refused = false): Answering =>
  (x, a, m) =>
    x.op === op && a.body && a.status >= 400 === refused ? { ...a, body: bend(a.body, x, m) } : a;
/** The details read with a status of its own, described as that status. */
const detailedAs = (status: (x: Exchange) => Shown | undefined): Answering =>
  answered('GetMicroDepositsDetails', (b, x) => {
    const s = status(x);
    return s ? { ...b, status: s, statusDescription: DESCRIPTIONS[s] } : b;
  });
const detailed = (member: string, bend: (v: string, x: Exchange) => string) =>
  answered('GetMicroDepositsDetails', (b, x) => ({ ...b, [member]: bend(b[member], x) }));
/** A refused verification reporting status Failed with its body made otherwise. */
const failedRefusal = (bend: (body: Body) => Body): Answering =>
  answered('VerifyMicroAmountDeposits', (b) => (b.status === 'Failed' ? bend(b) : b), true);
const creationDate = (bend: (ms: number, x: Exchange) => number) =>
  detailed('creationDate', (v, x) => new Date(bend(Date.parse(`${v}Z`), x)).toISOString().slice(0, 19));

export const MICRO_ENTRIES_FAULTS = faultCatalogue([
  // --- Initiation (seed 002, Micro entries and switches; Errors 404, 409, 429)
  fault('fd-optional-ids-micro-initiate-login-refused', {
    rule: "FD-OPTIONAL-IDS: InitiateMicroAmountDeposits refuses (400) a body whose optional institutionLoginId names a login of the path's customer",
    judge: refuse('customer', (x) => x.input.body.institutionLoginId !== undefined, {
      status: 400,
      message: 'institutionLoginId is not valid',
    }),
    ...seededAt,
    ...was('seeded-prop-micro-initiate-login-refused'),
  }),
  fault('fd-obj-read-only-micro-last4-from-body', {
    rule: "FD-OBJ-READ-ONLY: InitiateMicroAmountDeposits keeps an accountNumberLast4 the body sends, and GetMicroDepositsDetails answers it instead of the receiver account number's last four",
    state: (x, c, m) => {
      if (c.op === 'initiate' && typeof x.input.body.accountNumberLast4 === 'string')
        m[c.entry.accountId] = x.input.body.accountNumberLast4;
      return c;
    },
    answer: answered('GetMicroDepositsDetails', (b, x, m) => ({
      ...b,
      accountNumberLast4: m[x.entry!.accountId] ?? b.accountNumberLast4,
    })),
    ...seededAt,
  }),
  fault('fd-micro-routing-length-unenforced', 'FD-MICRO-ROUTING-LENGTH: a routing number one digit short or long is taken', {
    relax: [{ schema: 'MicroEntryRoutingNumber', set: { pattern: '^[0-9]{8,10}$' } }],
  }),
  fault('fd-micro-required-name-optional', 'FD-MICRO-REQUIRED: a receiver without a name is taken', {
    relax: [{ schema: 'MicroEntryReceiver', unrequire: ['name'] }],
  }),
  fault('fd-micro-conflict-unenforced', 'FD-MICRO-CONFLICT: a second initiation for an account with entries under way is accepted', {
    judge: skip('conflict'),
    ...was('micro-entries-conflict-unenforced'),
  }),
  fault('fd-micro-conflict-any-account', 'FD-MICRO-CONFLICT: any second account of the customer is a 409 while entries are under way', {
    judge: (x, s, r) => {
      if (s !== 'conflict') return r;
      x.open = entries(x).find((e) => e.customerId === x.customer!.id && !['Failed', 'Verified'].includes(x.shown!(e)));
      return x.open ? CONFLICT : undefined;
    },
  }),
  fault('fd-micro-conflict-after-failure', 'FD-MICRO-CONFLICT: an account whose entries failed cannot be initiated again', {
    judge: refuse(
      'conflict',
      (x) => {
        const { routingNumber, accountNumber } = x.input.body.receiver;
        return entries(x).some(
          (e) =>
            e.customerId === x.customer!.id &&
            e.state === 'Failed' &&
            e.routingNumber === routingNumber &&
            e.accountNumber === accountNumber,
        );
      },
      CONFLICT,
    ),
  }),
  fault('fd-micro-conflict-verified-initiated-again', 'FD-MICRO-CONFLICT: a verified account is initiated again (200)', {
    judge: skip('conflict', (x) => x.open !== undefined && x.shown!(x.open) === 'Verified'),
  }),
  fault('fd-micro-rate-refused-counted', 'FD-MICRO-RATE: an initiation refused 429 counts toward the rate', {
    judge: writtenThenRefused('rate', always, (x) => x.world.microEntries.initiations.set(x.rateKey!, [...x.recent!, x.nowMs])),
    ...seededAt,
  }),
  fault('fd-micro-rate-conflicts-counted', 'FD-MICRO-RATE: an initiation refused 409 counts toward the rate', {
    judge: writtenThenRefused('conflict', always, (x) => x.world.microEntries.initiations.set(x.rateKey!, [...x.recent!, x.nowMs])),
    ...seededAt,
  }),
  fault('fd-micro-rate-one-over-accepted', 'FD-MICRO-RATE: one initiation more than the window allows is taken', {
    judge: recounted({ cap: (c) => c + 1 }),
    ...was('micro-entries-six-per-window'),
  }),
  fault('fd-micro-rate-window-never-resets', 'FD-MICRO-RATE: the initiation window never ends', { judge: recounted({ within: always }) }),
  fault('fd-micro-rate-per-partner', "FD-MICRO-RATE: the initiations are counted per partner, so one customer's fill another's window", {
    judge: recounted({ key: (x) => `partner:${x.customer!.partnerId}` }),
    ...blind('blind-micro-entries-rate-per-partner'),
  }),
  fault('fd-micro-rate-per-account', 'FD-MICRO-RATE: the initiations are counted per receiving account', {
    judge: recounted({ key: (x) => `${x.customer!.id}:${x.input.body.receiver?.routingNumber}:${x.input.body.receiver?.accountNumber}` }),
    ...was('i11-micro-rate-per-account'),
  }),
  fault('fd-micro-rate-window-inclusive', 'FD-MICRO-RATE: an initiation as old as the window still counts', {
    judge: recounted({ within: (t, x) => x.nowMs - t < x.limits.windowMs + 1000 }),
  }),
  fault('fd-micro-rate-by-utc-day', 'FD-MICRO-RATE: the initiations are counted per UTC calendar day, not over the rolling window', {
    judge: recounted({ within: (t, x) => t >= Math.floor(x.nowMs / 86_400_000) * 86_400_000 }),
  }),
  fault('fd-prop-refused-no-trace-micro-throttled-initiation-stored', {
    rule: 'FD-PROP-REFUSED-NO-TRACE, FD-MICRO-RATE, FD-MICRO-CONFLICT: an initiation refused 429 has stored pending entries for its account, so a later initiation of it is refused 409',
    judge: writtenThenRefused('rate', always, (x) => {
      const { receiver } = x.input.body;
      const id = x.world.nextId();
      const { routingNumber, accountNumber, accountType, name } = receiver;
      const entry = { accountId: id, customerId: x.customer!.id, routingNumber, accountNumber, accountType, name };
      x.world.microEntries.entries.set(id, { ...entry, cents: drawCents(x.customer!.id, id), createdMs: x.nowMs, state: 'Pending' });
    }),
    ...was('i28-fd-micro-throttled-initiation-stored'),
  }),
  fault('fd-prop-refused-no-trace-micro-conflict-redraws-amounts', {
    rule: "FD-MICRO-CONFLICT, FD-PROP-REFUSED-NO-TRACE: an initiation refused 409 draws the open entries' amounts again",
    judge: writtenThenRefused(
      'conflict',
      (x) => x.open !== undefined,
      (x) => (x.open!.cents = drawCents(x.customer!.id, `${x.open!.accountId}:${x.nowMs}`)),
    ),
    ...was('i29-fd-micro-conflict-redraws-amounts'),
  }),
  fault('fd-micro-initiate-one-deposit-fewer', 'FD-MICRO-INITIATE: the initiation answers one micro entry fewer', {
    answer: answered('InitiateMicroAmountDeposits', (b) => ({ ...b, depositCount: b.depositCount - 1 })),
  }),
  fault('fd-micro-initiate-answers-201', 'FD-MICRO-INITIATE: an initiation answers 201 (it creates the entries), not 200', {
    answer: (x, a) => (x.op === 'InitiateMicroAmountDeposits' && a.status === 200 ? { ...a, status: 201 } : a),
  }),
  fault('fd-micro-masking-initiate-echoes-receiver', "FD-MICRO-MASKING: the initiation echoes the receiver's full number", {
    answer: answered('InitiateMicroAmountDeposits', (b, x) => ({ ...b, receiver: { ...x.input.body.receiver } })),
    ...blind('blind-micro-entries-initiate-echoes-receiver'),
  }),
  // --- The amounts (seed 002, Limits: two micro amounts, each under one dollar)
  fault('fd-micro-amounts-in-cents', 'FD-MICRO-AMOUNTS: the amounts are deposited in cents taken as dollars', {
    answer: answered('amounts', (b, x) => ({ ...b, amounts: x.entry!.cents })),
  }),
  fault('fd-micro-amount-range-uncapped', 'FD-MICRO-AMOUNT-RANGE: an amount of a dollar or more is taken as an attempt, not refused', {
    relax: [{ schema: 'MicroDepositVerification', at: verifyItems, drop: ['maximum'] }],
  }),
  fault('fd-micro-amount-range-cap-cent-short', 'FD-MICRO-AMOUNT-RANGE: the highest amount is refused (a cent short)', {
    relax: [{ schema: 'MicroDepositVerification', at: verifyItems, shift: { maximum: -0.01 } }],
  }),
  fault('fd-micro-amount-range-one-dollar-accepted', 'FD-MICRO-AMOUNT-RANGE: an amount of one dollar is taken as an attempt', {
    relax: [{ schema: 'MicroDepositVerification', at: verifyItems, set: { maximum: 1 } }],
    ...blind('blind-micro-entries-amount-one-dollar-accepted'),
  }),
  // --- Verification (seed 002: the customer verifies the two amounts; one attempt, the decisions of micro-entries.ts)
  fault('fd-micro-verify-wrong-one-amount-enough', 'FD-MICRO-VERIFY-WRONG: one right amount of two verifies', {
    judge: matching((sent, a, b, x) => x.match! || sent.some((s) => s === a || s === b)),
  }),
  fault('fd-micro-verify-wrong-cent-tolerance', 'FD-MICRO-VERIFY-WRONG: amounts a cent off verify', {
    judge: matching((sent, a, b) => {
      const near = (p: number, q: number) => Math.abs(p - q) <= 1;
      return (near(sent[0], a) && near(sent[1], b)) || (near(sent[0], b) && near(sent[1], a));
    }),
  }),
  fault('fd-micro-verify-wrong-by-sum', 'FD-MICRO-VERIFY-WRONG: the amounts are compared by their sum', {
    judge: matching((sent, a, b, x) => x.match! || (sent.length === 2 && sent[0] + sent[1] === a + b)),
  }),
  fault('fd-micro-verify-order-order-sensitive', 'FD-MICRO-VERIFY-ORDER: the two amounts verify only in deposit order', {
    judge: matching((sent, a, b) => sent[0] === a && sent[1] === b),
  }),
  fault('fd-micro-verify-amounts-truncated', {
    rule: 'FD-MICRO-VERIFY: the dollar amounts sent are made cents by truncation, so an amount a float holds below its cents no longer matches',
    judge: matching((_sent, a, b, x) => {
      const sent = (x.input.body.amounts as number[]).map((v) => Math.trunc(v * 100));
      return (sent[0] === a && sent[1] === b) || (sent[0] === b && sent[1] === a);
    }),
  }),
  fault('fd-micro-verify-wrong-verified-any-amounts', 'FD-MICRO-VERIFY-WRONG: verified entries answer 200 to any amounts', {
    judge: skip('state', isShown('Verified'), (x) => (x.match = true)),
  }),
  fault('fd-prop-refused-no-trace-micro-verified-wrong-amounts-fail', {
    rule: 'FD-MICRO-VERIFY-WRONG, FD-PROP-REFUSED-NO-TRACE: wrong amounts sent for verified entries are refused and yet make them Failed',
    judge: writtenThenRefused(
      'state',
      (x) => isShown('Verified')(x, {}) && !x.match,
      (x) => (x.entry!.state = 'Failed'),
    ),
  }),
  fault('fd-prop-refusal-code-micro-mismatch-attempts-exceeded', {
    rule: 'FD-MICRO-VERIFY-WRONG, FD-MICRO-ERROR-BODY, FD-PROP-REFUSAL-CODE: a first verification whose amounts do not match is coded as attempts exceeded',
    answer: answered('VerifyMicroAmountDeposits', (b) => (b.code === 3200004 ? { ...b, code: 3200003 } : b), true),
    ...was('i34-fd-micro-mismatch-coded-attempts-exceeded'),
  }),
  fault('fd-micro-attempts-one-right-not-failed', {
    rule: 'FD-MICRO-ATTEMPTS, FD-MICRO-VERIFY-WRONG: a verification with one amount right is refused without being counted, so a second try verifies',
    state: (x, c) => (c.op === 'verify' && !x.match && x.sent!.some((s) => x.entry!.cents.includes(s)) ? { ...c, to: undefined } : c),
  }),
  fault('fd-micro-verify-not-recorded', 'FD-MICRO-VERIFY: the verification answers 200 but the details read never shows Verified', {
    state: (_x, c) => (c.op === 'verify' && c.to === 'Verified' ? { ...c, to: undefined } : c),
  }),
  fault('fd-prop-write-scope-micro-verify-latest-of-customer', {
    rule: "FD-MICRO-VERIFY, FD-MICRO-VERIFY-WRONG, FD-PROP-WRITE-SCOPE: a verification applies to the customer's latest entries, whichever account the path names (each call alone answers right)",
    judge: fold(
      'entries',
      (x) => x.op === 'VerifyMicroAmountDeposits' && x.entry !== undefined,
      (x) => (x.entry = latestOf(x, x.entry!)),
    ),
    origin: 'model',
    ...was('model-micro-entries-verify-latest-of-customer'),
  }),
  fault('fd-micro-not-found-verify-other-customer', {
    rule: "FD-MICRO-NOT-FOUND, FD-OBJ-OTHER-PARENT: the verification finds another customer's entries (same partner) named under this customer",
    judge: foundOtherwise(
      (x) => x.op === 'VerifyMicroAmountDeposits' && x.world.customers.get(x.input.path.customerId)?.partnerId === x.input.partner?.id,
      (x) => {
        const e = pathEntry(x);
        return e && x.world.customers.get(e.customerId)?.partnerId === x.input.partner?.id ? e : undefined;
      },
    ),
  }),
  fault('fd-micro-not-found-verify-after-customer-delete', {
    rule: 'FD-MICRO-NOT-FOUND, FD-OBJ-AFTER-DELETE: the verification still reaches the entries of a deleted customer through its path',
    judge: foundOtherwise(on('VerifyMicroAmountDeposits'), (x) => orphanEntry(x)),
  }),
  fault('fd-micro-before-deposit-verifiable', 'FD-MICRO-BEFORE-DEPOSIT: micro entries not yet deposited can be verified', {
    judge: skip('state', isShown('Pending')),
  }),
  fault('fd-micro-before-deposit-pending-counts-attempt', {
    rule: 'FD-MICRO-BEFORE-DEPOSIT: a wrong verification before the deposit makes the entries Failed, so the right amounts are refused once deposited',
    judge: writtenThenRefused(
      'state',
      (x) => isShown('Pending')(x, {}) && !x.match,
      (x) => (x.entry!.state = 'Failed'),
    ),
  }),
  fault('fd-micro-attempts-retry-allowed', 'FD-MICRO-ATTEMPTS: after a failed verification the right amounts still verify', {
    judge: skip('state', isShown('Failed')),
  }),
  fault('fd-micro-error-body-failed-status-completed', "FD-MICRO-ERROR-BODY: a failed entry's refusal says Completed", {
    answer: failedRefusal((b) => ({ ...b, status: 'Completed' })),
  }),
  // --- The details read (provider 1.35.0 MicroDepositDetails)
  fault('fd-micro-not-found-any-customer-account', 'FD-MICRO-NOT-FOUND: entries found by account id under any customer', {
    judge: foundOtherwise((x) => x.world.customers.has(x.input.path.customerId), pathEntry),
  }),
  fault('fd-micro-not-found-details-after-customer-deleted', "FD-MICRO-NOT-FOUND: a deleted customer's details are read", {
    judge: foundOtherwise(on('GetMicroDepositsDetails'), (x) => orphanEntry(x)),
    ...blind('blind-micro-entries-details-after-customer-deleted'),
  }),
  fault('fd-micro-masking-full-account-number', 'FD-MICRO-MASKING: accountNumberLast4 holds the full account number', {
    answer: detailed('accountNumberLast4', (_v, x) => x.entry!.accountNumber),
  }),
  fault('fd-micro-masking-last4-first-digits', 'FD-MICRO-MASKING: accountNumberLast4 holds the first four digits', {
    answer: detailed('accountNumberLast4', (_v, x) => x.entry!.accountNumber.slice(0, 4)),
  }),
  fault('fd-micro-details-last4-of-routing', "FD-MICRO-DETAILS: the details give the routing number's last four digits as the account's", {
    answer: detailed('accountNumberLast4', (_v, x) => x.entry!.routingNumber.slice(-4)),
  }),
  fault('fd-micro-masking-last4-star-prefixed', 'FD-MICRO-MASKING: the details write the last four digits after four stars', {
    answer: detailed('accountNumberLast4', (v) => `****${v}`),
  }),
  fault('fd-micro-details-last4-leading-zeros-dropped', {
    rule: 'FD-MICRO-DETAILS, FD-MICRO-MASKING: the details read gives the last four as a number would print (leading zeros dropped)',
    answer: detailed('accountNumberLast4', digitsAsNumber),
    ...seededAt,
  }),
  fault('fd-micro-details-routing-leading-zeros', "FD-MICRO-DETAILS: the routing number's leading zeros are dropped", {
    answer: detailed('routingNumber', digitsAsNumber),
  }),
  fault('fd-micro-details-stale-pending', 'FD-MICRO-DETAILS: the details read keeps showing Pending', {
    answer: detailedAs(() => 'Pending'),
  }),
  fault('fd-micro-details-deposited-an-hour-early', 'FD-MICRO-DETAILS: the entries show deposited an hour early', {
    judge: showing((e, _x, documented) => documented({ ...e, createdMs: e.createdMs - 3_600_000 })),
    ...blind('blind-micro-entries-deposited-after-23-hours'),
  }),
  fault('fd-micro-details-deposit-edge-exclusive', {
    rule: 'FD-MICRO-DETAILS: the elapsed time is counted in whole seconds and compared as exclusive, so the entries show Pending for the whole second at the delay',
    judge: showing((e, x, documented) =>
      e.state !== 'Pending' ? documented(e) : Math.floor((x.nowMs - e.createdMs) / 1000) > x.limits.delayS ? 'Completed' : 'Pending',
    ),
  }),
  fault('fd-micro-details-status-of-latest-entry', {
    rule: "FD-MICRO-DETAILS, FD-MICRO-VERIFY: the details read shows the status of the customer's latest entries, whichever account is asked",
    answer: detailedAs((x) => x.shown!(latestOf(x, x.entry!))),
  }),
  fault('fd-micro-verify-wrong-failed-shown-completed', 'FD-MICRO-VERIFY-WRONG: the details read shows failed entries as Completed', {
    answer: detailedAs((x) => (x.shown!(x.entry!) === 'Failed' ? 'Completed' : undefined)),
  }),
  fault('fd-micro-verify-verified-shown-completed', 'FD-MICRO-VERIFY: the details read shows verified entries as Completed', {
    answer: detailedAs((x) => (x.shown!(x.entry!) === 'Verified' ? 'Completed' : undefined)),
  }),
  fault('fd-prop-described-state-micro-deposited-described-pending', {
    rule: 'FD-MICRO-DETAILS, FD-DERIVED-VIEW, FD-PROP-DESCRIBED-STATE: deposited entries read Completed with the description of pending ones',
    answer: answered('GetMicroDepositsDetails', (b) => (b.status === 'Completed' ? { ...b, statusDescription: DESCRIPTIONS.Pending } : b)),
    ...was('i37-fd-micro-details-deposited-described-pending'),
  }),
  fault('fd-micro-details-creation-date-eastern', 'FD-MICRO-DETAILS: creationDate is the wall time of US Eastern, not UTC', {
    answer: creationDate((ms) => ms - 5 * 3_600_000),
    ...blind('blind-micro-entries-creation-date-eastern'),
  }),
  fault('fd-micro-details-creation-date-moves-on-deposit', 'FD-MICRO-DETAILS: once deposited, creationDate is the deposit time', {
    answer: creationDate((ms, x) => (x.shown!(x.entry!) !== 'Pending' ? ms + x.limits.delayS * 1000 : ms)),
  }),
  fault('fd-micro-details-creation-date-zoned', 'FD-MICRO-DETAILS: creationDate carries a Z designator (a zoned date-time)', {
    answer: detailed('creationDate', (v) => `${v}Z`),
  }),
]);

/** The entries of the path's account of a deleted customer of the path. */
function orphanEntry(x: Exchange) {
  const e = pathEntry(x);
  return e && e.customerId === x.input.path.customerId && !x.world.customers.has(e.customerId) ? e : undefined;
}
