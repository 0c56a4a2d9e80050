// App registration (seed 002, Endpoints - App registration and third-party access; rules:
// schemas/financial-data/rules/app-registration.yaml): registrations (201, read through getApplications and the deprecated v2 status
// read), approval, institution registrations, assignment to a customer. Each world holds the suite's partner's approved test
// application 2998 (seed 002, Customers: testing customers use a registered test application).
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FdOperationId } from '../../helpers/contract/operations.js';
import { judgeThrough, route, sendError, stateThrough, type FdContext, type Input } from './middleware.js';
import { defaultLimit, page } from './paging.js';
import { findCustomer } from './state.js';
import {
  NO_APPLICATIONS,
  applicationView,
  approvedApp,
  coded,
  institutionView,
  institutionsOf,
  listMatch,
  newRegistration,
  registrationsOf,
  settle,
  statusMatch,
  statusOf,
  statusView,
  type AppSeams,
  type Answer,
  type Exchange,
  type Refusal,
  type Step,
} from './app-registration.records.js';

export { approvedApp } from './app-registration.records.js';

const APP_STATUSES = new Set(['A', 'P', 'D', 'R', 'S']);
const LIST_PARAMS = new Set(['start', 'limit', 'pre_app_id', 'application_id', 'name', 'status']);

export function registerAppRegistration(app: FastifyInstance, ctx: FdContext): void {
  const { state: world } = ctx;
  const seams = ctx.faults.seams<AppSeams>('app-registration');
  const changed = stateThrough(seams);
  const refused = (status: number, message: string): Refusal => ({ status, message });
  const mine = (x: Exchange) => registrationsOf(world, x.input.partner?.id, x.nowS);
  // provider 1.35.0: StartParameter has no minimum; its 400 example 3005 refuses a start below the first page
  // (FD-APP-LIST-PAGING, FD-APP-INSTITUTIONS-PAGING).
  const start = (x: Exchange) => {
    x.paging = { start: x.input.query.start, limit: x.input.query.limit };
    return x.paging.start !== undefined && x.paging.start < 1 ? coded(400, '3005', 'Invalid Start value') : undefined;
  };
  const none = () => undefined;

  const judge: Record<Step, (x: Exchange) => Refusal | undefined> = {
    // The Application schema of the contract has judged the body (the shared front).
    fields: none,
    // seed 002, ModifyAppRegistration 404: a preAppId the partner never registered.
    registration: (x) => {
      x.found = world.appRegistrations.apps.get(Number(x.input.path.preAppId));
      if (x.found?.partnerId !== x.input.partner?.id) return refused(404, `No registration with preAppId ${x.input.path.preAppId}`);
      x.r = x.found;
      return undefined;
    },
    // provider 1.35.0 400 example 3008: only the known query parameters.
    params: (x) => {
      x.unknown = Object.keys(x.query).filter((k) => !LIST_PARAMS.has(k));
      return x.unknown.length ? coded(400, '3008', `Known query parameters: [${[...LIST_PARAMS].join(', ')}] are allowed only`) : undefined;
    },
    start,
    // provider 1.35.0 400 example 3009: a status outside A, P, D, R, S (an open string in the contract; FD-APP-LIST-PARAMS).
    status: (x) =>
      x.input.query.status !== undefined && !APP_STATUSES.has(String(x.input.query.status))
        ? coded(400, '3009', 'Query parameter values are invalid')
        : undefined,
    // The contract's limits of these lists are judged by the shared front.
    limit: none,
    // The filters of the query; a partner reads its own registrations only.
    scope: (x) => {
      const { pre_app_id, application_id, name, status, preAppId, applicationId, appName, submittedDate, modifiedDate } = x.input.query;
      if (x.op === 'getApplications') x.criteria = { pre_app_id, application_id, name, status };
      else x.statusCriteria = { preAppId, applicationId, status, appName, submittedDate, modifiedDate };
      x.scope = mine(x);
      return undefined;
    },
    match: (x) => {
      x.matches = x.scope!.filter((r) => (x.criteria ? listMatch(x.criteria, r) : statusMatch(x.statusCriteria!, r)));
      return undefined;
    },
    // seed 002, GetAppRegistrationStatus 404; provider 1.35.0 example 50051: a read matching nothing.
    found: (x) => (x.matches!.length ? undefined : { status: 404, message: NO_APPLICATIONS, code: 50051 }),
    page: (x) => {
      if (x.op === 'getApplications') {
        x.page = page(x.matches!, x.paging!, x.pageSize);
      } else if (x.op === 'getRegisteredInstitutions') {
        x.rowsPage = page(x.rows!, x.paging!, x.pageSize);
      } else {
        const [size, pageNumber]: number[] = [x.input.query.pageSize ?? 1, x.input.query.page ?? 1];
        Object.assign(x, { size, pageNumber, pageFrom: (pageNumber - 1) * size });
      }
      return undefined;
    },
    // The deprecated v2 read is still served by a 1.35.0 target (FD-APP-STATUS-SUNSET).
    sunset: none,
    // seed 002, getRegisteredInstitutions 404; provider 1.35.0 example 3001.
    app: (x) => {
      x.app = approvedApp(world, x.input.partner?.id, x.input.path.application_id);
      return x.app ? undefined : coded(404, '3001', 'Requested Application Id is not found');
    },
    // seed 002: without an institution id, all; provider 1.35.0 example 3002: an institution the application is not registered with.
    institution: (x) => {
      x.all = institutionsOf(world, x.app!);
      x.rows = x.all;
      const id = x.input.query.institution_id;
      if (id === undefined) return undefined;
      x.rows = x.rows.filter((row) => Number(row.inst.id) === id);
      return x.rows.length
        ? undefined
        : coded(404, '3002', 'Requested application registration status is not found against financial institutions');
    },
    customer: (x) => {
      x.customer = findCustomer(world, x.input.path.customerId, x.input.partner?.id);
      return x.customer ? undefined : refused(404, 'Customer not found.');
    },
    application: (x) => (approvedApp(world, x.input.partner?.id, x.input.path.applicationId) ? undefined : refused(404, NO_APPLICATIONS)),
  };

  const judged = judgeThrough(seams, judge);
  /** The answer through its seam: a success as it is, a refusal in its error body. */
  const answer = (x: Exchange, reply: FastifyReply, a: Answer) => {
    const sent = seams.answer(x, a);
    const r = sent.refusal;
    if (r?.userMessage !== undefined)
      return reply.code(r.status).send({ code: r.code, status: String(r.status), message: r.message, user_message: r.userMessage });
    if (r) return sendError(ctx, reply, r.status, r.message, r.code);
    reply.code(sent.status);
    return sent.body === undefined ? reply.send() : reply.send(sent.body);
  };
  /** An operation: its exchange, then the handler; a refusal answered through the answer seam. */
  const on = (operationId: FdOperationId, steps: Step[], handler: (x: Exchange, reply: FastifyReply) => unknown, listed?: FdOperationId) =>
    route(app, ctx, operationId, (input: Input, reply) => {
      const pageSize = listed ? defaultLimit(ctx.contract, listed) : 0;
      const query = reply.request.query as Record<string, unknown>;
      const x: Exchange = { op: operationId, input, query, nowS: ctx.clock.nowEpochSeconds(), world, pageSize };
      const refusal = judged(x, steps);
      return refusal ? answer(x, reply, { status: refusal.status, refusal }) : handler(x, reply);
    });

  on('RegisterApp', ['fields'], (x, reply) => {
    const state = world.appRegistrations;
    const r = newRegistration(++state.seq, x.input.partner!.id, x.input.body, x.nowS);
    state.apps.set(r.preAppId, r);
    return answer(x, reply, { status: 201, body: { preAppId: r.preAppId, status: statusOf(r) } });
  });

  on('ModifyAppRegistration', ['registration'], (x, reply) => {
    x.before = statusOf(settle(x.r!, x.nowS));
    // provider 1.35.0: a modified app awaits approval again (P); its applicationId stays for life.
    const change = changed(x, {
      op: 'modify',
      r: x.r!,
      fields: { ...x.input.body },
      pending: true,
      applicationId: x.r!.applicationId,
    });
    const r = change.r;
    if (change.fields) r.fields = change.fields;
    r.modifiedS = x.nowS;
    // A modification is submitted anew: pending (P) again, a rejection behind it (provider 1.35.0 AppRegistrationStatus).
    if (change.pending) [r.pendingSinceS, r.rejected] = [x.nowS, undefined];
    r.applicationId = change.applicationId;
    return answer(x, reply, { status: 200, body: { preAppId: r.preAppId, status: statusOf(r) } });
  });

  on(
    'getApplications',
    ['params', 'start', 'status', 'limit', 'scope', 'match', 'page'],
    (x, reply) => {
      const { found, displaying, moreAvailable, slice } = x.page!;
      return answer(x, reply, { status: 200, body: { found, displaying, moreAvailable, applications: slice.map(applicationView) } });
    },
    'getApplications',
  );

  // Deprecated v2; still served (rules FD-APP-STATUS-SUNSET).
  on('GetAppRegistrationStatus', ['sunset', 'scope', 'match', 'found', 'page'], (x, reply) => {
    const { matches, size, pageNumber, pageFrom } = x as Required<Exchange>;
    return answer(x, reply, {
      status: 200,
      body: {
        totalRecords: matches.length,
        totalPages: Math.ceil(matches.length / size),
        pageNumber,
        numberOfRecordsPerPage: size,
        applications: matches.slice(pageFrom, pageFrom + size).map((r) => statusView(world, r)),
      },
    });
  });

  on(
    'getRegisteredInstitutions',
    ['app', 'start', 'limit', 'institution', 'page'],
    (x, reply) => {
      const { found, displaying, moreAvailable, slice } = x.rowsPage!;
      const institutions = slice.map((row) => institutionView(x.app!, row));
      return answer(x, reply, { status: 200, body: { found, displaying, moreAvailable, institutions } });
    },
    'getRegisteredInstitutions',
  );

  // seed 002: assigns an application to a customer.
  on('SetCustomerAppID', ['customer', 'application'], (x, reply) => {
    // provider 1.35.0 ApplicationId: a customer's application cannot be changed once set; no document gives the status
    // (FD-APP-CUSTOMER-APP-FIXED takes 400 or 404): 400, both existing. The same application again changes nothing.
    if (x.customer!.applicationId !== undefined && x.customer!.applicationId !== x.input.path.applicationId)
      return answer(x, reply, { status: 400, refusal: refused(400, "The customer's application is set already and cannot be changed.") });
    x.customer!.applicationId = x.input.path.applicationId;
    return answer(x, reply, { status: 200 });
  });
}
