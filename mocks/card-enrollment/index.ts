// The card enrollment mock: POST {base}/cards, GET /keys (JWK set, outside the base path), the
// /__mock/ control surface. Started per worker on port 0, or standalone by `npm run mock`.
import { loadContract } from '../../helpers/contract.js';
import { createMockApp, listen, type MockContext, type MockHandle } from '../kit/app.js';
import { VirtualClock } from '../kit/clock.js';
import { Deliveries } from '../kit/deliveries.js';
import { FaultSet, faultsFor } from '../kit/faults.js';
import { relaxedContract } from '../kit/validation.js';
import { registerCards } from './cards.js';
import { CARD_FAULTS } from './faults.js';
import { createEncryptionKeys } from './keys.js';
import { createCardWorld, type CardWorld } from './world.js';

export const CARD_BASE_PATH = '/src/api/digital/payments';
export { CARD_FAULTS };

export interface CardMockHandle extends MockHandle {
  world: CardWorld;
  keysURL: string;
}

export async function startCardEnrollmentMock(options: { faults?: string[]; port?: number } = {}): Promise<CardMockHandle> {
  const faults = new FaultSet(CARD_FAULTS, faultsFor(CARD_FAULTS, options.faults ?? []));
  const contract = relaxedContract(await loadContract('card-enrollment'), faults.relaxations());
  const world = createCardWorld();
  const keys = await createEncryptionKeys();
  const context: MockContext = {
    service: 'card-enrollment', faults, clock: new VirtualClock(), deliveries: new Deliveries(), onReset: [],
    world: () => ({ clients: world.clients.map((c) => ({ srcClientIds: c.srcClientIds, serviceIds: c.serviceIds })), receipts: world.receipts.map((r) => ({ enrolmentReferenceId: r.enrolmentReferenceId })) }),
  };
  const app = createMockApp(context);
  app.get('/keys', async () => keys.jwks);
  registerCards(app, CARD_BASE_PATH, context, contract, world, keys);
  app.setNotFoundHandler((req, reply) => reply.code(404).send({ code: 404, status: 'NOT_FOUND', message: `No route ${req.method} ${req.url.split('?')[0]}` }));
  const handle = await listen(app, context, CARD_BASE_PATH, options.port);
  return { ...handle, world, keysURL: `${handle.origin}/keys` };
}
