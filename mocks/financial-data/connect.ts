// Connect, the hosted flows (seed 002, Endpoints - Connect (hosted flows); rules: schemas/financial-data/rules/connect.yaml): nine
// operations that generate a session link, and an application's experiences. The link is deterministic (virtual clock, request) and
// names the customer; a body's SSN is never put in it. Errors in the {code, message} body (reference, Error bodies).
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { answerThrough, judgeThrough, route, sendError, type FdContext, type Input } from './middleware.js';
import { findCustomer, findLogin } from './state.js';
import type { FdOperationId } from '../../helpers/contract/operations.js';
import {
  EXPERIENCES,
  TWO_HOURS_MS,
  type Answer,
  type ConnectSeams,
  type Exchange,
  type Refusal,
  type Step,
  type Who,
} from './connect.records.js';

const GUID = /^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$/;

interface Flow {
  operationId: FdOperationId;
  /** The session type the link carries (provider 1.35.0 example links: type=lite, transferBillPaySwitch...). */
  type: string;
  /** The customers (and consumers) the body names; the first is the one the link opens for. */
  who: (body: any) => Who[];
  email?: boolean;
}

const single = (b: any): Who[] => [{ customerId: b.customerId, consumerId: b.consumerId }];
const borrowers = (b: any): Who[] => {
  const list = (b.borrowers ?? []) as { customerId: string; consumerId: string; type: string }[];
  // The primary borrower first: the session opens for that customer.
  const primary = (x: { type: string }) => x.type === 'primary';
  return [...list.filter(primary), ...list.filter((x) => !primary(x))];
};

const FLOWS: Flow[] = [
  { operationId: 'GenerateConnectUrl', type: 'aggregation', who: single },
  { operationId: 'GenerateLiteConnectUrl', type: 'lite', who: single },
  { operationId: 'GenerateFixConnectUrl', type: 'fix', who: single },
  { operationId: 'SendConnectEmail', type: 'aggregation', who: single, email: true },
  { operationId: 'GenerateJointBorrowerConnectUrl', type: 'jointBorrower', who: borrowers },
  { operationId: 'SendJointBorrowerConnectEmail', type: 'jointBorrower', who: borrowers, email: true },
  {
    operationId: 'VerifyMicroEntryMicrodeposit',
    type: 'microEntryVerify',
    who: (b) => (b.customerId ? [{ customerId: b.customerId }] : []),
  },
  { operationId: 'GenerateTransferBillPaySwitchUrl', type: 'transferBillPaySwitch', who: single },
  { operationId: 'GenerateTransferDepositSwitchUrl', type: 'transferDepositSwitch', who: single },
];

export function registerConnect(app: FastifyInstance, ctx: FdContext): void {
  const { state: world, clock } = ctx;
  const seams = ctx.faults.seams<ConnectSeams>('connect');
  const exchange = (op: FdOperationId, input: Input): Exchange => ({ op, input, body: input.body ?? {}, world, nowMs: clock.nowMs() });
  const refused = (message: string, code?: string): Refusal => ({ status: 400, message, ...(code ? { code } : {}) });

  const judge: Record<Step, (x: Exchange) => Refusal | undefined> = {
    // FD-CONNECT-PARTNER (assumption): the partnerId of the body is the caller's.
    partner: (x) =>
      x.body.partnerId !== undefined && x.body.partnerId !== x.input.partner!.id
        ? refused('partnerId does not match the calling partner')
        : undefined,
    // FD-CONNECT-CUSTOMER (provider 1.35.0 example 10010): each borrower's customer, the caller's.
    customer: (x) =>
      findCustomer(world, x.borrower!.customerId, x.input.partner!.id)
        ? undefined
        : refused('Customer ID does not exist or does not belong to this partner'),
    // FD-CONNECT-CONSUMER (assumption): another customer's consumer is refused. An unknown consumerId passes: provider 1.35.0 states
    // no refusal for it, and the provider's published client sends its example consumer id with any customer, expecting 200.
    consumer: (x) => {
      const { consumerId, customerId } = x.borrower!;
      const owner = consumerId === undefined ? undefined : world.consumers.get(consumerId)?.customerId;
      return owner !== undefined && owner !== customerId ? refused('consumerId is not the consumer of that customer') : undefined;
    },
    // FD-CONNECT-EXPERIENCE: provider 1.35.0 leaves it an open string; its 400 example 10010 refuses one neither default nor a GUID.
    experience: (x) => {
      const experience = x.body.experience as string | undefined;
      return experience === undefined || experience === 'default' || GUID.test(experience)
        ? undefined
        : refused('"experience" must be a valid GUID');
    },
    known: (x) => {
      const experience = x.body.experience as string | undefined;
      if (experience === undefined || experience === 'default' || !GUID.test(experience)) return undefined;
      x.known = EXPERIENCES.some((e) => e.id.toLowerCase() === experience.toLowerCase());
      return x.known ? undefined : refused('"experience" must be a valid GUID of one of your experiences');
    },
    // provider 1.35.0 IsWebView: a web view needs the redirect URI it lands on (the 400's missing field, 10010).
    body: (x) =>
      x.body.isWebView === true && x.body.redirectUri === undefined
        ? refused('redirectUri is required when isWebView is true', '10010')
        : undefined,
    // FD-CONNECT-FIX-LOGIN (seed 002: 404): the login is one of that customer's.
    login: (x) =>
      x.op !== 'GenerateFixConnectUrl' || findLogin(world, x.body.customerId, String(x.body.institutionLoginId), x.input.partner!.id)
        ? undefined
        : { status: 404, message: 'Customer does not have any accounts associated with institutionLoginId.' },
    // FD-CONNECT-EXPERIENCES: by application name (required: the middleware checks only what is sent).
    appName: (x) => {
      x.named = (name) => name === x.input.query.appName;
      return x.input.query.appName === undefined ? refused('Missing parameter (appName)') : undefined;
    },
    apps: (x) => {
      x.mine = EXPERIENCES.filter((e) => x.input.query.appName === undefined || x.named!(e.appName));
      return x.mine.length ? undefined : { status: 404, message: 'The requested experience could not be found for the external app name.' };
    },
    // provider ProductCodeParam: the experiences with any of the codes asked.
    codes: (x) => {
      x.codes = x.input.query.productCode === undefined ? undefined : String(x.input.query.productCode).split(',');
      x.keeps = (e) => e.productCode.some((c) => x.codes!.includes(c));
      return undefined;
    },
  };
  const judged = judgeThrough(seams, judge);
  const answered = answerThrough<Exchange, Answer>(seams);
  const fail = (reply: FastifyReply, r: Refusal) => sendError(ctx, reply, r.status, r.message, r.code);
  /** Each borrower's customer and consumer, in order; the first refusal stands. */
  const whoRefused = (x: Exchange) => {
    for (const [index, borrower] of x.who!.entries()) {
      if (borrower.customerId === undefined) continue;
      Object.assign(x, { index, borrower });
      const r = judged(x, ['customer', 'consumer']);
      if (r) return r;
    }
    return undefined;
  };

  /** The link: HTTPS, the customer and partner, the virtual time, a signature over the rest (FD-CONNECT-URL). */
  const link = (x: Exchange) => {
    const customerId = x.who![0]?.customerId;
    const query = new URLSearchParams();
    if (customerId) query.set('customerId', customerId);
    query.set('origin', 'url');
    query.set('partnerId', x.input.partner!.id);
    query.set('timestamp', String(x.nowMs));
    query.set('ttl', String(x.nowMs + TWO_HOURS_MS));
    query.set('type', x.type!);
    if (x.body.language) query.set('language', x.body.language);
    if (x.body.experience) query.set('experience', x.body.experience);
    const session = seams.state(x, { scheme: 'https', query });
    session.query.set('signature', createHash('sha256').update(session.query.toString()).digest('hex'));
    // Stand-in mode: the link opens the stand-in's own Connect page (provider Test the APIs page: accounts only through Connect).
    const request = {
      partnerId: x.input.partner!.id,
      customerId: session.query.get('customerId') ?? customerId,
      type: x.type!,
      body: x.body,
    };
    if (ctx.standIn) return ctx.standIn.connectLink(session.scheme, session.query, request);
    return `${session.scheme}://connect.example.com/?${session.query.toString()}`;
  };

  for (const flow of FLOWS) {
    route(app, ctx, flow.operationId, (input, reply) => {
      const x: Exchange = { ...exchange(flow.operationId, input), type: flow.type, email: flow.email };
      x.who = flow.who(x.body);
      const r = judged(x, ['partner']) ?? whoRefused(x) ?? judged(x, ['experience', 'known', 'body', 'login']);
      if (r) return fail(reply, r);
      const url = link(x);
      // FD-CONNECT-EMAIL: the e-mail variants answer the e-mail as sent.
      return answered(x, reply, { status: 200, body: flow.email ? { link: url, emailConfig: { ...x.body.email } } : { link: url } });
    });
  }

  // provider 1.42.0: an experience copied for an indirect partner (200, a new id); an unknown id is refused as the flows refuse it (400).
  if (ctx.contract.operations.has('CreateConnectExperience'))
    route(app, ctx, 'CreateConnectExperience', (input, reply) => {
      const source = EXPERIENCES.find((e) => e.id.toLowerCase() === String(input.path.experience_id).toLowerCase());
      if (!source) return fail(reply, refused('"experience_id" must be the GUID of one of your experiences'));
      const h = createHash('sha1').update(`${source.id}:${input.body.indirectPartnerId}`).digest('hex');
      return { experienceId: `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}` };
    });

  route(app, ctx, 'GetAllExperience', (input, reply) => {
    const x = exchange('GetAllExperience', input);
    const r = judged(x, ['appName', 'apps', 'codes']);
    if (r) return fail(reply, r);
    return answered(x, reply, { status: 200, body: x.codes ? x.mine!.filter(x.keeps!) : x.mine });
  });
}
