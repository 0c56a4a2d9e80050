// The classes of a replayed request, in the order they are tried (the first that explains a
// request is its class), and the refusals the provider's document itself states (small data). The
// places where the seed and the provider disagree are the service's conflicts catalogue
// (schemas/<service>/conflicts.yaml, helpers/contract/conflicts.ts).

export type ReplayClassId =
  | 'expected'
  | 'seed-vs-provider conflict'
  | 'collection inconsistency'
  | 'data the mock lacks'
  | 'mock or contract defect';

interface ReplayClass {
  id: ReplayClassId;
  /** What it means, for the report's legend. */
  meaning: string;
  /** A request of this class makes the replay exit 1. */
  fails: boolean;
}

export const REPLAY_CLASSES: readonly ReplayClass[] = [
  {
    id: 'expected',
    meaning: "the status the collection's own tests expect (any 2xx where an item asserts none), and its tests pass",
    fails: false,
  },
  {
    id: 'seed-vs-provider conflict',
    meaning: "the mock follows the seed where the provider's document says otherwise: both sources named",
    fails: false,
  },
  {
    id: 'collection inconsistency',
    meaning:
      "the request or its expectation is wrong by the provider's own document (no auth header, an unresolved variable, a path or status the document does not have, a body its schema refuses, a refusal the document states)",
    fails: false,
  },
  {
    id: 'data the mock lacks',
    meaning: 'a provider id or name written into the collection (not a variable) that the mock does not know: a 404, or a 400 about it',
    fails: false,
  },
  {
    id: 'mock or contract defect',
    meaning:
      "the mock or the contract refuses what the provider's client sends correctly, or answers a status or a body its tests do not expect, with no explanation above",
    fails: true,
  },
];

interface DocumentedRefusal {
  operationIds: string[];
  status: number;
  /** The refusal as the mock words it (the document's own example). */
  evidence: RegExp;
  /** What the provider's document says, in our words. */
  document: string;
}

/**
 * Refusals the provider's document states, met by a collection that sends what the document refuses
 * or expects a success in a state where the document gives an error.
 */
export const DOCUMENTED_REFUSALS: readonly DocumentedRefusal[] = [
  {
    operationIds: [
      'GenerateFcraPaymentSuccessIndicators',
      'GeneratePaymentSuccessIndicators',
      'GetFCRAPaymentSuccessIndicator',
      'GetPaymentSuccessIndicator',
    ],
    status: 400,
    evidence: /settleByDate must not be in the past/,
    document: 'provider 1.35.0 refuses a settleByDate in the past (400 example 10006)',
  },
  {
    operationIds: ['GetLoanPaymentDetails'],
    status: 400,
    evidence: /Account type not supported/,
    document: 'provider 1.35.0: loan payment details are read for a loan-type account (400 example 14020, account type not supported)',
  },
  {
    operationIds: ['listWebhookSubscriptions'],
    status: 404,
    evidence: /No subscriptions on this page/,
    document: 'provider 1.35.0 Subscriptions: count and total are at least 1, so the list of a partner without subscriptions is its 404',
  },
  {
    // seed 002 lists 400 and 404 for SetCustomerAppID, 404 meaning a resource not found; the
    // provider's application id is an open string, so an id of no application is no malformed request.
    operationIds: ['SetCustomerAppID'],
    status: 404,
    evidence: /No registered partner applications found/,
    document:
      'provider 1.35.0: an application the partner does not have is a 404 (its example 50051, no registered partner applications found; ApplicationId is an open string, nothing malformed for a 400)',
  },
];
