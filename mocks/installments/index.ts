// The installments mock: the 12 operations under {base}=/installments, /issuer/notifications, GET /keys (JWK set), the /__mock/ surface.
import { randomUUID } from 'node:crypto';
import { createMockApp, listen, parseJson } from '../kit/app.js';
import type { MockContext, MockHandle } from '../kit/context.js';
import type { InstallmentsFaultId } from './catalogue.js';
import { appOptions, type StandInMode } from '../kit/stand-in-mode.js';
import { prepareService } from '../kit/service.js';
import { answers, exchangeOf } from './seams.js';
import { INSTALLMENTS_FAULTS } from './catalogue.js';
import { registerApprovals } from './approvals.js';
import { sendError } from './errors.js';
import { createGuard } from './guard.js';
import { ISSUER_PREFIX, registerIssuerEndpoint } from './issuer.js';
import { createInstallmentsKeys } from './keys.js';
import { registerMerchants } from './merchants.js';
import { registerOffers } from './offers.js';
import { registerPanLists } from './pans.js';
import { registerPlans } from './plans.js';
import { createInstallmentsState, resetState, type InstallmentsState } from './state.js';

export const INSTALLMENTS_BASE_PATH = '/installments';
export { INSTALLMENTS_FAULTS } from './catalogue.js';

export interface InstallmentsMockHandle extends MockHandle {
  /** The mock's state (state.ts), for the in-process fixtures: consumer keys, issuers, acquirers. */
  world: InstallmentsState;
  keysURL: string;
  issuerBaseURL: string;
}

export async function startInstallmentsMock(
  options: {
    faults?: readonly InstallmentsFaultId[];
    port?: number;
    standIn?: StandInMode;
    clockStart?: string | number;
    useCases?: string[];
    distributionPartner?: boolean;
  } = {},
): Promise<InstallmentsMockHandle> {
  const { faults, contract, clock, deliveries } = await prepareService(
    'installments',
    INSTALLMENTS_FAULTS,
    options.faults,
    options.clockStart,
  );
  const world = createInstallmentsState(options.useCases, options.distributionPartner);
  const keys = await createInstallmentsKeys(world.serviceKey);
  const context: MockContext<InstallmentsFaultId> = {
    service: 'installments',
    faults,
    clock,
    deliveries,
    onReset: [() => resetState(world)],
    credentials: () => ({
      consumerKeys: world.keys.map((k) => ({ consumerKey: k.consumerKey, signingKeyPem: k.privateKeyPem, operations: k.operations })),
    }),
    world: () => ({
      consumerKeys: world.keys.map((k) => ({ operations: k.operations })),
      acquirerIcas: world.acquirerIcas,
      providerId: world.providerId,
      issuers: world.issuers,
      panLists: [...world.panLists.values()].map((l) => ({ panListId: l.panListId, accountRange: l.accountRange, pans: l.pans.size })),
    }),
  };
  // Stand-in mode: a rate limit's 429 carries too.many.requests, as the issuer's does (provider 2.0.0 PlanNotifTooManyRequestError).
  const app = createMockApp(
    context,
    (reply, status, message) => sendError(reply, status, status === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : 'INVALID_REQUEST', message),
    { contract, basePaths: [INSTALLMENTS_BASE_PATH, ISSUER_PREFIX] },
    appOptions(options.standIn, (reply, status, message) => sendError(reply, status, 'too.many.requests', message)),
  );
  const guard = createGuard(context, contract, world, keys);
  // provider 2.0.0 requires Correlation-Id on several answers (offers: all): echo the caller's or make one. A callback hook: no promise.
  app.addHook('onSend', (req, reply, payload, done) => {
    if (!reply.hasHeader('Correlation-Id'))
      reply.header('Correlation-Id', (req.headers['correlation-id'] as string | undefined) ?? randomUUID());
    done(null, payload);
  });
  // Every answer, the Correlation-Id set, through the answer seam (seams.ts).
  answers(app, faults, world, () => clock.nowMs());
  // The JWK set a client encrypts card data with (reference, facts).
  app.get('/keys', async (req) => {
    exchangeOf(req, world, () => clock.nowMs()).op = 'keys';
    return keys.jwks;
  });
  // The partner's product as onboarding sets it, changed by a check of what another product refuses; reset restores it.
  const started = { useCases: [...world.useCases], distributionPartner: world.distributionPartner };
  context.onReset.push(() =>
    Object.assign(world, {
      useCases: [...started.useCases],
      distributionPartner: started.distributionPartner,
      consumerOfferSelection: true,
    }),
  );
  app.put('/__mock/product', async (req, reply) => {
    const body = parseJson(req.body) as { useCases?: unknown; distributionPartner?: unknown; consumerOfferSelection?: unknown } | undefined;
    const useCases = body?.useCases;
    if (
      !Array.isArray(useCases) ||
      !useCases.every((u) => u === 'DURING_PURCHASE' || u === 'POST_PURCHASE') ||
      typeof body?.distributionPartner !== 'boolean' ||
      !['boolean', 'undefined'].includes(typeof body.consumerOfferSelection)
    )
      return reply.code(400).send({
        message:
          'body must be {"useCases": ["DURING_PURCHASE" | "POST_PURCHASE", ...], "distributionPartner": <boolean>, "consumerOfferSelection"?: <boolean>}',
      });
    Object.assign(world, {
      useCases,
      distributionPartner: body.distributionPartner,
      consumerOfferSelection: body.consumerOfferSelection !== false,
    });
    return reply.code(204).send();
  });
  registerPanLists(app, INSTALLMENTS_BASE_PATH, context, world, guard, keys);
  registerMerchants(app, INSTALLMENTS_BASE_PATH, context, world, guard, contract);
  registerOffers(app, INSTALLMENTS_BASE_PATH, context, world, guard);
  registerPlans(app, INSTALLMENTS_BASE_PATH, context, world, guard);
  registerApprovals(app, INSTALLMENTS_BASE_PATH, context, world, guard);
  registerIssuerEndpoint(app, context, world, guard, contract);
  app.setNotFoundHandler((req, reply) => sendError(reply, 404, 'NOT_FOUND', `No route ${req.method} ${req.url.split('?')[0]}`));
  const handle = await listen(app, context, INSTALLMENTS_BASE_PATH, options.port);
  return { ...handle, world, keysURL: `${handle.origin}/keys`, issuerBaseURL: handle.origin + ISSUER_PREFIX };
}
