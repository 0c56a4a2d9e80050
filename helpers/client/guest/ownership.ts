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

export interface Ownership<S extends ServiceName = ServiceName> {
  /** What kind of object the operation creates (the report groups by it). */
  kind: string;
  /** How to delete it; absent when the API has no operation for it. */
  undo?: Undo<S>;
  /** A testing customer: counted against the sandbox's quota of 100 per partner. */
  quota?: boolean;
}

const str = (v: unknown) => (v === undefined || v === null || v === '' ? undefined : String(v));

/** Creating operations per service (operationIds of schemas/<service>/). */
export const OWNERSHIP: { [S in ServiceName]: Partial<Record<OperationId<S>, Ownership<S>>> } = {
  'financial-data': {
    // seed 002, Customers: DeleteCustomer removes the customer (its place in the testing quota too).
    AddTestingCustomer: {
      kind: 'testing customer',
      quota: true,
      undo: { operationId: 'DeleteCustomer', path: (_s, a) => (str(a?.id) ? { customerId: str(a.id)! } : undefined) },
    },
    AddCustomer: {
      kind: 'customer',
      undo: { operationId: 'DeleteCustomer', path: (_s, a) => (str(a?.id) ? { customerId: str(a.id)! } : undefined) },
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
