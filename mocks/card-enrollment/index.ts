// The card enrollment mock: POST {base}/cards, GET /keys (JWK set, outside the base path), the /__mock/ control surface.
import { createMockApp, listen } from '../kit/app.js';
import type { MockContext, MockHandle } from '../kit/context.js';
import type { CardFaultId } from './catalogue.js';
import { appOptions, type StandInMode } from '../kit/stand-in-mode.js';
import { prepareService } from '../kit/service.js';
import { CARD_FAULTS } from './catalogue.js';
import { registerCards, type CardSeams } from './cards.js';
import { sendError } from './errors.js';
import { createEncryptionKeys } from './keys.js';
import { createCardState, type CardState } from './state.js';

export const CARD_BASE_PATH = '/src/api/digital/payments';
export { CARD_FAULTS } from './catalogue.js';

export interface CardMockHandle extends MockHandle {
  /** The mock's state (state.ts), for the in-process fixtures: the clients (API keys), receipts and consumer profiles. */
  world: CardState;
  keysURL: string;
}

export async function startCardEnrollmentMock(
  options: { faults?: readonly CardFaultId[]; port?: number; standIn?: StandInMode; clockStart?: string | number } = {},
): Promise<CardMockHandle> {
  const { faults, contract, clock, deliveries } = await prepareService('card-enrollment', CARD_FAULTS, options.faults, options.clockStart);
  const world = createCardState();
  const keys = await createEncryptionKeys();
  const context: MockContext<CardFaultId> = {
    service: 'card-enrollment',
    faults,
    clock,
    deliveries,
    onReset: [],
    world: () => ({
      clients: world.clients.map((c) => ({ srcClientIds: c.srcClientIds, serviceIds: c.serviceIds })),
      receipts: world.receipts.map((r) => ({ enrolmentReferenceId: r.enrolmentReferenceId })),
    }),
    credentials: () => ({
      clients: world.clients,
      receipts: world.receipts.map((r) => ({ enrolmentReferenceId: r.enrolmentReferenceId })),
    }),
  };
  // Stand-in mode: a rate limit's 429 reads RESOURCE_EXHAUSTED, the status name this error shape (INVALID_ARGUMENT...) gives a quota.
  const app = createMockApp(
    context,
    (reply, status, message) => sendError(reply, status, 'INVALID_ARGUMENT', message),
    { contract, basePaths: [CARD_BASE_PATH] },
    appOptions(options.standIn, (reply, status, message) => sendError(reply, status, 'RESOURCE_EXHAUSTED', message)),
  );
  // The JWK set a client encrypts the card with (reference, facts), through the answer seam as putCard's answers are.
  const seams = faults.seams<CardSeams>();
  app.get('/keys', async (req) => {
    const x = { op: 'keys', headers: req.headers, query: {}, sent: undefined, body: {}, now: clock.now(), world, contract } as const;
    return seams.answer(x, { status: 200, headers: {}, body: keys.jwks }).body;
  });
  registerCards(app, CARD_BASE_PATH, context, contract, world, keys);
  app.setNotFoundHandler((req, reply) => sendError(reply, 404, 'NOT_FOUND', `No route ${req.method} ${req.url.split('?')[0]}`));
  const handle = await listen(app, context, CARD_BASE_PATH, options.port);
  return { ...handle, world, keysURL: `${handle.origin}/keys` };
}
