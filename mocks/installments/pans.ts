// PAN lists: POST /consumers/pans/registrations and /deregistrations (seed 001, Endpoints;
// reference, Main fields - PAN registration). PANs arrive in the JWE sensitiveData only.
import type { FastifyInstance } from 'fastify';
import type { MockContext } from '../kit/app.js';
import { invalidRequest } from './errors.js';
import type { Guard } from './guard.js';
import { newPanListId, type InstallmentsWorld, type PanList } from './world.js';

export function registerPanLists(app: FastifyInstance, prefix: string, ctx: MockContext, world: InstallmentsWorld, guard: Guard) {
  const { faults } = ctx;
  const unknownList = (reply: Parameters<Guard>[1]) =>
    invalidRequest(reply, faults, [{ field: 'panListId', keyword: 'exists', message: 'panListId names no PAN list of this customer' }]);
  const panList = (l: PanList) => ({ panListId: l.panListId, ...(l.panListName ? { panListName: l.panListName } : {}) });

  app.post(`${prefix}/consumers/pans/registrations`, async (req, reply) => {
    const ok = await guard(req, reply, 'registerPans');
    if (!ok) return reply;
    const { panListId, panListName, accountRange } = ok.body;
    let list: PanList | undefined;
    if (panListId !== undefined) {
      list = world.panLists.get(panListId);
      if (!list) return unknownList(reply);
    } else if (panListName !== undefined) {
      // "creates a pan list and/or registers pans": a name without an id creates the list.
      list = { panListId: newPanListId(world), panListName, accountRange, pans: new Set() };
      world.panLists.set(list.panListId, list);
    } else {
      return invalidRequest(reply, faults, [{ field: 'panListId', keyword: 'required', message: 'give panListId, or panListName to create a list' }]);
    }
    if (accountRange && panListId !== undefined) list.accountRange = accountRange;
    const errors: { reasonCode: string; description: string }[] = [];
    let successfulCount = 0;
    for (const { pan } of (ok.plain?.pans ?? []) as { pan: string }[]) {
      if (list.pans.has(pan) && !faults.has('duplicate-pan-counted')) {
        errors.push({ reasonCode: 'PAN_ALREADY_REGISTERED', description: `PAN ending ${pan.slice(-4)} is already in the list` });
        continue;
      }
      if (!faults.has('registration-ignored')) list.pans.add(pan);
      successfulCount++;
    }
    return reply.code(200).send({ successfulCount, failureCount: errors.length, panList: panList(list), ...(errors.length ? { errors } : {}) });
  });

  app.post(`${prefix}/consumers/pans/deregistrations`, async (req, reply) => {
    const ok = await guard(req, reply, 'deregisterPans');
    if (!ok) return reply;
    // A well-formed id of no list: nothing to deregister, so every PAN is a per-PAN failure (the
    // mock's reading; registration, by contrast, needs the list to exist).
    const list = world.panLists.get(ok.body.panListId) ?? { panListId: ok.body.panListId, pans: new Set<string>() };
    const errors: { reasonCode: string; description: string }[] = [];
    let successfulCount = 0;
    for (const { pan } of (ok.plain?.pans ?? []) as { pan: string }[]) {
      if (!list.pans.has(pan)) {
        errors.push({ reasonCode: 'PAN_NOT_REGISTERED', description: `PAN ending ${pan.slice(-4)} is not in the list` });
        continue;
      }
      if (!faults.has('deregistration-ignored')) list.pans.delete(pan);
      successfulCount++;
    }
    return reply.code(200).send({ successfulCount, failureCount: errors.length, panList: panList(list), ...(errors.length ? { errors } : {}) });
  });
}
