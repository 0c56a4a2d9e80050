// The security-property checkers' coverage of each contract, computed without a target: the
// operations that take an object id (helpers/contract/object-ids.ts), which of them each checker
// probes, and the written reason for each it leaves out. The financial data probes are built from
// the same samples and the same live resources as the specs (tests/financial-data/security.known.ts),
// with stand-in ids; tests/self/security-coverage.spec.ts holds the result to the catalogue.
import type { Contract } from '../../helpers/contract/contract.js';
import { objectIdOperations, queryIdsOf, type ObjectIdOperation } from '../../helpers/contract/object-ids.js';
import { afterDeleteProbes, deletes } from '../../helpers/client/security/after-delete.js';
import { otherParentProbes } from '../../helpers/client/security/other-parent.js';
import { otherPartnerProbes, type LeftOut } from '../../helpers/client/security/other-partner.js';
import { foreignIdProbes, queryFilterProbes } from '../../helpers/client/security/foreign-id.js';
import { ownAnswerPairs, readOnlyPairs } from '../../helpers/client/security/read-only.js';
import type { CallOptions } from '../../helpers/client/client.js';
import type { FdTarget } from '../../helpers/target/financial-data.js';
import { sampleCall, type FdEntities } from '../../fixtures/examples/financial-data.js';
import type { FdOperationId } from '../../helpers/contract/operations.js';
import {
  DELETED_BY,
  NOT_DELETES,
  FD_BODY_IDS_UNRESOLVED,
  FD_EXEMPT,
  FD_FOREIGN_ID_EXEMPT,
  FD_LIVE_RESOURCES,
} from '../financial-data/security.known.js';
import { targetAt } from '../../helpers/target/mock-control.js';

export interface CheckerCoverage {
  checker: string;
  operations: string[];
  leftOut: LeftOut[];
}

const TYPES = ['checking', 'savings', 'moneyMarket', 'investment', 'loan', 'mortgage', 'creditCard', 'cd'];
const target = {
  ...targetAt('http://stand-in'),
  has: () => true,
  appKey: 'stand-in',
  partner: { partnerId: '1', partnerSecret: 'stand-in' },
  sparePartner: { partnerId: '2', partnerSecret: 'stand-in' },
  now: () => Date.UTC(2026, 0, 15),
  institutions: { branded: '101', unbranded: '102', routingNumber: '021000021', location: { idType: 'EIN', idValue: '1' } },
} as FdTarget;
const entities: FdEntities = {
  customerId: '1001',
  consumerId: 'c0ffee',
  businessId: '2001',
  payStatementAssetId: 'asset-1',
  linked: {
    customerId: '1001',
    logins: [
      { id: 11, institutionId: '101', legacy: false },
      { id: 12, institutionId: '101', legacy: true },
    ],
    accounts: TYPES.map((type, i) => ({
      id: String(3001 + i),
      institutionLoginId: 11,
      institutionId: '101',
      type,
      status: 'active',
      mfa: false,
      createdDate: 0,
      numberLast4: '0000',
    })),
  },
};

/** The financial data sample of an operation, as the specs send it. */
export const fdSample = (o: ObjectIdOperation): CallOptions =>
  sampleCall(o.operation.operationId as FdOperationId, target, entities) as CallOptions;

/** Every live resource of the specs' world with a stand-in id, and the other parents. */
const objects = Object.fromEntries(FD_LIVE_RESOURCES.map((r) => [r, `${r}-1`]));
/** The spare partner's own objects (tests/financial-data/security.known.ts, spareObjects), stand-ins. */
const spareOwn = { customer: 'customer-9', consumer: 'consumer-9', configuration: 'configuration-9', partner: '2' };
const otherParents = { customer: 'customer-2', account: 'account-2', webhookSubscription: 'webhookSubscription-2' };

/** The rule of the catalogue each security checker's operations are listed in. */
export const SECURITY_RULE_OF: Record<string, string> = {
  'other-partner': 'FD-OBJ-OTHER-PARTNER',
  'other-parent': 'FD-OBJ-OTHER-PARENT',
  'after-delete': 'FD-OBJ-AFTER-DELETE',
  'read-only': 'FD-OBJ-READ-ONLY',
  'sensitive-values': 'FD-OBJ-SENSITIVE',
  'foreign-id': 'FD-OBJ-FOREIGN-ID',
};

/** Each checker of financial data over the contract: what it probes, what it leaves out and why. */
export function fdCoverage(contract: Contract): CheckerCoverage[] {
  const ops = objectIdOperations(contract);
  const ids = (list: { operation: { operationId: string } }[]) => [...new Set(list.map((p) => p.operation.operationId))];
  const partner = otherPartnerProbes(ops, fdSample, objects, '2', FD_EXEMPT);
  const parent = otherParentProbes(ops, fdSample, objects, otherParents);
  const afterDelete = deletes(ops, NOT_DELETES).flatMap((d) => {
    const resource = DELETED_BY[d.operation.operationId] ?? d.ids.filter((id) => id.in === 'path').pop()!.resource;
    return afterDeleteProbes(ops, fdSample, objects, { resource, id: objects[resource] }).probes;
  });
  const foreign = foreignIdProbes(ops, fdSample, spareOwn, objects, FD_FOREIGN_ID_EXEMPT, FD_BODY_IDS_UNRESOLVED);
  const filtered = [...contract.operations.values()]
    .map((operation) => ({ operation, ids: queryIdsOf(operation) }))
    .filter((o) => o.ids.length);
  const filters = queryFilterProbes(filtered, fdSample, objects);
  // The writers paired with a reader, then every other writer judged by its own answer.
  const readOnly = [...readOnlyPairs(contract), ...ownAnswerPairs(contract)];
  return [
    { checker: 'other-partner', operations: ids(partner.probes), leftOut: partner.leftOut },
    {
      checker: 'other-parent',
      operations: ids(parent.probes),
      leftOut: parent.leftOut.filter((l) => !l.reason.startsWith('names no child')),
    },
    { checker: 'after-delete', operations: ids(afterDelete), leftOut: [] },
    { checker: 'read-only', operations: [...new Set(readOnly.map((p) => p.writer.operationId))], leftOut: [] },
    { checker: 'foreign-id', operations: ids([...foreign.probes, ...filters.probes]), leftOut: [...foreign.leftOut, ...filters.leftOut] },
    { checker: 'sensitive-values', operations: [...contract.operations.keys()], leftOut: [] },
  ];
}
