// PAN lists: POST /consumers/pans/registrations and /deregistrations (seed 001, Endpoints; provider 2.0.0: Registration,
// Deregistration). PANs arrive in a JWE `encryptedValue`; answers carry counts as strings and, only when a card failed, the failed
// cards encrypted in a root `encryptedValue` (provider 2.0.0 registerPans and deregisterPans 200 examples; never in clear).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MockContext } from '../kit/context.js';
import { luhnValid } from '../../helpers/config/luhn.js';
import { INVALID, MISSING, sendRefusal } from './errors.js';
import type { Guard } from './guard.js';
import { encryptJson, type InstallmentsKeys } from './keys.js';
import { exchangeOf, type Exchange, type InstallmentsSeams, type Refusal, type Step } from './seams.js';
import { heldRange, inRange, newPanListId, type InstallmentsState, type PanList } from './state.js';

export function registerPanLists(
  app: FastifyInstance,
  prefix: string,
  ctx: MockContext,
  world: InstallmentsState,
  guard: Guard,
  keys: InstallmentsKeys,
) {
  const seams = ctx.faults.seams<InstallmentsSeams>();
  const exchange = (req: FastifyRequest) => exchangeOf(req, world, () => ctx.clock.nowMs());
  const refusal = (field: string, keyword: string, message: string): Refusal => ({
    status: 400,
    reasonCode: keyword === 'required' ? MISSING : INVALID,
    description: message,
    details: field,
    violations: [{ field, keyword, message }],
  });
  /** The judgement at `step`: the refusal the sources give there (undefined: none), bent at the judge seam. */
  const judged = (x: Exchange, step: Step, refused: boolean, r: () => Refusal) => seams.judge(x, step, refused ? r() : undefined);
  const panList = (l: PanList) => ({ panListId: l.panListId, ...(l.panListName ? { panListName: l.panListName } : {}) });
  /** The failed cards with their reasons (provider 2.0.0 PanResult), encrypted; nothing when none failed. */
  const failures = async (failed: { pan?: string; reasonCode: string; description: string }[]) =>
    failed.length
      ? {
          encryptedValue: await encryptJson(keys, {
            pans: failed.map(({ pan, reasonCode, description }) => ({
              ...(pan === undefined ? {} : { pan }),
              error: { reasonCode, description },
            })),
          }),
        }
      : {};

  app.post(`${prefix}/consumers/pans/registrations`, async (req, reply) => {
    const ok = await guard(req, reply, 'registerPans');
    if (!ok) return reply;
    const x = exchange(req);
    // The request as judged (a fault may fold it first).
    seams.judge(x, 'register-read', undefined);
    const { panListId, panListName, accountRange } = ok.body;
    const refused =
      // The members' forms beyond the schema: none (a fault may refuse one).
      judged(x, 'register-members', false, () => refusal('body', 'type', 'the request is invalid')) ??
      // provider 2.0.0, registerPans 400 example "Either encryptedValue or Account Range must not be null or empty".
      judged(x, 'register-card-data', ok.body.encryptedValue === undefined && accountRange === undefined, () =>
        refusal('encryptedValue', 'required', 'give card data (encryptedValue) or an accountRange'),
      ) ??
      // provider 2.0.0, registerPans 400 example InvalidAccountRangeForNewPanList ("accountRange is not present in the system"); a
      // list without a range takes the one given, which must be the system's too.
      judged(
        x,
        'register-range',
        Boolean(accountRange) && !world.panLists.get(panListId)?.accountRange && !heldRange(world, accountRange),
        () => ({ status: 400, reasonCode: 'invalid.accountRange', description: 'Account range not valid' }),
      );
    if (refused) return sendRefusal(reply, refused);
    if (panListId !== undefined) {
      x.list = world.panLists.get(panListId);
      const unknown = judged(x, 'register-list', !x.list, () =>
        refusal('panListId', 'exists', 'panListId names no PAN list of this customer'),
      );
      if (unknown) return sendRefusal(reply, unknown);
      // provider 2.0.0, registerPans 400 example: "To update pan list at least one pan should be present".
      const withPan = ((ok.plain?.pans ?? []) as { pan?: string }[]).some((item) => item.pan !== undefined);
      const empty = judged(x, 'register-update', !withPan, () =>
        refusal('encryptedValue', 'minItems', 'to update a pan list at least one pan should be present'),
      );
      if (empty) return sendRefusal(reply, empty);
    } else {
      // provider 2.0.0: no schema rule, but its 400 example "panListName must not be null or empty".
      const unnamed = judged(x, 'register-name', panListName === undefined, () =>
        refusal('panListId', 'required', 'give panListId, or panListName to create a list'),
      );
      if (unnamed) return sendRefusal(reply, unnamed);
      // "creates a pan list and/or registers pans": a name without an id creates the list.
      x.list = { panListId: newPanListId(world), panListName, accountRange, pans: new Set() };
      world.panLists.set(x.list.panListId, x.list);
    }
    const list = x.list!;
    // provider 2.0.0, registerPans 400 example InvalidAccountRangeForExistingPanList: a range other than the list's, nothing registered.
    const own = list.accountRange;
    const other =
      Boolean(accountRange && panListId !== undefined && own) &&
      (own!.accountRangeLow !== accountRange.accountRangeLow || own!.accountRangeHigh !== accountRange.accountRangeHigh);
    // provider 2.0.0, registerPans 400 example InvalidAccountRangeForExistingPanList.
    const otherRange = judged(x, 'register-list-range', other, () => ({
      status: 400,
      reasonCode: 'invalid.accountRange',
      description: 'Invalid account range for pan list',
    }));
    if (otherRange) return sendRefusal(reply, otherRange);
    if (accountRange && panListId !== undefined) list.accountRange = accountRange;
    // The list as it takes the cards.
    seams.state(x, { list });
    const failed: { pan?: string; reasonCode: string; description: string }[] = [];
    let successfulCount = 0;
    for (const { pan } of (ok.plain?.pans ?? []) as { pan?: string }[]) {
      // provider 2.0.0: Pan.pan is validated against the Luhn algorithm (a per-PAN failure) and the list's range, or the first valid
      // range found, kept for later cards (UnencryptedPartialSuccessPanRegistration: "pan failed for account range validation";
      // PanRegistrationWithEncryptedValueRequest, ExistingPanListIdRegistrationRequest).
      const valid =
        pan !== undefined &&
        !judged(x, 'check-digit', !luhnValid(pan), () => ({ status: 400, reasonCode: INVALID, description: 'PAN failed the Luhn check' }));
      const range = valid ? (list.accountRange ?? (list.cardsRange ??= world.accountRanges.find((r) => inRange(pan, r)))) : undefined;
      // A card the list already holds (sent before, or earlier in this request) is a per-PAN failure.
      x.card = pan;
      const duplicate =
        valid &&
        Boolean(
          judged(x, 'register-duplicate', list.pans.has(pan), () => ({
            status: 400,
            reasonCode: INVALID,
            description: 'pan is already in the pan list',
          })),
        );
      if (!valid || !inRange(pan, range) || duplicate) {
        // provider 2.0.0 UnencryptedPartialSuccessPanRegistration: each failed card with its reason.
        failed.push({
          pan,
          reasonCode: INVALID,
          description: !valid
            ? 'pan failed validation'
            : duplicate
              ? 'pan is already in the pan list'
              : 'pan failed for account range validation',
        });
        continue;
      }
      list.pans.add(pan);
      successfulCount++;
    }
    return reply.code(200).send({
      successfulCount: String(successfulCount),
      failureCount: String(failed.length),
      panList: panList(list),
      ...(await failures(failed)),
    });
  });

  app.post(`${prefix}/consumers/pans/deregistrations`, async (req, reply) => {
    const ok = await guard(req, reply, 'deregisterPans');
    const x = exchange(req);
    if (!ok) {
      // A refused deregistration removes nothing (IN-PROP-REFUSED-NO-TRACE).
      seams.state(x, {});
      return reply;
    }
    const refused =
      judged(x, 'dereg-card-data', ok.body.encryptedValue === undefined, () =>
        refusal('encryptedValue', 'required', 'give the card data (encryptedValue)'),
      ) ??
      (world.panLists.has(ok.body.panListId) ? undefined : refusal('panListId', 'exists', 'panListId names no PAN list of this customer'));
    if (refused) return sendRefusal(reply, refused);
    const list = world.panLists.get(ok.body.panListId)!;
    x.list = list;
    const failed: { pan?: string; reasonCode: string; description: string }[] = [];
    let successfulCount = 0;
    for (const { pan } of (ok.plain?.pans ?? []) as { pan?: string }[]) {
      // provider 2.0.0, Deregistration: a card the list holds is taken out of it; any other is a failure.
      const { holder } = seams.state(x, { pan, holder: pan !== undefined && list.pans.has(pan) ? list : undefined });
      if (pan === undefined || !holder) {
        failed.push({ pan, reasonCode: INVALID, description: 'pan is not linked to the pan list' });
        continue;
      }
      holder.pans.delete(pan);
      successfulCount++;
    }
    // The list as the deregistration leaves it.
    seams.state(x, { list, removed: successfulCount });
    return reply.code(200).send({
      panListId: list.panListId,
      successfulCount: String(successfulCount),
      failureCount: String(failed.length),
      ...(await failures(failed)),
    });
  });
}
