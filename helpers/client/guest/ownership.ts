// What the suite creates on a target and how each is removed: a guest deletes what a check creates on a sandbox as it ends (provider
// Test the APIs page: a quota of testing customers per partner); what the API cannot delete is listed as left behind.

/** Stamp of every username the suite gives, so `npm run sandbox:cleanup` knows its leftovers when a ledger was lost. */
export const SUITE_STAMP = 'pcsuite';

import type { OperationId, ServiceName } from '../../contract/operations.js';

/** The delete call that undoes a creation, built from the creating request and its answer. */
export interface Undo<S extends ServiceName = ServiceName> {
  /** An operation of the same service (a misspelled id does not compile). */
  operationId: OperationId<S>;
  path: (sent: { path: Record<string, string | number>; body: any }, answer: any) => Record<string, string | number> | undefined;
  /** The delete call's body: may hold card data, so in memory only (after an interrupted run, the cleanup lists the object). */
  body?: (sent: { path: Record<string, string | number>; body: any }, answer: any) => unknown;
}

/**
 * How an object is found before its id is known (a run killed between sending its creation and recording the answer): the
 * value the suite chose that names it, written to the ledger before the request leaves, and the documented reader that lists
 * objects of its kind, paged, with the path of the delete (its Undo's operation) of an item it names.
 */
export interface Finder<S extends ServiceName = ServiceName> {
  /** The identifying values the request carries (a username); undefined: this request names nothing a reader finds. */
  name: (sent: { path: Record<string, string | number>; body: any }) => Record<string, string> | undefined;
  /** A reader of the same service listing the kind. */
  operationId: OperationId<S>;
  /** Its query for page `page` (counted from 0): the name as a filter where the reader takes one, the largest page. */
  query: (name: Record<string, string>, page: number) => Record<string, string | number>;
  /** The items of one page (an empty list or a 404: no more pages). */
  items: (answer: any) => any[];
  /** Whether an item is the one named. */
  matches: (item: any, name: Record<string, string>) => boolean;
  /** The path of the Undo's delete of that item. */
  path: (item: any) => Record<string, string | number> | undefined;
  /** More pages may follow this one. */
  more?: (answer: any, page: number) => boolean;
}

export interface Ownership<S extends ServiceName = ServiceName> {
  /** What kind of object the operation creates (the report groups by it). */
  kind: string;
  /** How to delete it; absent when the API has no operation for it. */
  undo?: Undo<S>;
  /** How to find it by the name the suite chose, when its answer never reached the ledger. */
  find?: Finder<S>;
  /** A testing customer: counted against the sandbox's quota of 100 per partner. */
  quota?: boolean;
}

const str = (v: unknown) => (v === undefined || v === null || v === '' ? undefined : String(v));

/**
 * A customer by the username the suite gave it: GetCustomers with `username` (seed 002, GetCustomers query), page by page (`start` from 1) at its largest
 * (`limit` at most 1000, reference), the username compared without case (unique per partner, seed 002 Errors - 409).
 */
const customerByUsername: Finder<'financial-data'> = {
  name: (s) => (str(s.body?.username) ? { username: str(s.body.username)! } : undefined),
  operationId: 'GetCustomers',
  query: (n, page) => ({ username: n.username, start: page + 1, limit: 1000 }),
  items: (a) => (Array.isArray(a?.customers) ? a.customers : []),
  matches: (item, n) => String(item?.username ?? '').toLowerCase() === n.username.toLowerCase(),
  path: (item) => (str(item?.id) ? { customerId: str(item.id)! } : undefined),
  more: (a) => a?.moreAvailable === true,
};

/** Creating operations per service (operationIds of schemas/<service>/). */
export const OWNERSHIP: { [S in ServiceName]: Partial<Record<OperationId<S>, Ownership<S>>> } = {
  'financial-data': {
    // seed 002, Customers: DeleteCustomer removes the customer (its place in the testing quota too).
    AddTestingCustomer: {
      kind: 'testing customer',
      quota: true,
      undo: { operationId: 'DeleteCustomer', path: (_s, a) => (str(a?.id) ? { customerId: str(a.id)! } : undefined) },
      find: customerByUsername,
    },
    AddCustomer: {
      kind: 'customer',
      undo: { operationId: 'DeleteCustomer', path: (_s, a) => (str(a?.id) ? { customerId: str(a.id)! } : undefined) },
      find: customerByUsername,
    },
    // seed 002, Webhook subscriptions: delete by subscription id.
    createWebhookSubscription: {
      kind: 'webhook subscription',
      undo: {
        operationId: 'deleteWebhookSubscription',
        path: (_s, a) => {
          const id = str(a?.subscriptionId ?? a?.id);
          return id ? { subscription_id: id } : undefined;
        },
      },
      // The URL the check chose (its listener's, under a prefix of the test's own id), on every page of the partner's list
      // (listWebhookSubscriptions: page index from 1, at most 100 a page, 404 past the last; provider 1.35.0).
      find: {
        name: (s) => (str(s.body?.url) ? { url: str(s.body.url)! } : undefined),
        operationId: 'listWebhookSubscriptions',
        query: (_n, page) => ({ offset: page + 1, limit: 100 }),
        items: (a) => (Array.isArray(a?.subscriptions) ? a.subscriptions : []),
        matches: (item, n) => item?.url === n.url,
        path: (item) => (str(item?.subscriptionId ?? item?.id) ? { subscription_id: str(item.subscriptionId ?? item.id)! } : undefined),
        more: (a, page) => Number(a?.total) > (page + 1) * Number(a?.limit || 100),
      },
    },
    // seed 002, TxPush: disabling an account's notifications deletes both of its subscriptions.
    SubscribeToTxPushNotifications: {
      kind: 'TxPush subscription',
      undo: { operationId: 'DisableTxPushNotifications', path: (s) => ({ customerId: s.path.customerId, accountId: s.path.accountId }) },
    },
    // seed 002, App registration and third-party access: a key is revoked by its consent receipt (provider 1.35.0: data[0].receipt.receiptId).
    GenerateThirdPartyAccessKey: {
      kind: 'third-party access key',
      undo: {
        operationId: 'RevokeThirdPartyAccessKey',
        path: (_s, a) => {
          const id = str(a?.data?.[0]?.receipt?.receiptId ?? a?.receiptId);
          return id ? { consentReceiptId: id } : undefined;
        },
      },
    },
    // seed 002, Connect components: a configuration is deleted by its id.
    'post-configurations': {
      kind: 'connect configuration',
      undo: {
        operationId: 'delete-configurations-configurationId',
        path: (_s, a) => (str(a?.id) ? { configuration_id: str(a.id)! } : undefined),
      },
    },
    // No delete operation in seed 002 for these: they stay in the sandbox.
    CreateConsumer: { kind: 'consumer' },
    AddBusinessDetails: { kind: 'business' },
    RegisterApp: { kind: 'app registration' },
    StoreCustomerPayStatement: { kind: 'pay statement' },
  },
  // seed 000: an enrolled card has no delete operation.
  'card-enrollment': { putCard: { kind: 'enrolled card' } },
  installments: {
    // seed 001, PAN lists: what registerPans registered, deregisterPans removes (same list, same PANs).
    registerPans: {
      kind: 'PAN registration',
      undo: {
        operationId: 'deregisterPans',
        path: () => ({}),
        body: (s, a) => {
          const panListId = a?.panList?.panListId ?? s.body?.panListId;
          if (!panListId || !(s.body?.sensitiveData || s.body?.encryptedValue)) return undefined;
          return {
            panListId,
            ...(s.body.sensitiveData ? { sensitiveData: s.body.sensitiveData } : { encryptedValue: s.body.encryptedValue }),
          };
        },
      },
    },
  },
};

export function ownershipOf(service: string, operationId: string): Ownership | undefined {
  // Looked up by the ids a run meets (the client's operation, a ledger line): strings.
  return (OWNERSHIP as Record<string, Record<string, Ownership> | undefined>)[service]?.[operationId];
}
