// Covers: the error-status property (error-status.ts), judged by the client on every error answer: the
// Error shape's status names the answer's (provider 1.35.0 ErrorMessage), a tabled code keeps its status.
import { expect, FD_CONTRACT, rules, test } from '../../fixtures/financial-data.js';
import { codeStatusesOf, errorStatusOf, statusMemberOf } from '../../helpers/client/every-answer/error-status.js';
import { serviceProfile } from '../../helpers/contract/services.js';

const SCHEMAS = serviceProfile('financial-data').errorSchemas;

test(
  'a financial data error body’s status names its answer’s status, its code never read as one, and getCustomerAuthorizationDetails’ 404 codes are no other status’s',
  rules('FD-PROP-ERROR-STATUS'),
  () => {
    const member = statusMemberOf(FD_CONTRACT, 'Error');
    expect(member?.member, 'the member stating the status').toBe('status');
    expect(Object.keys(member?.notStatus ?? {}), 'the provider’s code is not the status').toEqual(['code']);
    const op = FD_CONTRACT.operation('getCustomerAuthorizationDetails');
    expect(codeStatusesOf(FD_CONTRACT, op.operationId).map((t) => [t.member, [...t.statuses.get('3003')!]])).toEqual([['code', [404]]]);
    const judge = (status: number, body: unknown) => errorStatusOf(FD_CONTRACT, SCHEMAS, { operation: op, status, body });
    expect(judge(404, { code: 3003, status: '404', message: 'Resource Not Found' })).toEqual({ judged: true, problems: [] });
    expect(judge(400, { code: 3005, status: '404', message: 'Bad Request' }).problems).toEqual([
      'its Error status "404" states HTTP 404, the answer is HTTP 400',
    ]);
    // The status member carrying the provider's code (digits that are no status) disagrees on every refusal path.
    expect(judge(404, { code: 3003, status: '3003', message: 'Resource Not Found' }).problems).toEqual([
      expect.stringMatching(/^its Error status "3003" is no HTTP status \(.*\), the answer is HTTP 404$/),
    ]);
    expect(judge(404, { code: 3005, status: 'Not Found' }).judged, 'a status in words is not judged').toBe(false);
    expect(judge(400, { code: '3003', message: 'Bad Request' }).problems).toEqual([
      'its code "3003" is the code the contract gives HTTP 404 (x-codes), the answer is HTTP 400',
    ]);
    const bare = judge(400, { code: 400, message: 'Bad Request' });
    expect(bare.judged, 'a body with no status member and a code of no table is left out').toBe(false);
    expect(bare.reason).toContain("code is the provider's error code");
  },
);

test(
  'a webhook subscription’s or a Connect component’s error ReasonCode is the code of its answer’s status',
  rules('FD-PROP-ERROR-STATUS', 'FD-WEBHOOK-ERROR-SHAPE', 'FD-COMPONENTS-ERROR-SHAPE'),
  () => {
    const webhook = FD_CONTRACT.operation('deleteWebhookSubscription');
    const errors = (code: string) => ({
      Errors: { Error: [{ Source: 'webhook subscriptions', ReasonCode: code, Description: 'Subscription not found', Recoverable: false }] },
    });
    // The schemas the client holds each body to: the service's, then the operation's own.
    const own = (op: typeof webhook) => (op === webhook ? 'WebhookErrors' : 'ComponentsErrors');
    const judge = (op: typeof webhook, status: number, body: unknown) =>
      errorStatusOf(FD_CONTRACT, [...SCHEMAS, own(op)], { operation: op, status, body });
    expect(judge(webhook, 404, errors('1501'))).toEqual({ judged: true, problems: [] });
    expect(judge(webhook, 404, errors('1502')).problems).toEqual([
      'its WebhookErrors Errors.Error.ReasonCode "1502" is the code the contract gives HTTP 400 (x-status-member), the answer is HTTP 404',
    ]);
    const components = FD_CONTRACT.operation('post-reconnections');
    expect(judge(components, 400, errors('10024')).problems).toEqual([
      'its ComponentsErrors Errors.Error.ReasonCode "10024" is the code the contract gives HTTP 401 (x-status-member), the answer is HTTP 400',
    ]);
    expect(judge(components, 404, errors('4041')).judged, 'a code the contract ties to no status').toBe(false);
  },
);
