// Deposit and bill pay switches (seed 002, Resources - Switch: deposit or bill pay switch, also
// found by external_id; Endpoints - Micro entries and switches). The mock world: every linked
// customer (mocks/financial-data/portfolio.ts) has switches made before the suite looks, generated
// from the customer id the first time any switch route needs them and kept in state.ts (switches):
// - four deposit switches: completed and failed (bad-credentials) at external id
//   `BR-<customerId>-1`, processing at `BR-<customerId>-2`, and a completed one without external id;
// - three bill pay switches: completed by card, completed by bank account, failed (connection-error).
// Distributions and payment methods name the customer's linked accounts by routing number and last
// four digits only. A customer without linked data has no switches (empty lists). A switch is
// reached only through its own customer and kind (404 otherwise); once the customer is deleted,
// none of its switches is reached by any route.
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { route, sendError, type FdContext, type Input } from './middleware.js';
import { findCustomer, linkedData, type Account, type Customer, type Switch, type SwitchKind as Kind } from './state.js';

const hex = (text: string, length = 24) => createHash('sha1').update(text).digest('hex').slice(0, length);
/** provider 1.35.0: ISO 8601 in the form YYYY-MM-DDThh:mm:ssZ. */
const iso = (epochS: number) => new Date(epochS * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
const DAY_S = 86_400;

/** The external ids of a customer's in-branch deposit switches (the mock world's convention). */
export const externalIdsOf = (customerId: string) => [`BR-${customerId}-1`, `BR-${customerId}-2`];

function generate(customerId: string, accounts: Account[], nowS: number, faults: FdContext['faults']): Switch[] {
  const first = (type: string) => accounts.find((a) => a.type === type && a.status === 'active') ?? accounts[0];
  const checking = first('checking');
  const savings = first('savings');
  const card = first('creditCard');
  // Fault: the trailing digits shown are the first four of the account number.
  const ends = (a?: Account) => (a ? (faults.has('switches-ends-with-first-four') ? a.number.slice(0, 4) : a.number.slice(-4)) : '0000');
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
  const { state: world, faults, clock } = ctx;
  const sw = () => world.switches;
  /** The customer's switches, generated on first need once the customer is linked (none before). */
  const owners = world.faultMemory.switchOwners;
  const switchesOf = (customer: Customer): Switch[] => {
    // Model fault: deleting a customer wipes its partner's switch store; the others' switches made before are lost for good.
    if (faults.has('model-switches-lost-after-sibling-deleted')) {
      for (const [id, gone] of owners)
        if (!gone.lost && !world.customers.has(id)) {
          gone.lost = true;
          for (const [other, o] of owners) if (o.partnerId === gone.partnerId && world.customers.has(other)) o.lost = true;
        }
      if (owners.get(customer.id)?.lost) return [];
    }
    const known = sw().byCustomer.get(customer.id);
    if (known) return known;
    // A customer not linked yet has none; it gets its switches once linked.
    const { logins, accounts } = linkedData(world, customer.id);
    if (logins.length === 0) return [];
    const made = generate(customer.id, accounts, clock.nowEpochSeconds(), faults);
    sw().byCustomer.set(customer.id, made);
    owners.set(customer.id, { partnerId: customer.partnerId, lost: false });
    return made;
  };
  const partnerCustomers = ({ partner }: Input) =>
    partner ? [...world.customers.group('partner', partner.id).values()] : [...world.customers.values()];
  const customerOf = (input: Input) => findCustomer(world, input.path.customer_id, input.partner?.id);

  const statusShown = (s: Switch) => (faults.has('switches-status-capitalised') ? s.status[0].toUpperCase() + s.status.slice(1) : s.status);
  const summary = (s: Switch) => ({
    id: s.id,
    status: statusShown(s),
    ...(s.failureReason ? { failureReason: s.failureReason } : {}),
    createdDate: s.createdDate,
  });
  const details = (s: Switch, customer: Customer) => {
    // Fault: the details of the failed deposit switch still show it processing (a stale copy).
    const status = faults.has('switches-details-status-stale') && s.kind === 'deposit' && s.status === 'failed' ? 'processing' : s.status;
    // i12-switch-bill-pay-details-failure-reason-dropped: the bill pay details omit the reason.
    const reason =
      s.failureReason &&
      !faults.has('switches-details-without-failure-reason') &&
      !(s.kind === 'billPay' && faults.has('i12-switch-bill-pay-details-failure-reason-dropped'))
        ? // i17-switches-deposit-details-reason-underscored: the deposit details write the reason with underscores.
          {
            failureReason:
              faults.has('i17-switches-deposit-details-reason-underscored') && s.kind === 'deposit'
                ? s.failureReason.replace(/-/g, '_')
                : s.failureReason,
          }
        : {};
    // Blind fault: the bank payment method of a bill pay switch shows the whole account number in endsWith.
    const methods = (targets: Record<string, unknown>[]) =>
      !faults.has('blind-switches-bill-pay-bank-full-number')
        ? targets
        : targets.map((t) => {
            if (t.type !== 'bank') return t;
            const account = linkedData(world, customer.id).accounts.find(
              (a) => a.routingNumber === t.bankIdentifier && a.number.endsWith(String(t.endsWith)),
            );
            return account ? { ...t, endsWith: account.number } : t;
          });
    return {
      customerId: customer.id,
      customerType: faults.has('switches-customer-type-fixed') ? 'testing' : customer.type,
      switchId: s.id,
      switchStatus: status,
      // Blind fault 'blind-switches-details-created-is-updated': the details give the last update as createdDate.
      ...reason,
      createdDate: faults.has('blind-switches-details-created-is-updated')
        ? s.updatedDate
        : // i18-switches-bill-pay-details-created-eastern: the bill pay details give createdDate in US Eastern time with Z.
          faults.has('i18-switches-bill-pay-details-created-eastern') && s.kind === 'billPay'
          ? new Date(Date.parse(s.createdDate) - 5 * 3600_000).toISOString().replace(/\.\d{3}Z$/, 'Z')
          : s.createdDate,
      // i13-switches-deposit-details-updated-before-created: the deposit details date the update a minute before the creation.
      updatedDate:
        faults.has('i13-switches-deposit-details-updated-before-created') && s.kind === 'deposit'
          ? new Date(Date.parse(s.createdDate) - 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z')
          : // i22-switches-bill-pay-details-updated-at-read: the bill pay details give the time of the read as updatedDate.
            faults.has('i22-switches-bill-pay-details-updated-at-read') && s.kind === 'billPay'
            ? ctx.clock
                .now()
                .toISOString()
                .replace(/\.\d{3}Z$/, 'Z')
            : s.updatedDate,
      authenticated: s.authenticated,
      provider: s.provider,
      ...(s.kind === 'deposit'
        ? {
            // i23-switches-deposit-details-percent-full-number: a percent distribution named by the account's whole number.
            // i35-fd-switches-deposit-details-percent-as-fraction: a percent allocation given as a fraction of one (60 as 0.6).
            distributions: faults.has('i35-fd-switches-deposit-details-percent-as-fraction')
              ? s.targets.map((t: Record<string, unknown>) =>
                  t.type === 'percent' && typeof t.allocatedValue === 'number' ? { ...t, allocatedValue: t.allocatedValue / 100 } : t,
                )
              : faults.has('i23-switches-deposit-details-percent-full-number')
                ? s.targets.map((t: Record<string, unknown>) => {
                    const account =
                      t.type === 'percent'
                        ? linkedData(world, customer.id).accounts.find(
                            (a) => a.routingNumber === t.bankIdentifier && a.number.endsWith(String(t.accountNumberEndsWith)),
                          )
                        : undefined;
                    return account ? { ...t, accountNumberEndsWith: account.number } : t;
                  })
                : // i37-fd-switch-deposit-details-last-target-only: a split deposit shows only its last distribution.
                  faults.has('i37-fd-switch-deposit-details-last-target-only')
                  ? s.targets.slice(-1)
                  : s.targets,
          }
        : { paymentMethods: methods(s.targets) }),
    };
  };

  const list = (kind: Kind) => (input: Input, reply: any) => {
    // i14-switches-bill-pay-list-after-customer-delete: the bill-pay list of a deleted customer still served from its switches.
    const gone =
      kind === 'billPay' &&
      faults.has('i14-switches-bill-pay-list-after-customer-delete') &&
      !world.customers.has(input.path.customer_id) &&
      sw().byCustomer.has(input.path.customer_id)
        ? ({ id: input.path.customer_id, type: 'testing' } as Customer)
        : undefined;
    const customer = customerOf(input) ?? gone;
    if (!customer) return sendError(ctx, reply, 404, 'Customer not found');
    let found = switchesOf(customer);
    // Faults: the kind filter, or the customer filter, forgotten.
    if (faults.has('switches-list-all-kinds')) found = [...found];
    else found = found.filter((s) => s.kind === kind);
    if (faults.has('switches-list-other-customers')) {
      found = [
        ...found,
        ...partnerCustomers(input)
          .filter((c) => c.id !== customer.id)
          .flatMap((c) => sw().byCustomer.get(c.id) ?? [])
          .filter((s) => s.kind === kind),
      ];
    }
    return {
      customerId: customer.id,
      // i24-switches-bill-pay-list-testing-typed-active: the bill pay list types a testing customer active.
      customerType: faults.has('switches-customer-type-fixed')
        ? 'testing'
        : kind === 'billPay' && faults.has('i24-switches-bill-pay-list-testing-typed-active') && customer.type === 'testing'
          ? 'active'
          : customer.type,
      switches: found
        // i20-switches-deposit-list-capped-at-three: the deposit list cut at three switches.
        .slice(0, kind === 'deposit' && faults.has('i20-switches-deposit-list-capped-at-three') ? 3 : 10)
        .map(summary)
        // i35-fd-switches-bill-pay-list-created-of-first: the bill pay list dates every switch with the first switch's createdDate.
        .map((x, _i, all) =>
          kind === 'billPay' && faults.has('i35-fd-switches-bill-pay-list-created-of-first')
            ? { ...x, createdDate: all[0].createdDate }
            : x,
        )
        // Blind fault: the bill pay list leaves out failureReason.
        .map((x) =>
          kind === 'billPay' && faults.has('blind-switches-bill-pay-list-without-failure-reason') ? { ...x, failureReason: undefined } : x,
        )
        // i16-switches-deposit-list-status-uppercased: the deposit list writes each status in upper case.
        .map((x) =>
          kind === 'deposit' && faults.has('i16-switches-deposit-list-status-uppercased')
            ? { ...x, status: String(x.status).toUpperCase() }
            : x,
        )
        // rt-switches-deposit-list-failure-reason-dropped: the deposit list leaves out failureReason.
        .map((x) =>
          kind === 'deposit' && faults.has('rt-switches-deposit-list-failure-reason-dropped') ? { ...x, failureReason: undefined } : x,
        )
        // i36-fd-switches-deposit-list-created-zone-dropped: the deposit list writes createdDate as a local time, its Z left off.
        .map((x) =>
          kind === 'deposit' && faults.has('i36-fd-switches-deposit-list-created-zone-dropped')
            ? { ...x, createdDate: String(x.createdDate).replace(/Z$/, '') }
            : x,
        ),
    };
  };
  const one = (kind: Kind) => (input: Input, reply: any) => {
    // i9-switches-details-after-customer-delete: the deposit details found in the switch store by the path's customer id.
    const orphan =
      kind === 'deposit' && faults.has('i9-switches-details-after-customer-delete') && !world.customers.has(input.path.customer_id)
        ? sw()
            .byCustomer.get(input.path.customer_id)
            ?.find((x) => x.id === input.path.switch_id && x.kind === kind)
        : undefined;
    if (orphan) return details(orphan, { id: input.path.customer_id, type: 'testing' } as Customer);
    const customer = customerOf(input);
    if (!customer) return sendError(ctx, reply, 404, 'Customer not found');
    // i5-switches-bill-pay-details-other-customer: the bill pay details search every customer of the partner.
    const pool =
      faults.has('switches-details-any-customer') ||
      (kind === 'billPay' && faults.has('i5-switches-bill-pay-details-other-customer')) ||
      // i21-switches-deposit-details-other-customer: the deposit details search every customer of the partner.
      (kind === 'deposit' && faults.has('i21-switches-deposit-details-other-customer'))
        ? partnerCustomers(input).flatMap((c) => (c.id === customer.id ? switchesOf(c) : (sw().byCustomer.get(c.id) ?? [])))
        : switchesOf(customer);
    const anyKind =
      (kind === 'billPay' && faults.has('switches-details-any-kind')) ||
      // Blind fault: the deposit details find a bill pay switch too.
      (kind === 'deposit' && faults.has('blind-switches-deposit-details-any-kind'));
    // i16-switches-bill-pay-details-id-prefix: the bill pay details find the first switch whose id starts with the id asked.
    const byPrefix = () =>
      kind === 'billPay' && faults.has('i16-switches-bill-pay-details-id-prefix') && String(input.path.switch_id).length > 0
        ? pool.find((x) => x.kind === kind && x.id.startsWith(String(input.path.switch_id)))
        : undefined;
    const s = pool.find((x) => x.id === input.path.switch_id && (x.kind === kind || anyKind)) ?? byPrefix();
    if (!s) return sendError(ctx, reply, 404, `No matching record found for switch_id ${input.path.switch_id}`);
    // i25-switches-deposit-details-created-date-day-only: the deposit details read createdDate from a DATE column (the time of day lost).
    if (kind === 'deposit' && faults.has('i25-switches-deposit-details-created-date-day-only')) {
      const shown = details(s, customer) as Record<string, unknown>;
      return typeof shown.createdDate === 'string' ? { ...shown, createdDate: `${shown.createdDate.slice(0, 10)}T00:00:00Z` } : shown;
    }
    // i29-fd-switches-bill-pay-details-status-uppercased: the bill-pay details answer the switch status in upper case.
    if (kind === 'billPay' && faults.has('i29-fd-switches-bill-pay-details-status-uppercased')) {
      const shown = details(s, customer) as Record<string, unknown>;
      return typeof shown.switchStatus === 'string' ? { ...shown, switchStatus: shown.switchStatus.toUpperCase() } : shown;
    }
    return details(s, customer);
  };

  route(app, ctx, 'getAllDepositSwitches', list('deposit'));
  route(app, ctx, 'getAllPaySwitches', list('billPay'));
  route(app, ctx, 'getDepositSwitchDetails', one('deposit'));
  route(app, ctx, 'getBillPaySwitchDetails', one('billPay'));

  route(app, ctx, 'getAllExternalDepositSwitches', (input, reply) => {
    const externalId = input.path.external_id;
    // Every linked customer of the partner has had its switches since it was linked.
    // i6-switches-external-id-other-partner: every partner's customers are searched.
    const pool = (faults.has('i6-switches-external-id-other-partner') ? [...world.customers.values()] : partnerCustomers(input))
      .filter((c) => world.logins.group('customer', c.id).size > 0)
      .flatMap((c) => switchesOf(c));
    // Fault: the switches of deleted customers are still found by external id.
    const ghosts = faults.has('switches-deleted-customer-external')
      ? [...sw().byCustomer.entries()].filter(([id]) => !world.customers.has(id)).flatMap(([, s]) => s)
      : [];
    const found = [...pool, ...ghosts].filter(
      (s) =>
        s.kind === 'deposit' &&
        s.externalId !== undefined &&
        (faults.has('switches-external-ignores-id')
          ? s.externalId.split('-')[1] === externalId.split('-')[1]
          : s.externalId === externalId ||
            // i8-switches-external-id-trimmed: the id trimmed before the lookup.
            (faults.has('i8-switches-external-id-trimmed') && s.externalId === externalId.trim()) ||
            // i28-fd-switches-external-id-caseless: an external id matched without case.
            (faults.has('i28-fd-switches-external-id-caseless') && s.externalId.toLowerCase() === externalId.toLowerCase()) ||
            // switches-external-prefix-match: an external id found by its beginning (a prefix of a stored one matches it).
            (faults.has('switches-external-prefix-match') && externalId.length > 0 && s.externalId.startsWith(externalId)) ||
            // rt-switches-external-id-suffix-match: an external id found by its end.
            (faults.has('rt-switches-external-id-suffix-match') && externalId.length > 0 && s.externalId.endsWith(externalId)) ||
            // i4-switches-external-id-case-insensitive: the external id matched without case.
            (faults.has('i4-switches-external-id-case-insensitive') && s.externalId.toLowerCase() === externalId.toLowerCase()) ||
            // i27-switches-external-id-dashes-ignored: the external id matched with its dashes taken out.
            (faults.has('i27-switches-external-id-dashes-ignored') && s.externalId.replace(/-/g, '') === externalId.replace(/-/g, ''))),
    );
    // i23-switches-external-id-failed-left-out: the external id reader lists only the switches that did not fail.
    if (faults.has('i23-switches-external-id-failed-left-out'))
      found.splice(0, found.length, ...found.filter((x) => x.status !== 'failed'));
    if (found.length === 0 && !faults.has('switches-external-unknown-empty'))
      // switches-external-unknown-400-provider: the provider's status for it (FD-CONFLICT-EXTERNAL-ID-NO-MATCH).
      return sendError(
        ctx,
        reply,
        faults.has('switches-external-unknown-400-provider') ? 400 : 404,
        `No matching record found for external_id ${externalId}`,
      );
    // Blind fault: the customers' deposit switches without external id ride along with the matches.
    // i37-fd-switch-external-one-per-id: of the switches sharing the external id, only the first is listed.
    if (faults.has('i37-fd-switch-external-one-per-id')) found.splice(1);
    if (faults.has('blind-switches-external-includes-untagged')) {
      const owners = new Set(found.map((x) => x.customerId));
      found.push(...pool.filter((x) => x.kind === 'deposit' && x.externalId === undefined && owners.has(x.customerId)));
    }
    // i7-switches-external-id-echo-lowercased: the external id echoed in lower case.
    // i31-fd-switches-external-lists-bill-pay: the external id's list also carries the bill pay switches of the customers it found.
    if (faults.has('i31-fd-switches-external-lists-bill-pay')) {
      const owners = new Set(found.map((x) => x.customerId));
      found.push(...pool.filter((x) => x.kind === 'billPay' && owners.has(x.customerId)));
    }
    const echoed = faults.has('i7-switches-external-id-echo-lowercased') ? externalId.toLowerCase() : externalId;
    // rt-switches-external-created-date-of-update: the external list dates each switch by its last update.
    const listed = found.slice(0, 10).map(summary);
    if (faults.has('rt-switches-external-created-date-of-update'))
      for (const [i, x] of listed.entries()) x.createdDate = found[i].updatedDate;
    // i15-switches-external-failure-reason-dropped: the external-id reader leaves a failed switch's failureReason out.
    if (faults.has('i15-switches-external-failure-reason-dropped'))
      return { externalId: echoed, switches: listed.map(({ failureReason: _dropped, ...s }) => s) };
    return { externalId: echoed, switches: listed };
  });
}
