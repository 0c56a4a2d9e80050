// Connect components (seed 002, Endpoints - Connect components; rules: schemas/financial-data/rules/connect-components.yaml): OAuth
// URLs and login forms for a customer (an optional configuration applied), reconnections (201 with a form, or 203 with a multi-factor
// challenge when the institution asks one), and the partner's own configurations. Errors in the provider's {"Errors": {"Error":
// [...]}} body (reference, Error bodies): the routes' own Fastify context's onSend hook rewrites what the shared front answers.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { judgeThrough, rewriteFrontError, route, sendError, type FdContext, type Input } from './middleware.js';
import { accountsOfLogin, findCustomer, findLogin, type Configuration } from './state.js';
import {
  configurationView as view,
  uuidOf,
  type Answer,
  type ComponentsSeams,
  type Exchange,
  type Refusal,
  type Step,
} from './connect-components.records.js';

/** provider 1.35.0 examples: 10010 invalid request, 10022-10026 credentials, 4041 not found. */
function reasonCode(status: number, description: string): string {
  if (status === 404) return '4041';
  if (status !== 401) return '10010';
  if (/missing/i.test(description)) return /token/i.test(description) ? '10024' : '10026';
  return /expired/i.test(description) ? '10023' : '10022';
}

/** The provider's error body of these operations (provider 1.35.0 GoldStandardErrorMessage). */
function errorBody(status: number, description: string) {
  return {
    Errors: {
      Error: [
        {
          Source: 'Connect-Components',
          ReasonCode: reasonCode(status, description),
          Description: description,
          Recoverable: false,
          Details: description,
        },
      ],
    },
  };
}

export function registerConnectComponents(app: FastifyInstance, ctx: FdContext): void {
  const { state: world } = ctx;
  const seams = ctx.faults.seams<ComponentsSeams>('connect-components');
  const state = () => world.connectComponents;
  /** A deterministic UUID (the n-th of this world). */
  const uuid = (kind: string) =>
    uuidOf(
      createHash('sha1')
        .update(`connect-components:${kind}:${++state().seq}`)
        .digest('hex'),
    );
  const exchange = (op: Exchange['op'], input: Input): Exchange => ({ op, input, world, partnerId: input.partner?.id ?? '' });
  const NOT_FOUND = 'The requested entity was not found';
  const NO_CUSTOMER = 'Customer ID does not exist or does not belong to this partner';
  const SESSIONS: Exchange['op'][] = ['post-institutions-institutionId-oauth-urls', 'post-institutions-institutionId-login-forms'];

  const judge: Record<Step, (x: Exchange) => Refusal | undefined> = {
    // seed 002, Connect components: an OAuth URL or a login form of an unknown institution is a 404.
    institution: (x) =>
      world.institutions.some((i) => i.id === String(x.input.path.institution_id)) ? undefined : { status: 404, description: NOT_FOUND },
    // The partner's customer of the body (sessions) or of the path (reconnection): a 400 otherwise.
    customer: (x) =>
      findCustomer(world, String(x.input.body?.customerId ?? x.input.path.customer_id), x.partnerId)
        ? undefined
        : { status: 400, description: NO_CUSTOMER },
    // The caller's live configuration (FD-COMPONENTS-CONFIG-OWNER, FD-COMPONENTS-CONFIG-DELETE): another: 400 to a session, else 404.
    configuration: (x) => {
      const id = String(SESSIONS.includes(x.op) ? x.input.body.configurationId : x.input.path.configuration_id);
      x.stored = state().configurations.get(id);
      x.configuration = x.stored && !x.stored.deleted && x.stored.partnerId === x.partnerId ? x.stored : undefined;
      if (x.configuration) return undefined;
      return SESSIONS.includes(x.op)
        ? { status: 400, description: 'configurationId names no configuration of this partner' }
        : { status: 404, description: NOT_FOUND };
    },
    login: (x) => {
      x.login = findLogin(world, x.input.path.customer_id, x.input.path.institution_login_id, x.partnerId);
      return x.login ? undefined : { status: 400, description: 'institution_login_id is not an institution login of this customer' };
    },
    // seed 002: a reconnection answers 203 with a challenge when the login's institution asks one (portfolio.ts accounts' mfa).
    mfa: (x) => {
      x.mfa = x.login ? accountsOfLogin(world, x.login.id).some((a) => a.mfa) : false;
      return undefined;
    },
    list: (x) => {
      x.list = [...state().configurations.values()].filter((c) => c.partnerId === x.partnerId && !c.deleted);
      return undefined;
    },
  };
  const judged = judgeThrough(seams, judge);
  /** The answer through its seam: a refusal in the provider's error body (or the shared front's, where the seam says). */
  const send = (x: Exchange, reply: FastifyReply, a: Answer) => {
    const sent = seams.answer(x, a);
    if (sent.error === undefined) return sent.body === undefined ? reply.code(sent.status).send() : reply.code(sent.status).send(sent.body);
    return sent.defaultShape
      ? sendError(ctx, reply, sent.status, sent.error)
      : reply.code(sent.status).send(errorBody(sent.status, sent.error));
  };
  /** Judges `steps`; a refusal is answered. True when answered. */
  const refused = (x: Exchange, reply: FastifyReply, steps: Step[]): boolean => {
    const r = judged(x, steps);
    if (r) send(x, reply, { status: r.status, error: r.description });
    return r !== undefined;
  };
  /** The steps a session takes: the institution, the customer, the configuration when the body names one. */
  const sessionSteps = (input: Input): Step[] =>
    input.body.configurationId === undefined ? ['institution', 'customer'] : ['institution', 'customer', 'configuration'];

  const loginForm = () => ({
    id: uuid('session'),
    eventStreamId: uuid('event-stream'),
    elements: [
      { id: uuid('element'), label: 'Username', sortOrder: 0 },
      { id: uuid('element'), label: 'Password', sortOrder: 1 },
    ],
  });

  app.register(async (scope) => {
    // Errors of the shared front (401, validation 400, malformed path ids) in the provider's shape.
    scope.addHook('onSend', async (req, reply, payload) => {
      if (reply.statusCode < 400) return payload;
      const x = exchange('front', { path: {}, query: {}, body: undefined });
      x.input.body = req.body;
      return seams.answer(x, { status: reply.statusCode, error: '' }).defaultShape
        ? payload
        : rewriteFrontError(reply.statusCode, payload, errorBody);
    });

    route(scope, ctx, 'post-institutions-institutionId-oauth-urls', (input, reply) => {
      const x = exchange('post-institutions-institutionId-oauth-urls', input);
      if (refused(x, reply, sessionSteps(input))) return reply;
      const id = uuid('session');
      const url = `https://oauth.example.com/institutions/${input.path.institution_id}/authorize?session=${id}&redirect_uri=${encodeURIComponent(input.body.redirectURI ?? '')}`;
      return send(x, reply, { status: 201, body: { id, url, eventStreamId: uuid('event-stream') } });
    });

    route(scope, ctx, 'post-institutions-institutionId-login-forms', (input, reply) => {
      const x = exchange('post-institutions-institutionId-login-forms', input);
      return refused(x, reply, sessionSteps(input)) ? reply : send(x, reply, { status: 201, body: loginForm() });
    });

    // seed 002: 201, or 203 with a multi-factor challenge (Errors 203: reconnection); no 404 documented.
    route(scope, ctx, 'post-reconnections', (input, reply) => {
      const x = exchange('post-reconnections', input);
      if (refused(x, reply, ['customer', 'login', 'mfa'])) return reply;
      if (!x.mfa) return send(x, reply, { status: 201, body: loginForm() });
      const challenge = {
        id: uuid('challenge'),
        prompt: 'Enter the code sent to your phone',
        mfaType: 'TFA_TEXT',
        choiceIds: [],
        eventStreamId: uuid('event-stream'),
      };
      return send(x, reply, { status: 203, body: [{ mfaChallenges: [challenge] }] });
    });

    route(scope, ctx, 'post-configurations', (input, reply) => {
      const x = exchange('post-configurations', input);
      const body = input.body ?? {};
      const made: Configuration = {
        id: uuid('configuration'),
        partnerId: x.partnerId,
        deleted: false,
        ...(body.filterAccounts ? { filterAccounts: body.filterAccounts } : {}),
        ...(body.accountClassificationType ? { accountClassificationType: body.accountClassificationType } : {}),
        // provider 1.35.0 AoRequired: default false.
        aoRequired: body.aoRequired ?? false,
      };
      const change = seams.state(x, { kind: 'create', configuration: made });
      const c = change.kind === 'create' ? change.configuration : made;
      state().configurations.set(c.id, c);
      x.configuration = c;
      return send(x, reply, { status: 201, body: view(c) });
    });

    route(scope, ctx, 'get-configurations', (input, reply) => {
      const x = exchange('get-configurations', input);
      refused(x, reply, ['list']);
      return send(x, reply, { status: 200, body: x.list!.map(view) });
    });

    route(scope, ctx, 'get-configurations-configurationId', (input, reply) => {
      const x = exchange('get-configurations-configurationId', input);
      return refused(x, reply, ['configuration']) ? reply : send(x, reply, { status: 200, body: view(x.configuration!) });
    });

    route(scope, ctx, 'delete-configurations-configurationId', (input, reply) => {
      const x = exchange('delete-configurations-configurationId', input);
      if (refused(x, reply, ['configuration'])) return reply;
      const change = seams.state(x, { kind: 'delete', removed: x.configuration ? [x.configuration] : [] });
      if (change.kind === 'delete') for (const c of change.removed) c.deleted = true;
      return send(x, reply, { status: 204 });
    });
  });
}
