// Covers: every financial data operation documenting a refusal: each typed member its sample sends, in
// another form of the same value the contract refuses (type-forms.ts), is refused with a documented 4xx
// (FD-TYPE-FORMS).
import { expect, mockOnly, notePartial, type OperationClient, rules, sample, test } from '../../fixtures/financial-data.js';
import { objectIdsOf } from '../../helpers/contract/object-ids.js';
import type { LiveOf } from '../../helpers/client/invariants/optional-ids.js';
import { kindOfKey } from '../../helpers/secrets/sensitive.js';
import { schemaAt } from '../../helpers/client/invariants/kit.js';
import { checkOptionalIdsOf, checkTypeFormsOf, checkValidFormsOf } from '../shared/type-forms.js';
import { FD_CONTRACT } from './security.known.js';
import { withLiveSubscription } from './live-subscription.known.js';

test(
  'every typed parameter and body member takes only its type’s own form: another form of the same value is refused @mock-only',
  mockOnly(
    rules('FD-TYPE-FORMS'),
    "sends another form of every typed member to every operation, writers included (the prepared linked customer's refreshes, deletions and secret changes among them): a target that wrongly takes one writes state every worker of a sandbox reads, which the mock keeps per worker",
  ),
  async ({ fdApi, fd, fdEntities, appKeyOnly, fdMock }) => {
    // Mock-only: accepted forms are writes on every operation, which on a sandbox other workers would read.
    void fdMock;
    const callOf = await withLiveSubscription(fdApi, fd, fdEntities, appKeyOnly);
    const violations = await checkTypeFormsOf(
      fdApi,
      'FD-TYPE-FORMS',
      FD_CONTRACT.operations.values(),
      async (op) => {
        const valid = callOf(op);
        return { sampled: valid, fresh: () => valid };
      },
      notePartial,
    );
    violations.expectNone();
  },
);

const APP_REGISTRATION_WRITERS = new Set(['RegisterApp', 'ModifyAppRegistration']);

const sensitive = (at: string) => kindOfKey(at.split('.').at(-1)!) !== undefined;

test(
  'every form the contract allows of each parameter and body member is accepted, on every operation that takes it @mock-only',
  mockOnly(
    rules('FD-VALID-FORMS', 'FD-VALID-ACCEPTED'),
    "sends every operation, writers included, each valid form of its members: every one is a write a sandbox's other workers would read, which the mock keeps per worker",
  ),
  async ({ fdApi, fd, fdEntities, appKeyOnly, fdMock }) => {
    void fdMock;
    const callOf = await withLiveSubscription(fdApi, fd, fdEntities, appKeyOnly);
    const violations = await checkValidFormsOf(fdApi, 'FD-VALID-FORMS', FD_CONTRACT.operations.values(), async (op) => {
      // Object ids and references (institutionId, accountIds) name what the target holds: sent as sampled.
      const ids = new Set(objectIdsOf(FD_CONTRACT, op).ids.map((id) => id.at));
      const keep = (at: string) =>
        ids.has(at.replace(/\.\d+(?=\.|$)/g, '')) || /[a-z]Ids?$|^id$/.test(at.split('.').at(-1)!) || sensitive(at);
      // An app registration keeps its other forms only: a length form's pending registration would move
      // the dates records.event-dates.spec.ts reads on its moved clock. A fresh sample per form (a new username).
      return { sampled: callOf(op), fresh: () => callOf(op), keep, lengths: !APP_REGISTRATION_WRITERS.has(op.operationId) };
    });
    violations.expectNone();
  },
);

test(
  'every optional member naming another object takes the caller’s own: the write is accepted and links that object @mock-only',
  mockOnly(
    rules('FD-OPTIONAL-IDS'),
    "sends every writer with an optional link each such member set to the caller's object (a customer made, a micro-deposit initiation, a transaction refresh of the prepared linked customer among them): writes a sandbox's other workers would read, which the mock keeps per worker",
  ),
  async ({ fdApi, fd, fdEntities, appKeyOnly, fdMock }) => {
    void fdMock;
    const callOf = await withLiveSubscription(fdApi, fd, fdEntities, appKeyOnly);
    const liveOf = await callersObjects(fdApi, fd, fdEntities);
    // Each initiation to an account number of its own: the sampled receiver again is a 409 (seed 002, Errors 409).
    let initiated = 0;
    const fresh = (op: Parameters<typeof callOf>[0]) => {
      const call = callOf(op) as ReturnType<typeof callOf> & { body?: { receiver?: { accountNumber: string } } };
      const receiver = op.operationId === 'InitiateMicroAmountDeposits' ? call.body?.receiver : undefined;
      return receiver
        ? { ...call, body: { ...call.body, receiver: { ...receiver, accountNumber: `${receiver.accountNumber}${++initiated}` } } }
        : call;
    };
    const violations = await checkOptionalIdsOf(fdApi, 'FD-OPTIONAL-IDS', (op) => () => fresh(op), liveOf);
    violations.expectNone();
  },
);

/** The caller's live object of each resource an optional member names (a restricted report kind: VOIE payroll, provider 1.35.0). */
async function callersObjects(fdApi: OperationClient, fd: Parameters<typeof sample>[1], e: Parameters<typeof sample>[2]): Promise<LiveOf> {
  const made = async (operationId: Parameters<typeof FD_CONTRACT.operation>[0], expected: number) => {
    const op = FD_CONTRACT.operation(operationId);
    const res = await fdApi.callOperation(op, sample(op, fd, e));
    expect(res.status, `${operationId} (the caller's live objects)`).toBe(expected);
    return res.body;
  };
  const app = await fdApi.call('GetCustomerWithAppData', { path: { customerId: e.customerId } });
  const checking = e.linked?.accounts.find((a) => a.type === 'checking' && a.status === 'active');
  const voa = await made('GenerateVOAReport', 202);
  const refresh = await made('RefreshVOIEPayrollReport', 202);
  const live: Record<string, string | undefined> = {
    customer: e.customerId,
    consumer: e.consumerId,
    account: e.linked?.customerId === e.customerId ? checking?.id : undefined,
    institutionLogin: e.linked?.customerId === e.customerId && checking ? String(checking.institutionLoginId) : undefined,
    partner: fd.partner.partnerId,
    application: app.status === 200 ? String(app.body.applicationId ?? '') || undefined : undefined,
    configuration: String((await made('post-configurations', 201)).id),
    report: String(voa.id),
  };
  const voiePayroll = refresh?.constraints?.payrollData?.reportId as string | undefined;
  return (id, op) => {
    const described = String(schemaAt(FD_CONTRACT, op.requestBody?.schema, id.at.split('.'))?.description ?? '');
    const value = id.resource === 'report' && /VOIE payroll/i.test(described) ? voiePayroll : live[id.resource];
    return value ? { value } : { leftOut: `no live ${id.resource} of the caller the harness makes or knows` };
  };
}
