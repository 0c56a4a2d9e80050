// PAN lists: POST /consumers/pans/registrations and /deregistrations (seed 001, Endpoints;
// provider 2.0.0: Registration, Deregistration). PANs arrive in a JWE `encryptedValue`; answers carry
// counts as strings and no per-PAN detail (that would be card data).
import type { FastifyInstance } from 'fastify';
import type { MockContext } from '../kit/context.js';
import { luhnValid } from '../../helpers/config/luhn.js';
import type { InstallmentsFaultId } from './catalogue.js';
import { invalidRequest } from './errors.js';
import type { Guard } from './guard.js';
import { heldRange, inRange, newPanListId, type InstallmentsState, type PanList } from './state.js';

export function registerPanLists(
  app: FastifyInstance,
  prefix: string,
  ctx: MockContext<InstallmentsFaultId>,
  world: InstallmentsState,
  guard: Guard,
) {
  const { faults } = ctx;
  const unknownList = (reply: Parameters<Guard>[1]) =>
    invalidRequest(reply, [{ field: 'panListId', keyword: 'exists', message: 'panListId names no PAN list of this customer' }]);
  const shownName = (name: string) => (faults.has('panListName-uppercased') ? name.toUpperCase() : name);
  const panList = (l: PanList) => ({
    panListId: l.panListId,
    ...(l.panListName ? { panListName: shownName(l.panListName) } : {}),
  });

  app.post(`${prefix}/consumers/pans/registrations`, async (req, reply) => {
    const ok = await guard(req, reply, 'registerPans');
    if (!ok) return reply;
    const { panListId, panListName, accountRange } = ok.body;
    // i5-panlist-name-64-refused: the name's upper bound checked as exclusive.
    if (faults.has('i5-panlist-name-64-refused') && typeof panListName === 'string' && panListName.length === 64)
      return invalidRequest(reply, [{ field: 'panListName', keyword: 'maxLength', message: 'panListName is too long' }]);
    // i19-register-range-19-digits-refused: a range whose low end has 19 digits taken as too long.
    if (faults.has('i19-register-range-19-digits-refused') && String(accountRange?.accountRangeLow ?? '').length === 19)
      return invalidRequest(reply, [
        { field: 'accountRange.accountRangeLow', keyword: 'maxLength', message: 'accountRangeLow is too long' },
      ]);
    // provider 2.0.0, registerPans 400 example "Either encryptedValue or Account Range must not be null or empty".
    const noCardData = ok.body.encryptedValue === undefined;
    if (noCardData && accountRange === undefined && !faults.has('seeded-registration-without-cards-or-range-accepted'))
      return invalidRequest(reply, [
        { field: 'encryptedValue', keyword: 'required', message: 'give card data (encryptedValue) or an accountRange' },
      ]);
    // provider 2.0.0, registerPans 400 examples InvalidAccountRangeForNewPanList ("accountRange is not
    // present in the system": Account range not valid); a list without a range takes the one given, which
    // must be the system's too.
    if (accountRange && !heldRange(world, accountRange))
      return invalidRequest(reply, [{ field: 'accountRange', keyword: 'exists', message: 'Account range not valid' }]);
    let list: PanList | undefined;
    // seeded-prop-register-id-beside-name-new-list: a panListId sent beside a panListName is passed over, a new list made by the name.
    if (panListId !== undefined && !(faults.has('seeded-prop-register-id-beside-name-new-list') && panListName !== undefined)) {
      list = world.panLists.get(panListId);
      // seeded-register-list-id-last-char-ignored: the list found by all but its id's last character.
      if (!list && faults.has('seeded-register-list-id-last-char-ignored'))
        list = [...world.panLists.values()].find((l) => String(l.panListId).slice(0, -1) === String(panListId).slice(0, -1));
      if (!list) return unknownList(reply);
      // provider 2.0.0, registerPans 400 example: "To update pan list at least one pan should be present".
      const withPan = ((ok.plain?.pans ?? []) as { pan?: string }[]).some((item) => item.pan !== undefined);
      if (!withPan && !faults.has('seeded-update-without-pans-accepted'))
        return invalidRequest(reply, [
          { field: 'encryptedValue', keyword: 'minItems', message: 'to update a pan list at least one pan should be present' },
        ]);
    } else if (panListName !== undefined || faults.has('pan-list-unnamed-accepted')) {
      // i7-panlist-name-hyphen-refused: a hyphen in a new list's name refused.
      if (faults.has('i7-panlist-name-hyphen-refused') && String(panListName).includes('-'))
        return invalidRequest(reply, [{ field: 'panListName', keyword: 'pattern', message: 'panListName holds a character not allowed' }]);
      // "creates a pan list and/or registers pans": a name without an id creates the list.
      const range = accountRange;
      const storedName = panListName;
      list = { panListId: newPanListId(world), panListName: storedName, accountRange: range, pans: new Set() };
      world.panLists.set(list.panListId, list);
    } else {
      // provider 2.0.0: no schema rule, but its 400 example "panListName must not be null or empty".
      return invalidRequest(reply, [
        { field: 'panListId', keyword: 'required', message: 'give panListId, or panListName to create a list' },
      ]);
    }
    if (accountRange && panListId !== undefined) {
      // provider 2.0.0, registerPans 400 example (invalid account range for an existing pan list): a range
      // other than the list's is refused, nothing registered; a list without a range takes the one given.
      const own = list.accountRange;
      const differs = (x: string, y: string) => x !== y;
      const other =
        own && (differs(own.accountRangeLow, accountRange.accountRangeLow) || differs(own.accountRangeHigh, accountRange.accountRangeHigh));
      if (other) {
        // i27-register-by-id-other-range-pans-kept: the cards of the refused registration are added before the range is judged.
        if (faults.has('i27-register-by-id-other-range-pans-kept'))
          for (const { pan } of (ok.plain?.pans ?? []) as { pan?: string }[]) if (typeof pan === 'string') list.pans.add(pan);
        return invalidRequest(reply, [
          { field: 'accountRange', keyword: 'const', message: 'accountRange is not the account range of this pan list' },
        ]);
      }
      list.accountRange = accountRange;
    }
    // i5-pans-register-by-id-clears-range: a registration by id without a range overwrites the list's range.
    if (!accountRange && panListId !== undefined && faults.has('i5-pans-register-by-id-clears-range')) list.accountRange = undefined;
    let failureCount = 0;
    let successfulCount = 0;
    const known = list.pans;
    const given = ok.plain?.pans ?? [];
    for (const { pan } of given as { pan?: string }[]) {
      // provider 2.0.0: Pan.pan (every pan is validated against the Luhn algorithm; a failing one is a per-PAN failure),
      // and against the list's account range, or without one the first valid range found for its cards, which the list keeps
      // for those added later (UnencryptedPartialSuccessPanRegistration: "pan failed for account range validation";
      // PanRegistrationWithEncryptedValueRequest, ExistingPanListIdRegistrationRequest).
      const valid = pan !== undefined && luhnValid(pan);
      const range = valid ? (list.accountRange ?? (list.cardsRange ??= world.accountRanges.find((r) => inRange(pan, r)))) : undefined;
      if (!valid || !inRange(pan, range) || known.has(pan)) {
        failureCount++;
        continue;
      }
      list.pans.add(pan);
      successfulCount++;
    }
    const shown = panList(list);
    // i18-register-by-id-name-spaces-collapsed: by panListId the name answered with its inner runs of spaces collapsed.
    const answered =
      faults.has('i18-register-by-id-name-spaces-collapsed') && panListId !== undefined && typeof shown.panListName === 'string'
        ? { ...shown, panListName: shown.panListName.replace(/ {2,}/g, ' ') }
        : // i23-register-by-id-name-leading-spaces-trimmed: the by-id answer names the list cut of its leading white space.
          shown;
    // i38-inst-register-create-name-edges-trimmed: a list created by name answered with the spaces at the name's edges cut.
    if (faults.has('i38-inst-register-create-name-edges-trimmed') && panListId === undefined && typeof answered.panListName === 'string')
      answered.panListName = answered.panListName.trim();
    // seeded-register-latest-card-bin-and-last-four: the answer names the list's latest card by its BIN and last four, dots between.
    const latest = [...list.pans].at(-1);
    if (faults.has('seeded-register-latest-card-bin-and-last-four') && latest)
      return reply.code(200).send({
        successfulCount: String(successfulCount),
        failureCount: String(failureCount),
        panList: { ...answered, latestCard: `${latest.slice(0, 6)}${'•'.repeat(latest.length - 10)}${latest.slice(-4)}` },
      });
    const noCards = !((ok.plain?.pans ?? []) as unknown[]).length;
    const failures = String(failureCount);
    // i36-inst-register-range-only-counted-successful: a list created with a range and no cards counts the range as a card.
    if (faults.has('i36-inst-register-range-only-counted-successful') && panListId === undefined && accountRange && noCards)
      return reply.code(200).send({ successfulCount: '1', failureCount: failures, panList: answered });
    // i37-inst-register-created-list-answered-next-id: a list created by name answered with the id after the one it is stored under (the sequence read after its increment).
    if (
      faults.has('i37-inst-register-created-list-answered-next-id') &&
      panListId === undefined &&
      /^[0-9]+$/.test(String(answered.panListId))
    )
      return reply.code(200).send({
        successfulCount: String(successfulCount),
        failureCount: failures,
        panList: { ...answered, panListId: (BigInt(answered.panListId) + 1n).toString().padStart(String(answered.panListId).length, '0') },
      });
    return reply.code(200).send({ successfulCount: String(successfulCount), failureCount: failures, panList: answered });
  });

  app.post(`${prefix}/consumers/pans/deregistrations`, async (req, reply) => {
    const ok = await guard(req, reply, 'deregisterPans');
    // i34-inst-dereg-forbidden-still-removes: a deregistration refused 403 (a key not allowed it) has removed the cards sent in clear.
    if (!ok && faults.has('i34-inst-dereg-forbidden-still-removes') && reply.statusCode === 403) {
      try {
        const sent = JSON.parse(String(req.body)) as { panListId?: unknown; sensitiveData?: { pans?: { pan?: unknown }[] } };
        const list = world.panLists.get(String(sent.panListId));
        for (const { pan } of sent.sensitiveData?.pans ?? []) if (list && typeof pan === 'string') list.pans.delete(pan);
      } catch {
        // not JSON: nothing to remove
      }
    }
    // i28-inst-dereg-refused-still-removes: a deregistration refused 400 (one card of the batch malformed) has removed the batch's well-formed cards already.
    if (!ok && faults.has('i28-inst-dereg-refused-still-removes') && reply.statusCode === 400) {
      const sent = (() => {
        try {
          return JSON.parse(String(req.body)) as { panListId?: unknown; sensitiveData?: { pans?: { pan?: unknown }[] } };
        } catch {
          return undefined;
        }
      })();
      const target = typeof sent?.panListId === 'string' ? world.panLists.get(sent.panListId) : undefined;
      for (const item of target && Array.isArray(sent?.sensitiveData?.pans) ? sent.sensitiveData.pans : [])
        if (typeof item?.pan === 'string' && /^[0-9]{13,19}$/.test(item.pan)) target?.pans.delete(item.pan);
    }
    if (!ok) return reply;
    if (ok.body.encryptedValue === undefined && !faults.has('seeded-dereg-without-cards-accepted'))
      return invalidRequest(reply, [{ field: 'encryptedValue', keyword: 'required', message: 'give the card data (encryptedValue)' }]);
    let listId: string = ok.body.panListId;
    const asDouble = undefined;
    if (asDouble !== undefined) listId = asDouble;
    const unknown = !world.panLists.has(listId);
    if (unknown) {
      return unknownList(reply);
    }
    const list = world.panLists.get(listId) ?? { panListId: ok.body.panListId, pans: new Set<string>() };
    let failureCount = 0;
    let successfulCount = 0;
    const held = list.pans;
    for (const { pan } of (ok.plain?.pans ?? []) as { pan?: string }[]) {
      const sameHead = undefined;
      const sameNumber = undefined;
      // rt-dereg-pan-of-other-list-removed: a card not in the named list is looked for in every list of the service.
      // (The list holding it is looked for inside the fault's condition: a fault-free run never computes it.)
      if (faults.has('rt-dereg-pan-of-other-list-removed') && pan !== undefined && !list.pans.has(pan)) {
        const elsewhere = [...world.panLists.values()].find((l) => l.pans.has(pan));
        if (elsewhere) {
          elsewhere.pans.delete(pan);
          successfulCount++;
          continue;
        }
      }
      const matched = sameHead ?? sameNumber;
      // i15-dereg-pan-of-other-list-removed: a card this list does not hold removed from the list that holds it, and counted.
      if (faults.has('i15-dereg-pan-of-other-list-removed') && pan !== undefined && !held.has(pan) && !matched) {
        const holder = [...world.panLists.values()].find((l) => l !== list && l.pans.has(pan));
        if (holder) {
          holder.pans.delete(pan);
          successfulCount++;
          continue;
        }
      }
      if (pan === undefined || (!held.has(pan) && !matched)) {
        failureCount++;
        continue;
      }
      list.pans.delete(matched ?? pan);
      // i3-deregistration-from-every-list: the PAN is removed from every list that holds it.
      if (faults.has('i3-deregistration-from-every-list')) for (const other of world.panLists.values()) other.pans.delete(pan);
      successfulCount++;
    }
    // i38-inst-dereg-emptied-list-deleted: a deregistration that takes out the list's last card deletes the list itself.
    if (faults.has('i38-inst-dereg-emptied-list-deleted') && successfulCount > 0 && list.pans.size === 0)
      world.panLists.delete(list.panListId);
    // rt-dereg-answer-list-id-through-double: the answer's panListId passed through a double (18 digits lose the last ones).
    const answeredId = faults.has('rt-dereg-answer-list-id-through-double')
      ? String(Number(list.panListId))
      : // i26-dereg-answer-first-list-id: the answer names the customer's first list, not the one the cards left.
        list.panListId;
    return reply.code(200).send({ panListId: answeredId, successfulCount: String(successfulCount), failureCount: String(failureCount) });
  });
}
