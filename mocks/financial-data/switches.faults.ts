// Faults of deposit and bill pay switches, named `fd-<rule id>-<deviation>` (schemas/financial-data/rules/switches.yaml), at
// switches.ts's seams. An id docs/mutation.md names, and a blind fault's first id, stay as aliases.
import { assumption, blind, faultCatalogue, model, provider, was, type SeamFn } from '../kit/faults.js';
import { faultKit } from './fault-builders.js';
import { type Customer, type Switch } from './state.js';
import { type Exchange, type Step, type SwitchOp as Op, type SwitchSeams } from './switches.records.js';

type Judge = SeamFn<SwitchSeams, 'judge'>;
type Answering = SeamFn<SwitchSeams, 'answer'>;
type View = Record<string, any>;
const { fault, answered } = faultKit<SwitchSeams>();

const DEPOSITS: Op = 'getAllDepositSwitches';
const BILL_PAYS: Op = 'getAllPaySwitches';
const DEPOSIT: Op = 'getDepositSwitchDetails';
const BILL_PAY: Op = 'getBillPaySwitchDetails';
const EXTERNAL: Op = 'getAllExternalDepositSwitches';
const LISTS: Op[] = [DEPOSITS, BILL_PAYS];
const DETAILS: Op[] = [DEPOSIT, BILL_PAY];

/** The same instant as a wall time five hours behind UTC with its offset (a date-time still, of another form). */
const eastern = (utc: unknown) =>
  typeof utc === 'string' ? `${new Date(Date.parse(utc) - 5 * 3_600_000).toISOString().slice(0, 19)}-05:00` : utc;

const partnerCustomers = (x: Exchange): Customer[] =>
  x.input.partner ? [...x.world.customers.group('partner', x.input.partner.id).values()] : [...x.world.customers.values()];

// (a) The request as judged: functions at the judge seam.
/** The exchange of one of `ops` changed at `step` when the step refuses nothing. */
const at =
  (ops: Op[], step: Step, change: (x: Exchange) => void): Judge =>
  (x, s, r) => {
    if (s === step && !r && ops.includes(x.op)) change(x);
    return r;
  };
/** The external id lookup's found switches added to with those of `kind` (or untagged) of the same customers. */
const riding = (keep: (s: Switch) => boolean): Judge =>
  at([EXTERNAL], 'found', (x) => {
    const owners = new Set(x.found!.map((s) => s.customerId));
    x.found!.push(...x.pool!.filter((s) => keep(s) && owners.has(s.customerId)));
  });
/** Each switch of a list answer of `ops` made otherwise. */
const listed = (ops: Op[], bend: (view: View, i: number, x: Exchange, all: View[]) => View): Answering =>
  answered(ops, (b, x) => ({ ...b, switches: b.switches.map((v: View, i: number, all: View[]) => bend(v, i, x, all)) }));
const capitalised = (text: string) => text[0].toUpperCase() + text.slice(1);

export const SWITCHES_FAULTS = faultCatalogue([
  // --- The dates' form (provider 1.35.0: createdDate and updatedDate YYYY-MM-DDThh:mm:ssZ, UTC)
  fault('fd-resp-forms-switch-dates-eastern-offset', {
    rule: 'FD-RESP-FORMS: a switch read dates its creation and last change in US Eastern standard time with its offset, where the document gives UTC (Z)',
    answer: answered(DETAILS, (b) => ({ ...b, createdDate: eastern(b.createdDate), updatedDate: eastern(b.updatedDate) })),
    ...provider,
  }),
  // --- The customer's lists (seed 002, Switch: deposit or bill pay; provider 1.35.0 getAllDepositSwitches, getAllPaySwitches)
  fault('fd-sw-list-other-customers', "FD-SW-LIST: a customer's list holds the switches of the partner's other customers", {
    judge: at(LISTS, 'found', (x) => {
      const others = partnerCustomers(x).filter((c) => c.id !== x.customer!.id);
      x.found!.push(...others.flatMap((c) => x.world.switches.byCustomer.get(c.id) ?? []).filter((s) => s.kind === x.kind));
    }),
  }),
  fault('fd-sw-status-enum-lists-capitalised', 'FD-SW-STATUS-ENUM: the lists write each status capitalised (Completed)', {
    answer: listed([...LISTS, EXTERNAL], (v) => ({ ...v, status: capitalised(String(v.status)) })),
    ...provider,
  }),
  fault('fd-sw-customer-type-fixed', "FD-SW-CUSTOMER: the lists and details give customerType testing whatever the customer's type", {
    answer: answered([...LISTS, ...DETAILS], (b) => ({ ...b, customerType: 'testing' })),
    ...provider,
  }),
  // Found only by a sequence of calls (the reference models, fixtures/models/): each single call answers right.
  fault('fd-sw-list-lost-after-sibling-deleted', {
    rule: "FD-SW-LIST, FD-SW-DELETED-CUSTOMER: once one customer of the partner is deleted, the partner's other customers whose switches were made list none (seed 002, Customers: a delete removes access to that customer's data only)",
    // The owners are kept in the world's fault memory (state.ts), reset with it.
    state: (x, made) => {
      const c = x.world.customers.get(made[0]?.customerId ?? '');
      if (c) x.world.faultMemory.switchOwners.set(c.id, { partnerId: c.partnerId, lost: false });
      return made;
    },
    judge: (x, s, r) => {
      if (s !== 'pool' || r) return r;
      const owners = x.world.faultMemory.switchOwners;
      for (const [id, gone] of owners)
        if (!gone.lost && !x.world.customers.has(id)) for (const o of owners.values()) if (o.partnerId === gone.partnerId) o.lost = true;
      x.pool = x.pool!.filter((sw) => !owners.get(sw.customerId)?.lost);
      return r;
    },
    ...model,
  }),

  // --- The details (seed 002, details by switch_id; provider 1.35.0 DepositSwitchDetails, PaySwitchDetails)
  fault('fd-sw-details-created-is-updated', {
    rule: "FD-SW-DETAILS: a switch's details give its last update as createdDate (the list gives the creation)",
    answer: answered(DETAILS, (b, x) => ({ ...b, createdDate: x.switch!.updatedDate })),
    ...blind,
    ...was('blind-switches-details-created-is-updated'),
  }),
  fault('fd-sw-other-customer-details-any-customer', {
    rule: "FD-SW-OTHER-CUSTOMER, FD-OBJ-OTHER-PARENT: another customer's switch of the partner is found through this customer's details",
    judge: at(DETAILS, 'pool', (x) => {
      const own = x.pool!;
      x.pool = partnerCustomers(x).flatMap((c) => (c.id === x.customer!.id ? own : (x.world.switches.byCustomer.get(c.id) ?? [])));
    }),
  }),
  fault('fd-sw-external-lists-bill-pay', {
    rule: 'FD-SW-EXTERNAL, FD-SW-OTHER-KIND: the external id list also carries the bill pay switches of the customers it found',
    judge: riding((s) => s.kind === 'billPay'),
  }),
  fault('fd-sw-external-unknown-empty', 'FD-SW-EXTERNAL-UNKNOWN: an external id no switch carries answers 200 with an empty list', {
    judge: (x, s, r) => (r && s === 'found' && x.op === EXTERNAL ? undefined : r),
    ...assumption,
  }),
  // Not a deviation: the provider's 400 example 1643 for an external id no switch carries (FD-CONFLICT-EXTERNAL-ID-NO-MATCH; skipped).
  fault('fd-sw-external-unknown-400-provider', {
    rule: 'FD-SW-EXTERNAL-UNKNOWN, FD-NOT-FOUND: an external id no switch carries is a 404 (the seed), answered 400 as the provider publishes',
    judge: (x, s, r) => (r && s === 'found' && x.op === EXTERNAL ? { ...r, status: 400 } : r),
    ...assumption,
    mutation: false,
  }),
]);
