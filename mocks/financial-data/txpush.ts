// TxPush (seed 002, Endpoints - TxPush; Events - TxPush): subscriptions of an account's listener
// (two records per subscribe call, class account and class transaction), the test transaction of a
// testing account (one transaction event and one account event, balance changed), disabling an
// account (all its subscriptions deleted) and deleting one subscription. Reads accounts through
// findAccount (state.ts) and injects the test transaction into the shared transactions, so
// GetCustomerTransaction and GetCustomerAccount see it. Deliveries go through ctx.deliveries.
// Rules: schemas/financial-data/rules/txpush.yaml; delivery bodies: components/txpush.yaml
// (TxPushEvent, an assumption of the reference page, Outbound deliveries).
import { createHash, createHmac } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { route, sendError, type FdContext, type Input } from './middleware.js';
import {
  findAccount,
  findCustomer,
  linkedData,
  type Account,
  type Transaction,
  type TxPushClass as SubscriptionClass,
  type TxPushSubscription as Subscription,
  type TxPushSeams,
} from './state.js';
import { limitListOf } from '../../helpers/contract/facts.js';

/** The header carrying a delivery's signature (an assumption: rules/txpush.yaml FD-TXPUSH-SIGNED). */
export const TXPUSH_SIGNATURE_HEADER = 'X-TxPush-Signature';

const cents = (n: number) => Math.round(n * 100) / 100;

export function registerTxpush(app: FastifyInstance, ctx: FdContext): void {
  const { state: world, faults, clock } = ctx;
  // seed 002, Events and Limits: the ports a listener URL may name (the contract's x-limits).
  const LISTENER_PORTS = limitListOf(ctx.contract, 'listenerPorts');
  const seams = faults.seams<TxPushSeams>();
  const state = () => world.txpush;
  const { disabledSubscriptions, deletedSubscriptions } = world.faultMemory;
  /** i10-txpush-deleted-subscription-still-delivered: subscriptions marked deleted but left in the delivery list. */
  const tombstoned = new Set<number>();
  /** i12-txpush-disabled-ids-still-deletable: the ids a disable removed while that fault is on. */
  const disabledIds = new Set<number>();
  /** i11-txpush-account-event-balance-not-cumulative: each account's balance when its first test transaction came. */
  const firstBalance = new Map<string, number>();
  /** Seeded fault txpush-test-balance-not-running: each account's balance before its first test transaction. */
  const storedFirst = new Map<string, number>();
  const customerType = (account: Account) => world.customers.get(account.customerId)?.type;

  /**
   * Why a listener URL is refused, or undefined (seed 002, Events and Limits): HTTPS for a real
   * account (an active customer's), the contract's listener ports only (written or implied by the scheme).
   */
  const urlProblem = (raw: string, account: Account): string | undefined => {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return 'callbackUrl is not a URL';
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'callbackUrl must be an http or https URL';
    const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
    const allowed = faults.has('txpush-any-port-accepted')
      ? true
      : faults.has('txpush-port-80-refused')
        ? port === 443
        : faults.has('txpush-explicit-port-refused')
          ? !/^[a-z]+:\/\/[^/]*:[0-9]+/i.test(raw)
          : LISTENER_PORTS.includes(port) || (faults.has('blind-txpush-port-8443-accepted') && port === 8443);
    const refused = seams.judge(
      { url, port },
      'listener-port',
      allowed ? undefined : `callbackUrl port ${port} is not allowed (${LISTENER_PORTS.join(' or ')} only)`,
    );
    if (refused) return refused;
    const real = customerType(account) === 'active' || faults.has('blind-txpush-https-required-for-testing');
    // i14-txpush-http-on-443-accepted-for-active: the HTTPS rule judged by the port, http on port 443 taken as secure.
    // seeded-txpush-http-written-port-80-accepted-for-active: the HTTPS rule skipped for a URL naming port 80.
    const httpTakenAsSecure =
      (faults.has('i14-txpush-http-on-443-accepted-for-active') && port === 443) ||
      (faults.has('seeded-txpush-http-written-port-80-accepted-for-active') && /^[a-z]+:\/\/[^/]*:80(\/|$)/i.test(raw));
    if (real && url.protocol !== 'https:' && !faults.has('txpush-http-accepted-for-active') && !httpTakenAsSecure)
      return 'callbackUrl must be HTTPS for a real account';
    if (real && faults.has('txpush-active-account-refused')) return 'callbackUrl refused for this account';
    return undefined;
  };

  const subscribe = async ({ path, body, partner }: Input, reply: FastifyReply) => {
    // i6-txpush-subscribe-other-customer-account: the account found among the partner's customers.
    const stray =
      faults.has('i6-txpush-subscribe-other-customer-account') && findCustomer(world, path.customerId, partner?.id)
        ? world.accounts.get(path.accountId)
        : undefined;
    const account =
      findAccount(world, path.customerId, path.accountId, partner?.id) ??
      (stray && findCustomer(world, stray.customerId, partner?.id) ? stray : undefined);
    if (!account) return sendError(ctx, reply, 404, 'Customer or account not found');
    const problem = urlProblem(String(body.callbackUrl), account);
    // i26-txpush-refused-port-subscribed: a listener URL refused for its port is still recorded as a transaction-class subscription (saved before the URL check).
    if (problem && faults.has('i26-txpush-refused-port-subscribed') && problem.includes(' port ')) {
      const id = Number(world.nextId());
      const signingKey = createHash('sha256').update(`txpush-signing:${id}`).digest('base64url');
      state().subscriptions.set(id, {
        id,
        customerId: account.customerId,
        accountId: account.id,
        type: 'transaction',
        callbackUrl: String(body.callbackUrl),
        signingKey,
      });
    }
    if (problem)
      return sendError(ctx, reply, faults.has('blind-txpush-https-refusal-403') && problem.includes('HTTPS') ? 403 : 400, problem);
    const classes: SubscriptionClass[] = faults.has('txpush-one-record')
      ? ['account']
      : faults.has('txpush-records-same-class')
        ? ['account', 'account']
        : ['account', 'transaction'];
    const made = classes.map((type, i) => {
      const id = Number(world.nextId());
      const sent: string = faults.has('i9-txpush-callback-url-lowercased') ? String(body.callbackUrl).toLowerCase() : body.callbackUrl;
      // i9-txpush-callback-url-lowercased: the records keep the URL lower-cased.
      const callbackUrl = i === 1 && faults.has('txpush-record-url-trimmed') ? sent.replace(/\/[^/]*$/, '') : sent;
      // Deterministic per id (the mock holds no entropy of its own); the deliveries are signed with it.
      const signingKey = createHash('sha256').update(`txpush-signing:${id}`).digest('base64url');
      const sub: Subscription = { id, customerId: account.customerId, accountId: account.id, type, callbackUrl, signingKey };
      state().subscriptions.set(id, sub);
      return sub;
    });
    state().lastUrl = body.callbackUrl;
    // Seeded fault txpush-subscribe-sends-account-event: the subscription itself is announced to the listener, before any change.
    const accountRecord = made.find((s) => s.type === 'account');
    if (faults.has('txpush-subscribe-sends-account-event') && accountRecord)
      await deliver(accountRecord, {
        subscriptionId: accountRecord.id,
        class: 'account',
        accountId: Number(account.id),
        customerId: Number(account.customerId),
        event: 'account.subscribed',
      });
    return reply.code(201).send({
      subscriptions: made.map((s) => ({
        // i33-fd-txpush-transaction-record-answers-account-id: the transaction-class record answered with the account-class record's id.
        id:
          faults.has('i33-fd-txpush-transaction-record-answers-account-id') && s.type === 'transaction' && accountRecord
            ? accountRecord.id
            : s.id,
        accountId: Number(faults.has('blind-txpush-record-account-id-is-customer') ? s.customerId : s.accountId),
        type: s.type,
        // i10-txpush-record-callback-url-normalised: the record answers the URL as a URL parser rewrites it.
        // i24-txpush-transaction-record-url-query-dropped: the transaction record answers the URL without its query string.
        callbackUrl: faults.has('i10-txpush-record-callback-url-normalised')
          ? new URL(s.callbackUrl).href
          : faults.has('i24-txpush-transaction-record-url-query-dropped') && s.type === 'transaction'
            ? s.callbackUrl.split('?')[0]
            : s.callbackUrl,
        // i37-fd-txpush-subscribe-answer-one-signing-key: every record of the answer given the first record's signing key.
        signingKey: faults.has('i37-fd-txpush-subscribe-answer-one-signing-key') ? made[0].signingKey : s.signingKey,
      })),
    });
  };

  const disable = ({ path, partner }: Input, reply: FastifyReply) => {
    // i8-txpush-disable-other-customer-account: the account found among the partner's accounts.
    const stray =
      faults.has('i8-txpush-disable-other-customer-account') && findCustomer(world, path.customerId, partner?.id)
        ? world.accounts.get(path.accountId)
        : undefined;
    const account =
      findAccount(world, path.customerId, path.accountId, partner?.id) ??
      (stray && findCustomer(world, stray.customerId, partner?.id) ? stray : undefined);
    if (!account) return sendError(ctx, reply, 404, 'Customer or account not found');
    if (!faults.has('txpush-disable-noop')) {
      const ofAccount = [...state().subscriptions.group('account', account.id).values()];
      // Fault: only the records of the account's first subscribe call are deleted.
      const firstCall = [...ofAccount].sort((a, b) => a.id - b.id).slice(0, 2);
      for (const s of ofAccount) {
        if (faults.has('model-txpush-disable-first-call-only') && !firstCall.includes(s)) continue;
        if (s.type === 'transaction' && faults.has('txpush-disable-keeps-transaction-class')) continue;
        if (faults.has('blind-txpush-disable-soft-delete')) {
          disabledSubscriptions.add(s.id);
          continue;
        }
        state().subscriptions.delete(s.id);
        if (faults.has('i12-txpush-disabled-ids-still-deletable')) disabledIds.add(s.id);
      }
      // i28-fd-txpush-disable-other-accounts-too: disabling one account deletes the subscriptions of every account of its customer.
      if (faults.has('i28-fd-txpush-disable-other-accounts-too'))
        for (const s of [...state().subscriptions.values()]) if (s.customerId === account.customerId) state().subscriptions.delete(s.id);
    }
    return reply.code(204).send();
  };

  const deleteOne = ({ path, partner }: Input, reply: FastifyReply) => {
    const customer = findCustomer(world, path.customerId, partner?.id);
    if (!customer) return sendError(ctx, reply, 404, 'Customer not found');
    const kept = state().subscriptions.get(Number(path.subscriptionId));
    const sub = kept && tombstoned.has(kept.id) ? undefined : kept;
    const owned =
      sub &&
      (sub.customerId === customer.id ||
        faults.has('txpush-delete-other-customer') ||
        // i20-txpush-delete-account-class-other-customer: an account-class subscription deleted whoever's customer path names it.
        (faults.has('i20-txpush-delete-account-class-other-customer') && sub.type === 'account'));
    if (!sub || !owned) {
      // i36-fd-txpush-foreign-delete-removes: the subscription of another customer is removed before the ownership check refuses with 404.
      if (sub && !owned && faults.has('i36-fd-txpush-foreign-delete-removes')) state().subscriptions.delete(sub.id);
      if (faults.has('blind-txpush-delete-again-204') && deletedSubscriptions.get(Number(path.subscriptionId)) === customer.id)
        return reply.code(204).send();
      if (faults.has('txpush-delete-unknown-204')) return reply.code(204).send();
      if (faults.has('i12-txpush-disabled-ids-still-deletable') && disabledIds.has(Number(path.subscriptionId)))
        return reply.code(204).send();
      return sendError(ctx, reply, 404, 'Subscription not found');
    }
    // i27-txpush-delete-transaction-class-drops-account-class: deleting a transaction-class subscription deletes the account-class one of its account too.
    if (faults.has('i27-txpush-delete-transaction-class-drops-account-class') && sub.type === 'transaction')
      for (const s of [...state().subscriptions.group('account', sub.accountId).values()])
        if (s.type === 'account') state().subscriptions.delete(s.id);
    if (faults.has('txpush-delete-one-deletes-account')) {
      for (const s of [...state().subscriptions.group('account', sub.accountId).values()]) state().subscriptions.delete(s.id);
    } else if (faults.has('i11-txpush-delete-account-class-silences-all') && sub.type === 'account') {
      for (const s of [...state().subscriptions.group('account', sub.accountId).values()]) disabledSubscriptions.add(s.id);
      state().subscriptions.delete(sub.id);
      deletedSubscriptions.set(sub.id, customer.id);
    } else if (faults.has('i10-txpush-deleted-subscription-still-delivered')) {
      tombstoned.add(sub.id);
      deletedSubscriptions.set(sub.id, customer.id);
    } else if (!faults.has('txpush-delete-ignored')) {
      state().subscriptions.delete(sub.id);
      deletedSubscriptions.set(sub.id, customer.id);
    }
    // i38-fd-txpush-delete-one-answers-200: deleting one subscription answered 200 with the id removed, not 204.
    if (faults.has('i38-fd-txpush-delete-one-answers-200')) return reply.code(200).send({ id: sub.id });
    return reply.code(204).send();
  };

  /** One delivery, signed with the subscription's key (the fault signs with another key). */
  const deliver = async (sub: Subscription, body: Record<string, unknown>, signingKey = sub.signingKey) => {
    // Independent fault: the signature covers the payload with every object's keys sorted, not the bytes sent.
    const text = faults.has('i2-txpush-signature-over-sorted-keys')
      ? JSON.stringify(body, (_key, v) =>
          v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1))) : v,
        )
      : // i19-txpush-non-ascii-signed-over-escaped-body: non-ASCII characters signed as \u escapes, not as the UTF-8 sent.
        faults.has('i19-txpush-non-ascii-signed-over-escaped-body')
        ? JSON.stringify(body).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
        : JSON.stringify(body);
    // i18-txpush-transaction-event-signed-with-account-key: the transaction event signed with the account-class subscription's key.
    const chosen =
      faults.has('i18-txpush-transaction-event-signed-with-account-key') && sub.type === 'transaction'
        ? ([...state().subscriptions.group('account', sub.accountId).values()].find((x) => x.type === 'account')?.signingKey ?? signingKey)
        : signingKey;
    const key = faults.has('txpush-signature-wrong-key') ? `${chosen}x` : chosen;
    // i6-txpush-signature-over-timestamped-body: the time of sending, a dot and the body are signed.
    // i10-txpush-account-event-signed-over-indented-json: the account event signed over an indented rendering of its body.
    const base =
      faults.has('i10-txpush-account-event-signed-over-indented-json') && body.class === 'account' ? JSON.stringify(body, null, 2) : text;
    const signed = faults.has('i6-txpush-signature-over-timestamped-body') ? `${clock.nowEpochSeconds()}.${base}` : base;
    const signature = createHmac('sha256', key)
      .update(signed)
      .digest(faults.has('blind-txpush-signature-base64') ? 'base64' : 'hex');
    const signatureSent = faults.has('i11-txpush-signature-hex-uppercased') ? signature.toUpperCase() : signature;
    // Model fault: the listener URL is kept per account, the one of its latest subscribe call.
    const latest = faults.has('model-txpush-events-to-latest-url')
      ? [...state().subscriptions.group('account', sub.accountId).values()].sort((a, b) => b.id - a.id)[0]
      : undefined;
    // i5-txpush-delivery-to-first-subscribe-url: the listener URL of the account's first subscribe call.
    const first = faults.has('i5-txpush-delivery-to-first-subscribe-url')
      ? [...state().subscriptions.group('account', sub.accountId).values()].sort((a, b) => a.id - b.id)[0]
      : undefined;
    // Seeded fault: the URL of the customer's latest subscription, whichever account it was made for.
    const customerLatest = faults.has('txpush-customer-latest-url')
      ? [...state().subscriptions.values()].filter((s) => s.customerId === sub.customerId).sort((a, b) => b.id - a.id)[0]
      : undefined;
    const listener = customerLatest?.callbackUrl ?? latest?.callbackUrl ?? first?.callbackUrl ?? sub.callbackUrl;
    // i34-fd-txpush-url-trailing-slash: the listener called with a slash added to its path (its query kept).
    const url = faults.has('i34-fd-txpush-url-trailing-slash') ? listener.replace(/^([^?#]*?)\/?(?=[?#]|$)/, '$1/') : listener;
    await ctx.deliveries.send(
      // Seeded fault: the listener is called without the query string of its callback URL.
      faults.has('txpush-callback-query-dropped')
        ? url.split('?')[0]
        : // i30-fd-txpush-transaction-event-path-lowercased: the transaction deliveries call the listener's path lower-cased.
          faults.has('i30-fd-txpush-transaction-event-path-lowercased') && sub.type === 'transaction' && URL.canParse(url)
          ? (() => {
              const u = new URL(url);
              return `${u.origin}${u.pathname.toLowerCase()}${u.search}`;
            })()
          : // i13-txpush-callback-url-reserialised: the listener URL written again by a URL parser (:443 dropped).
            faults.has('i13-txpush-callback-url-reserialised')
            ? new URL(url).toString()
            : url,
      'POST',
      {
        // i15-txpush-account-event-text-plain: the account deliveries declare their JSON body as text/plain.
        'content-type': faults.has('i15-txpush-account-event-text-plain') && sub.type === 'account' ? 'text/plain' : 'application/json',
        [TXPUSH_SIGNATURE_HEADER]: signatureSent,
        // i8-txpush-account-number-in-header: the account deliveries name the account by its number.
        ...(faults.has('i8-txpush-account-number-in-header') && sub.type === 'account'
          ? { 'X-Account-Reference': world.accounts.get(sub.accountId)?.number ?? '' }
          : {}),
      },
      body,
      clock.now(),
    );
  };

  const eventOf = (sub: Subscription, t: Transaction, account: Account, oldBalance: number) => {
    const head = {
      subscriptionId: faults.has('txpush-event-subscription-id-missing') ? undefined : sub.id,
      class: sub.type,
      // i28-fd-txpush-transaction-event-first-account: the transaction event names the customer's first account, not the one posted to.
      accountId:
        faults.has('i28-fd-txpush-transaction-event-first-account') && sub.type === 'transaction'
          ? Number(linkedData(world, account.customerId).accounts[0]?.id ?? account.id)
          : Number(account.id),
      customerId: Number(account.customerId),
    };
    if (sub.type === 'transaction') {
      const exact = faults.has('txpush-event-amount-unsigned') ? Math.abs(t.amount) : t.amount;
      const whole = faults.has('i2-txpush-transaction-amount-whole-dollars') ? Math.round(exact) : exact;
      // i15-txpush-transaction-amount-string: the transaction event writes the amount as a decimal string.
      const amount = faults.has('i15-txpush-transaction-amount-string') && typeof whole === 'number' ? whole.toFixed(2) : whole;
      return {
        ...head,
        event: 'transaction.created',
        // i29-fd-txpush-transaction-event-account-class: the transaction event labelled with class account.
        ...(faults.has('i29-fd-txpush-transaction-event-account-class') ? { class: 'account' } : {}),
        transaction: {
          id: t.id,
          amount,
          // i4-txpush-event-description-trimmed: the delivery trims and collapses the description.
          description:
            faults.has('i4-txpush-event-description-trimmed') && typeof t.description === 'string'
              ? t.description.trim().replace(/\s+/g, ' ')
              : t.description,
          // txpush-pending-event-status-active: a pending test transaction is announced as active.
          status: faults.has('txpush-pending-event-status-active') && t.status === 'pending' ? 'active' : t.status,
          // i3-txpush-transaction-date-ms: the event alone gives the transaction date in milliseconds.
          transactionDate:
            faults.has('i3-txpush-transaction-date-ms') && t.transactionDate !== undefined ? t.transactionDate * 1000 : t.transactionDate,
          postedDate: t.postedDate,
          createdDate: t.createdDate,
        },
      };
    }
    const computed = faults.has('txpush-account-event-old-balance')
      ? oldBalance
      : // i5-txpush-account-event-balance-sign-flipped: the event applies the amount with its sign flipped.
        faults.has('i5-txpush-account-event-balance-sign-flipped')
        ? cents(oldBalance - t.amount)
        : faults.has('blind-txpush-account-event-available-balance')
          ? account.availableBalance
          : faults.has('i11-txpush-account-event-balance-not-cumulative')
            ? cents((firstBalance.get(account.id) ?? oldBalance) + t.amount)
            : account.balance;
    // i18-txpush-credit-account-event-balance-truncated: after a credit the balance truncated to whole dollars.
    const balance = faults.has('i18-txpush-credit-account-event-balance-truncated') && t.amount > 0 ? Math.trunc(computed) : computed;
    return {
      ...head,
      event: 'account.modified',
      // Seeded fault: the account event also names the account by its number, in a member no schema declares.
      account: {
        id: Number(account.id),
        balance,
        ...(faults.has('txpush-account-event-number-clear') ? { ref: `acct ${account.number}` } : {}),
      },
      // i7-txpush-account-event-change-old-is-new: the old value read after the balance moved.
      changes: [{ field: 'balance', old: faults.has('i7-txpush-account-event-change-old-is-new') ? balance : oldBalance, new: balance }],
    };
  };

  const testTransaction = async ({ path, body, partner }: Input, reply: FastifyReply) => {
    const account = findAccount(world, path.customerId, path.accountId, partner?.id);
    if (!account) return sendError(ctx, reply, 404, 'Customer or account not found');
    // i32-fd-txpush-test-refused-still-stored: the refused test transaction of a real account is stored all the same.
    if (customerType(account) !== 'testing' && faults.has('i32-fd-txpush-test-refused-still-stored')) {
      const id = Number(world.nextId()) * 10 + 1;
      const postedS = clock.nowEpochSeconds();
      world.transactions.set(id, {
        id,
        accountId: account.id,
        customerId: account.customerId,
        amount: body.amount,
        description: body.description,
        status: body.status ?? 'active',
        transactionDate: body.transactionDate,
        postedDate: body.postedDate ?? postedS,
        createdDate: postedS,
        historic: false,
      });
    }
    // seed 002, Events: testing accounts only (the 400 is this contract's reading).
    if (customerType(account) !== 'testing' && !faults.has('txpush-test-on-active-accepted'))
      return sendError(
        ctx,
        reply,
        faults.has('blind-txpush-test-on-active-404') ? 404 : 400,
        'The test transaction is only supported for testing accounts',
      );
    const nowS = clock.nowEpochSeconds();
    const t: Transaction = {
      id: Number(world.nextId()) * 10 + 1,
      accountId: account.id,
      customerId: account.customerId,
      amount: body.amount,
      description: body.description,
      status: body.status ?? 'active',
      transactionDate: faults.has('blind-txpush-test-transaction-date-now') ? nowS : body.transactionDate,
      // i30-fd-txpush-test-posted-date-milliseconds: a test transaction without postedDate dated in epoch milliseconds.
      postedDate: body.postedDate ?? (faults.has('i30-fd-txpush-test-posted-date-milliseconds') ? nowS * 1000 : nowS),
      // seeded-txpush-test-transaction-created-date-from-body: the createdDate a body sends is kept.
      createdDate:
        faults.has('seeded-txpush-test-transaction-created-date-from-body') && typeof body.createdDate === 'number'
          ? body.createdDate
          : nowS,
      historic: false,
    };
    // i4-txpush-test-transaction-date-day-start: the stored copy cut to midnight UTC (the delivery keeps t).
    const stored =
      faults.has('i4-txpush-test-transaction-date-day-start') && t.transactionDate !== undefined
        ? { ...t, transactionDate: Math.floor(t.transactionDate / 86400) * 86400 }
        : // i12-txpush-test-amount-stored-whole: the stored copy keeps whole dollars.
          faults.has('i12-txpush-test-amount-stored-whole') && typeof t.amount === 'number'
          ? { ...t, amount: Math.round(t.amount) }
          : t;
    if (!faults.has('txpush-test-transaction-not-stored')) world.transactions.set(t.id, stored);
    const oldBalance = account.balance;
    if (faults.has('i11-txpush-account-event-balance-not-cumulative') && !firstBalance.has(account.id))
      firstBalance.set(account.id, oldBalance);
    // Seeded fault txpush-test-balance-not-running: the stored balance is the one before the account's first test transaction plus this amount.
    if (faults.has('txpush-test-balance-not-running') && !storedFirst.has(account.id)) storedFirst.set(account.id, account.balance);
    // i17-txpush-pending-test-balance-unchanged: a pending test transaction leaves the balances as they were.
    // seeded-txpush-pending-debit-balance-credited: a pending debit raises the balances by its size.
    const moved =
      faults.has('i17-txpush-pending-test-balance-unchanged') && t.status === 'pending'
        ? 0
        : faults.has('seeded-txpush-pending-debit-balance-credited') && t.status === 'pending' && t.amount < 0
          ? -t.amount
          : // i32-fd-txpush-debit-balance-added: a posted debit's amount added to the balance unsigned.
            faults.has('i32-fd-txpush-debit-balance-added') && t.status !== 'pending' && t.amount < 0
            ? -t.amount
            : t.amount;
    account.balance = cents((faults.has('txpush-test-balance-not-running') ? storedFirst.get(account.id)! : account.balance) + moved);
    account.availableBalance = cents(account.availableBalance + moved);
    account.balanceDate = nowS;
    const listening = faults.has('blind-txpush-subscriptions-by-customer')
      ? state().subscriptions.group('customer', account.customerId)
      : state().subscriptions.group('account', account.id);
    let subs = [...listening.values()].filter((s) => !disabledSubscriptions.has(s.id));
    if (faults.has('blind-txpush-account-event-needs-transaction-subscription') && !subs.some((s) => s.type === 'transaction')) subs = [];
    if (faults.has('txpush-test-no-account-event')) subs = subs.filter((s) => s.type !== 'account');
    // i31-fd-txpush-later-subscription-not-delivered: of an account subscribed twice, only the first record of each class is delivered to.
    if (faults.has('i31-fd-txpush-later-subscription-not-delivered'))
      subs = subs.filter((s) => !subs.some((o) => o.type === s.type && o.id < s.id));
    // i8-txpush-pending-no-account-event: a pending transaction sends no account event.
    if (faults.has('i8-txpush-pending-no-account-event') && t.status === 'pending') subs = subs.filter((s) => s.type !== 'account');
    if (subs.length === 0 && faults.has('txpush-delivers-without-subscription') && state().lastUrl) {
      subs = [
        {
          id: 0,
          customerId: account.customerId,
          accountId: account.id,
          type: 'transaction',
          callbackUrl: state().lastUrl!,
          signingKey: 'none',
        },
      ];
    }
    // Transaction events first, then the account event (the balance changed).
    subs.sort((a, b) => (a.type === b.type ? a.id - b.id : a.type === 'transaction' ? -1 : 1));
    for (const sub of subs) {
      // i36-fd-txpush-credit-test-no-account-event: a credit test transaction sends no account event (only debits seen as a balance change).
      if (sub.type === 'account' && faults.has('i36-fd-txpush-credit-test-no-account-event') && Number(t.amount) > 0) continue;
      const event = faults.has('blind-txpush-events-name-first-subscription')
        ? { ...eventOf(sub, t, account, oldBalance), subscriptionId: subs[0].id }
        : eventOf(sub, t, account, oldBalance);
      // i3-txpush-account-event-signed-with-transaction-key: one key per account, the transaction subscription's.
      const signer = faults.has('i3-txpush-account-event-signed-with-transaction-key')
        ? (subs.find((s) => s.type === 'transaction') ?? sub)
        : sub;
      await deliver(sub, event, signer.signingKey);
      if (sub.type === 'transaction' && faults.has('txpush-transaction-event-twice')) await deliver(sub, event);
      // i13-txpush-debit-account-event-twice: a debit's account event delivered a second time.
      if (sub.type === 'account' && faults.has('i13-txpush-debit-account-event-twice') && Number(t.amount) < 0)
        await deliver(sub, event, signer.signingKey);
    }
    // i35-fd-txpush-test-answer-id-next-in-sequence: the answer names the id the store hands out next, not the transaction's own.
    if (faults.has('i35-fd-txpush-test-answer-id-next-in-sequence'))
      return reply.code(201).send({ id: t.id + 10, createdDate: t.createdDate });
    return reply.code(201).send({
      id: faults.has('blind-txpush-test-answer-sequence-id') ? (t.id - 1) / 10 : t.id,
      createdDate: faults.has('txpush-test-created-date-ms') ? nowS * 1000 : t.createdDate,
    });
  };

  route(app, ctx, 'SubscribeToTxPushNotifications', subscribe);
  route(app, ctx, 'DisableTxPushNotifications', disable);
  route(app, ctx, 'CreateTxPushTestTransaction', testTransaction);
  route(app, ctx, 'DeleteTxPushSubscription', deleteOne);
}
