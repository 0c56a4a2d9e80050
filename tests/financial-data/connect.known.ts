// Shared by the connect specs (tests/financial-data/connect.*.spec.ts): the nine generate operations
// as a table (rule path, which options each body takes, its required members per provider 1.35.0),
// a valid body of each for a customer, and a second customer with its own consumer. Not a spec.
import type { FdOperationId } from '../../fixtures/financial-data.js';
import { connectBodies } from '../../fixtures/examples/fd-samples/connect.js';
import type { FdTarget } from '../../helpers/target/financial-data.js';

/** A new customer of the partner with its own consumer. */
export { customerWithConsumer } from './reports-retrieval.known.js';

export interface Flow {
  op: FdOperationId;
  /** Path of the rule catalogue (schemas/financial-data/rules/connect.yaml). */
  path: string;
  /** Languages accepted besides none (seed 002; provider ConnectLanguage / the transfer flows' es). */
  languages?: string[];
  /** Languages refused with 400 (assumption FD-CONNECT-LANGUAGE). */
  refusedLanguages?: string[];
  /** The body names a consumer with the customer (FD-CONNECT-CONSUMER). */
  consumer?: boolean;
  /** Where the body may carry the consumer's SSN (FD-CONNECT-SSN-SECRET). */
  ssn?: 'top' | 'borrower';
  /** The borrowers array instead of customerId. */
  borrowers?: boolean;
  email?: boolean;
  /** provider 1.35.0 required lists. */
  required: string[];
}

/** The connect flows' languages (seed 002, provider ConnectLanguage): en, es and fr; de refused. */
const CONNECT = { languages: ['en', 'es', 'fr'], refusedLanguages: ['de'] };
/** The transfer flows' (provider 1.35.0: en and es only). */
const TRANSFER = { languages: ['en', 'es'], refusedLanguages: ['de', 'fr'] };
export const FLOWS: Flow[] = [
  { op: 'GenerateConnectUrl', path: 'c-full', ...CONNECT, consumer: true, ssn: 'top', required: ['partnerId', 'customerId'] },
  { op: 'GenerateLiteConnectUrl', path: 'c-lite', ...CONNECT, required: ['partnerId', 'customerId', 'institutionId'] },
  { op: 'GenerateFixConnectUrl', path: 'c-fix', ...CONNECT, required: ['partnerId', 'customerId', 'institutionLoginId'] },
  {
    op: 'SendConnectEmail',
    path: 'c-email',
    ...CONNECT,
    consumer: true,
    ssn: 'top',
    email: true,
    required: ['partnerId', 'customerId', 'consumerId', 'email'],
  },
  {
    op: 'GenerateJointBorrowerConnectUrl',
    path: 'c-joint',
    ...CONNECT,
    consumer: true,
    ssn: 'borrower',
    borrowers: true,
    required: ['partnerId', 'borrowers'],
  },
  {
    op: 'SendJointBorrowerConnectEmail',
    path: 'c-joint-email',
    ...CONNECT,
    consumer: true,
    borrowers: true,
    email: true,
    required: ['partnerId', 'borrowers', 'email', 'experience'],
  },
  { op: 'VerifyMicroEntryMicrodeposit', path: 'c-microentry', required: [] },
  {
    op: 'GenerateTransferBillPaySwitchUrl',
    path: 'c-bill-pay',
    ...TRANSFER,
    required: ['cards', 'customerId', 'identity', 'partnerId', 'singleUseUrl'],
  },
  { op: 'GenerateTransferDepositSwitchUrl', path: 'c-deposit', ...TRANSFER, required: ['partnerId', 'customerId', 'accounts'] },
];

export interface Who {
  customerId: string;
  consumerId: string;
}
/** A login of a customer: needed by the Fix Connect body. */
export interface Login {
  customerId: string;
  id: number | string;
}

/** The linked customer's first login, which Fix Connect opens for (none without a login). */
export const fixLogin = (linked: { customerId: string; logins: { id: number }[] } | undefined): Login | undefined =>
  linked?.logins[0] ? { customerId: linked.customerId, id: linked.logins[0].id } : undefined;

/**
 * A valid body of the flow for a customer (and its consumer). Fix Connect opens for the login's
 * customer: without a login it names a login id of none (the sample's), a 404.
 */
export function bodyOf(flow: Flow, fd: FdTarget, who: Who, login?: Login): Record<string, any> {
  return structuredClone(connectBodies(fd, who, login)[flow.op]);
}

/** The customer the session is for, as the body names it (the primary borrower's for the joint flows). */
export const customerOf = (body: Record<string, any>): string =>
  body.borrowers ? (body.borrowers.find((b: { type: string }) => b.type === 'primary') ?? body.borrowers[0]).customerId : body.customerId;
