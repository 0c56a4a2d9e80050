// Faults of micro entries, named `<rule id>-<deviation>`: `relax`, or micro-entries.ts's seams (Step, a write, the answer).
// A blind fault, and an id docs/mutation.md names, keep the earlier id as an alias.
import { blind, faultCatalogue, model, seeded, was, type FaultMemory, type SeamFn, schema } from '../kit/faults.js';
import { faultKit } from './fault-builders.js';
import { DESCRIPTIONS, THROTTLED, type Exchange, type MicroEntrySeams, type Shown } from './micro-entries.records.js';
import type { MicroEntry } from './state.js';

type Judge = SeamFn<MicroEntrySeams, 'judge'>;
type Answering = SeamFn<MicroEntrySeams, 'answer'>;
type When = (x: Exchange, memory: FaultMemory) => boolean;
type Body = Record<string, any>;
const { fault, fold, skip, refuse, on, answered } = faultKit<MicroEntrySeams>();
const entries = (x: Exchange) => [...x.world.microEntries.entries.values()];
const latestOf = (x: Exchange, e: MicroEntry) =>
  entries(x)
    .filter((o) => o.customerId === e.customerId)
    .at(-1) ?? e;
const isShown =
  (state: Shown): When =>
  (x) =>
    x.entry !== undefined && x.shown(x.entry) === state;
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
/** The entries of the path's account found otherwise (`find`) where the sources find none. */
const foundOtherwise = (when: When, find: (x: Exchange) => MicroEntry | undefined): Judge =>
  skip(
    'entries',
    (x, m) => when(x, m) && find(x) !== undefined,
    (x) => (x.entry = find(x)),
  );
const pathEntry = (x: Exchange) => x.world.microEntries.entries.get(x.input.path.accountId);

// (b) The answer: functions at the answer seam.
/** A refused verification reporting status Failed with its body made otherwise. */
const failedRefusal = (bend: (body: Body) => Body): Answering =>
  answered('VerifyMicroAmountDeposits', (b) => (b.status === 'Failed' ? bend(b) : b), true);

export const MICRO_ENTRIES_FAULTS = faultCatalogue([
  // --- Initiation (seed 002, Micro entries and switches; Errors 404, 409, 429)
  fault('fd-optional-ids-micro-initiate-login-refused', {
    rule: "FD-OPTIONAL-IDS: InitiateMicroAmountDeposits refuses (400) a body whose optional institutionLoginId names a login of the path's customer",
    judge: refuse('customer', (x) => x.input.body.institutionLoginId !== undefined, {
      status: 400,
      message: 'institutionLoginId is not valid',
    }),
    ...seeded,
    ...was('seeded-prop-micro-initiate-login-refused'),
  }),
  fault('fd-micro-routing-length-unenforced', 'FD-MICRO-ROUTING-LENGTH: a routing number one digit short or long is taken', {
    relax: schema('MicroEntryRoutingNumber', { set: { pattern: '^[0-9]{8,10}$' } }),
  }),
  fault('fd-micro-conflict-unenforced', 'FD-MICRO-CONFLICT: a second initiation for an account with entries under way is accepted', {
    judge: skip('conflict'),
    ...was('micro-entries-conflict-unenforced'),
  }),
  fault('fd-micro-rate-per-partner', "FD-MICRO-RATE: the initiations are counted per partner, so one customer's fill another's window", {
    judge: recounted({ key: (x) => `partner:${x.customer!.partnerId}` }),
    ...blind,
    ...was('blind-micro-entries-rate-per-partner'),
  }),
  fault('fd-micro-initiate-one-deposit-fewer', 'FD-MICRO-INITIATE: the initiation answers one micro entry fewer', {
    answer: answered('InitiateMicroAmountDeposits', (b) => ({ ...b, depositCount: b.depositCount - 1 })),
  }),
  fault('fd-micro-masking-initiate-echoes-receiver', "FD-MICRO-MASKING: the initiation echoes the receiver's full number", {
    answer: answered('InitiateMicroAmountDeposits', (b, x) => ({ ...b, receiver: { ...x.input.body.receiver } })),
    ...blind,
    ...was('blind-micro-entries-initiate-echoes-receiver'),
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
  fault('fd-prop-write-scope-micro-verify-latest-of-customer', {
    rule: "FD-MICRO-VERIFY, FD-MICRO-VERIFY-WRONG, FD-PROP-WRITE-SCOPE: a verification applies to the customer's latest entries, whichever account the path names (each call alone answers right)",
    judge: fold(
      'entries',
      (x) => x.op === 'VerifyMicroAmountDeposits' && x.entry !== undefined,
      (x) => (x.entry = latestOf(x, x.entry!)),
    ),
    ...model,
    ...was('model-micro-entries-verify-latest-of-customer'),
  }),
  fault('fd-micro-before-deposit-verifiable', 'FD-MICRO-BEFORE-DEPOSIT: micro entries not yet deposited can be verified', {
    judge: skip('state', isShown('Pending')),
  }),
  fault('fd-micro-error-body-failed-status-completed', "FD-MICRO-ERROR-BODY: a failed entry's refusal says Completed", {
    answer: failedRefusal((b) => ({ ...b, status: 'Completed' })),
  }),
  fault('fd-micro-not-found-details-after-customer-deleted', "FD-MICRO-NOT-FOUND: a deleted customer's details are read", {
    judge: foundOtherwise(on('GetMicroDepositsDetails'), (x) => orphanEntry(x)),
    ...blind,
    ...was('blind-micro-entries-details-after-customer-deleted'),
  }),
  fault('fd-prop-described-state-micro-deposited-described-pending', {
    rule: 'FD-MICRO-DETAILS, FD-DERIVED-VIEW, FD-PROP-DESCRIBED-STATE: deposited entries read Completed with the description of pending ones',
    answer: answered('GetMicroDepositsDetails', (b) => (b.status === 'Completed' ? { ...b, statusDescription: DESCRIPTIONS.Pending } : b)),
    ...was('i37-fd-micro-details-deposited-described-pending'),
  }),
]);

/** The entries of the path's account of a deleted customer of the path. */
function orphanEntry(x: Exchange) {
  const e = pathEntry(x);
  return e && e.customerId === x.input.path.customerId && !x.world.customers.has(e.customerId) ? e : undefined;
}
