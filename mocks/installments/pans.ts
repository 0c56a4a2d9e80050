// PAN lists: POST /consumers/pans/registrations and /deregistrations (seed 001, Endpoints;
// provider 2.0.0: Registration, Deregistration). PANs arrive in a JWE `encryptedValue`; answers carry
// counts as strings and no per-PAN detail (that would be card data).
import type { FastifyInstance } from 'fastify';
import type { MockContext } from '../kit/context.js';
import { luhnValid } from '../../helpers/config/luhn.js';
import type { InstallmentsFaultId } from './catalogue.js';
import { invalidRequest, sendError } from './errors.js';
import type { ResourceSeams } from './fault-builders.js';
import type { Guard } from './guard.js';
import { heldRange, inRange, newPanListId, type InstallmentsState, type PanList } from './state.js';

/** What the seams of a PAN list request are given (mocks/kit/faults.ts): at step check-digit the card judged; at held-range none. */
type PansSeams = ResourceSeams<{ pan?: string }>;

export function registerPanLists(
  app: FastifyInstance,
  prefix: string,
  ctx: MockContext<InstallmentsFaultId>,
  world: InstallmentsState,
  guard: Guard,
) {
  const { faults } = ctx;
  const seams = faults.seams<PansSeams>();
  /** model-deregistered-pan-kept-as-removed: the cards each list once held (kept only while that fault is on). */
  const removedPans = new Map<string, Set<string>>();
  const removedFrom = (listId: string) => removedPans.get(listId) ?? removedPans.set(listId, new Set()).get(listId)!;
  const unknownList = (reply: Parameters<Guard>[1]) =>
    invalidRequest(reply, faults, [{ field: 'panListId', keyword: 'exists', message: 'panListId names no PAN list of this customer' }]);
  const shownName = (name: string) =>
    // i21-panlist-name-echo-cut-at-50: the list name answered cut to fifty characters.
    faults.has('i21-panlist-name-echo-cut-at-50') && name.length > 50
      ? name.slice(0, 50)
      : faults.has('panListName-uppercased')
        ? name.toUpperCase()
        : faults.has('i2-panlist-name-spaces-collapsed')
          ? name.replace(/\s+/g, ' ').trim()
          : name;
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
      return invalidRequest(reply, faults, [{ field: 'panListName', keyword: 'maxLength', message: 'panListName is too long' }]);
    // i23-panlist-name-64-refused-on-create: a list created by name at the longest allowed (64) refused as too long.
    if (
      faults.has('i23-panlist-name-64-refused-on-create') &&
      panListId === undefined &&
      typeof panListName === 'string' &&
      panListName.length === 64
    )
      return invalidRequest(reply, faults, [{ field: 'panListName', keyword: 'maxLength', message: 'panListName is too long' }]);
    // i21-panlist-name-one-char-refused: a new list's name of one character refused (the lower bound read as exclusive).
    if (
      faults.has('i21-panlist-name-one-char-refused') &&
      panListId === undefined &&
      typeof panListName === 'string' &&
      panListName.length === 1
    )
      return invalidRequest(reply, faults, [{ field: 'panListName', keyword: 'minLength', message: 'panListName is too short' }]);
    // i21-register-range-low-11-digits-refused: a range whose low end has eleven digits taken as too short.
    if (faults.has('i21-register-range-low-11-digits-refused') && String(accountRange?.accountRangeLow ?? '').length === 11)
      return invalidRequest(reply, faults, [
        { field: 'accountRange.accountRangeLow', keyword: 'minLength', message: 'accountRangeLow is too short' },
      ]);
    // i19-register-range-19-digits-refused: a range whose low end has 19 digits taken as too long.
    if (faults.has('i19-register-range-19-digits-refused') && String(accountRange?.accountRangeLow ?? '').length === 19)
      return invalidRequest(reply, faults, [
        { field: 'accountRange.accountRangeLow', keyword: 'maxLength', message: 'accountRangeLow is too long' },
      ]);
    // provider 2.0.0, registerPans 400 example "Either encryptedValue or Account Range must not be null or empty".
    const noCardData = ok.body.encryptedValue === undefined;
    if (noCardData && accountRange === undefined && !faults.has('seeded-registration-without-cards-or-range-accepted'))
      return invalidRequest(reply, faults, [
        { field: 'encryptedValue', keyword: 'required', message: 'give card data (encryptedValue) or an accountRange' },
      ]);
    // provider 2.0.0, registerPans 400 examples InvalidAccountRangeForNewPanList ("accountRange is not
    // present in the system": Account range not valid); a list without a range takes the one given, which
    // must be the system's too (a list's own range is judged below: InvalidAccountRangeForExistingPanList).
    const ownRange = panListId === undefined ? undefined : world.panLists.get(panListId)?.accountRange;
    const unheld = seams.judge(
      { operationId: 'registerPans' },
      'held-range',
      accountRange && !ownRange && !heldRange(world, accountRange) ? 'Account range not valid' : undefined,
    );
    if (unheld) return sendError(reply, faults, 400, 'invalid.accountRange', unheld);
    let list: PanList | undefined;
    // seeded-prop-register-id-beside-name-new-list: a panListId sent beside a panListName is passed over, a new list made by the name.
    if (panListId !== undefined && !(faults.has('seeded-prop-register-id-beside-name-new-list') && panListName !== undefined)) {
      list = world.panLists.get(panListId);
      // seeded-register-list-id-as-double: the list id looked up as a number.
      if (!list && faults.has('seeded-register-list-id-as-double'))
        list = [...world.panLists.values()].find((l) => Number(l.panListId) === Number(panListId));
      // seeded-register-list-id-last-char-ignored: the list found by all but its id's last character.
      if (!list && faults.has('seeded-register-list-id-last-char-ignored'))
        list = [...world.panLists.values()].find((l) => String(l.panListId).slice(0, -1) === String(panListId).slice(0, -1));
      // i6-panlist-unknown-id-with-range-created: an unknown id sent with a range makes a list of that id.
      if (!list && accountRange && faults.has('i6-panlist-unknown-id-with-range-created'))
        world.panLists.set(panListId, (list = { panListId, panListName, accountRange, pans: new Set() }));
      if (!list) return unknownList(reply);
      // provider 2.0.0, registerPans 400 example: "To update pan list at least one pan should be present".
      const withPan = ((ok.plain?.pans ?? []) as { pan?: string }[]).some((item) => item.pan !== undefined);
      if (!withPan && !faults.has('seeded-update-without-pans-accepted'))
        return invalidRequest(reply, faults, [
          { field: 'encryptedValue', keyword: 'minItems', message: 'to update a pan list at least one pan should be present' },
        ]);
    } else if (panListName !== undefined || faults.has('pan-list-unnamed-accepted')) {
      // i7-panlist-name-hyphen-refused: a hyphen in a new list's name refused.
      if (faults.has('i7-panlist-name-hyphen-refused') && String(panListName).includes('-'))
        return invalidRequest(reply, faults, [
          { field: 'panListName', keyword: 'pattern', message: 'panListName holds a character not allowed' },
        ]);
      // "creates a pan list and/or registers pans": a name without an id creates the list.
      // i3-new-list-range-dropped: a list created by name does not keep the account range sent with it.
      const range = faults.has('i3-new-list-range-dropped') ? undefined : accountRange;
      const storedName =
        faults.has('i11-panlist-create-name-trailing-space-trimmed') && typeof panListName === 'string'
          ? panListName.trimEnd()
          : panListName;
      list = { panListId: newPanListId(world), panListName: storedName, accountRange: range, pans: new Set() };
      world.panLists.set(list.panListId, list);
    } else {
      // provider 2.0.0: no schema rule, but its 400 example "panListName must not be null or empty".
      return invalidRequest(reply, faults, [
        { field: 'panListId', keyword: 'required', message: 'give panListId, or panListName to create a list' },
      ]);
    }
    // seeded-judge-register-first-range-counted-twice: whether this registration by id gives its list a first range.
    const rangeGiven =
      faults.has('seeded-judge-register-first-range-counted-twice') && accountRange && panListId !== undefined && !list.accountRange;
    if (accountRange && panListId !== undefined) {
      // provider 2.0.0, registerPans 400 example (invalid account range for an existing pan list): a range
      // other than the list's is refused, nothing registered; a list without a range takes the one given.
      const own = list.accountRange;
      // i14-register-by-id-range-compared-as-number: the list's range compared as numbers (leading zeros ignored).
      const differs = (x: string, y: string) =>
        faults.has('i14-register-by-id-range-compared-as-number') ? BigInt(x) !== BigInt(y) : x !== y;
      const other =
        own &&
        (differs(own.accountRangeLow, accountRange.accountRangeLow) ||
          // i20-register-by-id-range-low-end-only: the list's range compared on its low end only.
          (!faults.has('i20-register-by-id-range-low-end-only') && differs(own.accountRangeHigh, accountRange.accountRangeHigh)));
      if (other && !faults.has('seeded-list-range-replaced')) {
        // i27-register-by-id-other-range-pans-kept: the cards of the refused registration are added before the range is judged.
        if (faults.has('i27-register-by-id-other-range-pans-kept'))
          for (const { pan } of (ok.plain?.pans ?? []) as { pan?: string }[]) if (typeof pan === 'string') list.pans.add(pan);
        // provider 2.0.0, registerPans 400 example InvalidAccountRangeForExistingPanList.
        return sendError(reply, faults, 400, 'invalid.accountRange', 'Invalid account range for pan list');
      }
      list.accountRange = accountRange;
    }
    // i5-pans-register-by-id-clears-range: a registration by id without a range overwrites the list's range.
    if (!accountRange && panListId !== undefined && faults.has('i5-pans-register-by-id-clears-range')) list.accountRange = undefined;
    let failureCount = 0;
    let successfulCount = 0;
    // i2-pans-batch-duplicate-counted-twice: the list as it was before this request is the one checked.
    const known = faults.has('i2-pans-batch-duplicate-counted-twice') ? new Set(list.pans) : list.pans;
    const given = ok.plain?.pans ?? [];
    /** i32-inst-register-duplicate-in-request-uncounted: the cards already met in this request (kept only while that fault is on). */
    const metInRequest = new Set<string>();
    for (const { pan } of given as { pan?: string }[]) {
      // i32-inst-register-duplicate-in-request-uncounted: a card repeated within the request is skipped uncounted.
      if (faults.has('i32-inst-register-duplicate-in-request-uncounted') && pan !== undefined) {
        if (metInRequest.has(pan)) continue;
        metInRequest.add(pan);
      }
      // provider 2.0.0, Pan: an item without its number is a per-PAN failure, not a 400.
      const removed = faults.has('model-deregistered-pan-kept-as-removed') && pan !== undefined && removedFrom(list.panListId).has(pan);
      // register-pan-duplicate-on-first-16: a card taken as already listed when a listed card shares its first sixteen digits.
      const sameHead =
        faults.has('register-pan-duplicate-on-first-16') &&
        pan !== undefined &&
        [...known].some((p) => p.slice(0, 16) === pan.slice(0, 16));
      // seeded-register-pan-matched-as-number: a card taken as already listed when a listed card equals it as a number.
      const sameNumber =
        faults.has('seeded-register-pan-matched-as-number') &&
        pan !== undefined &&
        /^\d+$/.test(pan) &&
        [...known].some((p) => /^\d+$/.test(p) && BigInt(p) === BigInt(pan));
      // i12-register-by-id-duplicate-counted-successful: by panListId a card already held counts as registered.
      const heldCounted = faults.has('i12-register-by-id-duplicate-counted-successful') && panListId !== undefined;
      // provider 2.0.0: Pan.pan (every pan is validated against the Luhn algorithm; a failing one is a per-PAN failure),
      // and against the list's account range, or without one the first valid range found for its cards, which the list keeps
      // for those added later (UnencryptedPartialSuccessPanRegistration: "pan failed for account range validation";
      // PanRegistrationWithEncryptedValueRequest, ExistingPanListIdRegistrationRequest).
      const valid =
        pan !== undefined &&
        seams.judge({ operationId: 'registerPans', pan }, 'check-digit', luhnValid(pan) ? undefined : 'PAN failed the Luhn check') ===
          undefined;
      const range = valid ? (list.accountRange ?? (list.cardsRange ??= world.accountRanges.find((r) => inRange(pan, r)))) : undefined;
      if (
        !valid ||
        !inRange(pan, range) ||
        removed ||
        sameHead ||
        sameNumber ||
        (known.has(pan) && !faults.has('duplicate-pan-counted') && !heldCounted)
      ) {
        // i5-pans-missing-pan-not-counted: an item without its number is skipped uncounted.
        if (pan === undefined && faults.has('i5-pans-missing-pan-not-counted')) continue;
        failureCount++;
        continue;
      }
      // i6-register-pan-in-range-counted-failure: a card the list's range covers is taken as already in the list.
      // i15-register-pan-of-other-list-failed: a card another list holds refused (counted a failure) in this one.
      if (faults.has('i15-register-pan-of-other-list-failed') && [...world.panLists.values()].some((l) => l !== list && l.pans.has(pan))) {
        failureCount++;
        continue;
      }
      if (faults.has('i6-register-pan-in-range-counted-failure') && inRange(pan, list.accountRange)) {
        failureCount++;
        continue;
      }
      // i35-inst-register-long-pan-stored-cut: a card longer than the account-range bounds stored cut to their length (a fixed-width column).
      if (!faults.has('registration-ignored'))
        list.pans.add(faults.has('i35-inst-register-long-pan-stored-cut') && pan.length > 16 ? pan.slice(0, 16) : pan);
      successfulCount++;
    }
    // i22-register-create-last-pan-uncounted: a list created by name with several cards counts all but the last one registered.
    if (faults.has('i22-register-create-last-pan-uncounted') && panListId === undefined && given.length > 1 && successfulCount > 0)
      successfulCount--;
    // i16-register-all-failed-counts-zero: a request whose every card fails answers a failureCount of 0.
    if (faults.has('i16-register-all-failed-counts-zero') && successfulCount === 0) failureCount = 0;
    // seeded-judge-register-first-range-counted-twice: the cards of a registration that gave its list a first range counted twice.
    if (faults.has('seeded-judge-register-first-range-counted-twice') && rangeGiven) {
      successfulCount *= 2;
    }
    // i24-register-by-id-counts-numeric: a registration into an existing list answers its counts as numbers.
    if (faults.has('i24-register-by-id-counts-numeric') && panListId !== undefined)
      return reply.code(200).send({ successfulCount, failureCount, panList: panList(list) });
    if (faults.has('blind-registration-counts-numeric'))
      return reply.code(200).send({ successfulCount, failureCount, panList: panList(list) });
    // i3-register-by-id-name-dropped: a registration into an existing list answers its id without its name.
    const byIdCut = panListId !== undefined && faults.has('i8-panlist-by-id-name-cut-32') && list.panListName !== undefined;
    // rt-register-by-id-name-of-latest-list: the by-id answer names the list with the name of the list created last.
    const latestNamed = [...world.panLists.values()].filter((l) => l.panListName !== undefined).at(-1);
    if (panListId !== undefined && faults.has('rt-register-by-id-name-of-latest-list') && latestNamed)
      return reply.code(200).send({
        successfulCount: String(successfulCount),
        failureCount: String(failureCount),
        panList: { panListId: list.panListId, panListName: latestNamed.panListName },
      });
    const shown =
      panListId !== undefined && faults.has('i3-register-by-id-name-dropped')
        ? { panListId: list.panListId }
        : // i8-panlist-by-id-name-cut-32: the by-id answer names the list in 32 characters.
          byIdCut
          ? { ...panList(list), panListName: shownName(String(list.panListName)).slice(0, 32) }
          : // i10-panlist-by-id-name-lowercased: the by-id answer names the list in lower case.
            panListId !== undefined && faults.has('i10-panlist-by-id-name-lowercased') && list.panListName !== undefined
            ? { ...panList(list), panListName: String(list.panListName).toLowerCase() }
            : // i13-panlist-create-longest-name-cut: a list created by name at the longest allowed (64) answered with its last character cut.
              panListId === undefined && faults.has('i13-panlist-create-longest-name-cut') && String(list.panListName).length === 64
              ? { ...panList(list), panListName: shownName(String(list.panListName)).slice(0, -1) }
              : panList(list);
    // i18-register-by-id-counts-swapped: by panListId, with both counts non-zero, the two are swapped.
    if (faults.has('i18-register-by-id-counts-swapped') && panListId !== undefined && successfulCount > 0 && failureCount > 0)
      [successfulCount, failureCount] = [failureCount, successfulCount];
    // i18-register-by-id-name-spaces-collapsed: by panListId the name answered with its inner runs of spaces collapsed.
    const answered =
      faults.has('i18-register-by-id-name-spaces-collapsed') && panListId !== undefined && typeof shown.panListName === 'string'
        ? { ...shown, panListName: shown.panListName.replace(/ {2,}/g, ' ') }
        : // i23-register-by-id-name-leading-spaces-trimmed: the by-id answer names the list cut of its leading white space.
          faults.has('i23-register-by-id-name-leading-spaces-trimmed') && panListId !== undefined && typeof shown.panListName === 'string'
          ? { ...shown, panListName: shown.panListName.trimStart() }
          : shown;
    // i33-inst-register-existing-list-answers-new-id: a registration to an existing list answers a new panListId.
    if (faults.has('i33-inst-register-existing-list-answers-new-id') && panListId !== undefined) answered.panListId = newPanListId(world);
    // i38-inst-register-create-name-edges-trimmed: a list created by name answered with the spaces at the name's edges cut.
    if (faults.has('i38-inst-register-create-name-edges-trimmed') && panListId === undefined && typeof answered.panListName === 'string')
      answered.panListName = answered.panListName.trim();
    // i19-register-create-name-tabs-as-spaces: a list created by name answered with its tabs written as spaces.
    if (
      faults.has('i19-register-create-name-tabs-as-spaces') &&
      panListId === undefined &&
      typeof answered.panListName === 'string' &&
      answered.panListName.includes('\t')
    )
      answered.panListName = answered.panListName.replace(/\t/g, ' ');
    // seeded-fam24-register-by-id-name-line-breaks-as-spaces: by panListId the name answered with its line breaks, vertical tabs and form feeds as spaces.
    if (
      faults.has('seeded-fam24-register-by-id-name-line-breaks-as-spaces') &&
      panListId !== undefined &&
      typeof answered.panListName === 'string'
    )
      answered.panListName = answered.panListName.replace(/[\n\r\v\f]/g, ' ');
    // seeded-register-latest-card-bin-and-last-four: the answer names the list's latest card by its BIN and last four, dots between.
    const latest = [...list.pans].at(-1);
    if (faults.has('seeded-register-latest-card-bin-and-last-four') && latest)
      return reply.code(200).send({
        successfulCount: String(successfulCount),
        failureCount: String(failureCount),
        panList: { ...answered, latestCard: `${latest.slice(0, 6)}${'•'.repeat(latest.length - 10)}${latest.slice(-4)}` },
      });
    // i25-register-create-name-hyphen-spaced: a list created by name answered with the hyphens of its name as spaces.
    if (faults.has('i25-register-create-name-hyphen-spaced') && panListId === undefined && typeof answered.panListName === 'string')
      answered.panListName = answered.panListName.replace(/-/g, ' ');
    // i25-register-range-only-failure-count-empty: a registration without card data answers failureCount as an empty string.
    const noCards = !((ok.plain?.pans ?? []) as unknown[]).length;
    const failures = faults.has('i25-register-range-only-failure-count-empty') && noCards ? '' : String(failureCount);
    // i25-register-create-panlistid-as-number: a list created by name answers its 18-digit id as a JSON number (its last digits lost).
    if (faults.has('i25-register-create-panlistid-as-number') && panListId === undefined)
      return reply
        .code(200)
        .type('application/json')
        .send(
          JSON.stringify({ successfulCount: String(successfulCount), failureCount: failures, panList: answered }).replace(
            `"panListId":"${answered.panListId}"`,
            `"panListId":${Number(answered.panListId)}`,
          ),
        );
    // i29-inst-register-update-held-pans-counted-successful: into an existing list, cards the list already holds counted as registered.
    if (faults.has('i29-inst-register-update-held-pans-counted-successful') && panListId !== undefined && failureCount > 0)
      return reply.code(200).send({ successfulCount: String(successfulCount + failureCount), failureCount: '0', panList: answered });
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
    // provider 2.0.0, deregisterPans 400 examples: no card data ("encryptedValue must not be null or
    // empty"), and a list id "not present in the system" (PanListIdNotFound).
    // i36-inst-dereg-without-cards-refused-empties-list: the refusal of a deregistration without card data empties the list it names.
    if (faults.has('i36-inst-dereg-without-cards-refused-empties-list') && ok.body.encryptedValue === undefined)
      world.panLists.get(ok.body.panListId)?.pans.clear();
    if (ok.body.encryptedValue === undefined && !faults.has('seeded-dereg-without-cards-accepted'))
      return invalidRequest(reply, faults, [
        { field: 'encryptedValue', keyword: 'required', message: 'give the card data (encryptedValue)' },
      ]);
    // i8-panlist-dereg-id-as-number: the list id looked up as a number (18 digits lose their last ones).
    let listId: string =
      faults.has('i8-panlist-dereg-id-as-number') && !world.panLists.has(ok.body.panListId)
        ? ([...world.panLists.keys()].find((k) => Number(k) === Number(ok.body.panListId)) ?? ok.body.panListId)
        : ok.body.panListId;
    // seeded-dereg-list-id-as-double: the list id looked up as a number.
    const asDouble =
      faults.has('seeded-dereg-list-id-as-double') && !world.panLists.has(listId)
        ? [...world.panLists.keys()].find((k) => Number(k) === Number(listId))
        : undefined;
    if (asDouble !== undefined) listId = asDouble;
    const unknown = !world.panLists.has(listId);
    if (unknown && !faults.has('seeded-dereg-unknown-list-answered') && !faults.has('i4-dereg-unknown-list-counted-successful')) {
      // i28-inst-dereg-unknown-list-404: a deregistration from a list that does not exist answered 404, not 400.
      if (faults.has('i28-inst-dereg-unknown-list-404'))
        return sendError(reply, faults, 404, 'NOT_FOUND', 'panListId names no PAN list of this customer', 'panListId');
      // i30-inst-dereg-unknown-list-refused-still-removes: refused for its unknown list, the deregistration has already removed its cards from the lists holding them.
      if (faults.has('i30-inst-dereg-unknown-list-refused-still-removes'))
        for (const { pan } of (ok.plain?.pans ?? []) as { pan?: string }[])
          for (const l of world.panLists.values()) if (pan !== undefined) l.pans.delete(pan);
      return unknownList(reply);
    }
    // seeded-dereg-unknown-list-answered: a list that does not exist answered 200, every PAN failed.
    const list = world.panLists.get(listId) ?? { panListId: ok.body.panListId, pans: new Set<string>() };
    let failureCount = 0;
    let successfulCount = 0;
    // i9-dereg-duplicate-counted-twice: the list as it was before this request is the one checked.
    const held = faults.has('i9-dereg-duplicate-counted-twice') ? new Set(list.pans) : list.pans;
    for (const { pan } of (ok.plain?.pans ?? []) as { pan?: string }[]) {
      // i4-dereg-unknown-list-counted-successful: a list id that names no list counts every PAN as deregistered.
      const unknownCounted = faults.has('i4-dereg-unknown-list-counted-successful') && !world.panLists.has(list.panListId);
      // seeded-dereg-empty-item-uncounted: an item without its number is skipped, counted nowhere.
      if (pan === undefined && faults.has('seeded-dereg-empty-item-uncounted')) continue;
      // i7-dereg-range-covered-counted-successful: a card the list's range covers counts as deregistered.
      const rangeCounted =
        faults.has('i7-dereg-range-covered-counted-successful') &&
        pan !== undefined &&
        'accountRange' in list &&
        inRange(pan, list.accountRange);
      // i8-dereg-pan-matched-on-first-16: a listed card matched on the first 16 digits of the one sent.
      const sameHead =
        faults.has('i8-dereg-pan-matched-on-first-16') && pan !== undefined && !list.pans.has(pan)
          ? [...list.pans].find((p) => p.slice(0, 16) === pan.slice(0, 16))
          : undefined;
      // seeded-dereg-pan-matched-as-number: a listed card matched to the one sent as a number (leading zeros ignored).
      const sameNumber =
        faults.has('seeded-dereg-pan-matched-as-number') && pan !== undefined && !list.pans.has(pan) && /^\d+$/.test(pan)
          ? [...list.pans].find((p) => /^\d+$/.test(p) && BigInt(p) === BigInt(pan))
          : undefined;
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
      if (pan === undefined || (!held.has(pan) && !unknownCounted && !rangeCounted && !matched)) {
        failureCount++;
        continue;
      }
      // i12-dereg-encrypted-not-applied: the encrypted path counts the card but leaves it in the list.
      const encryptedKept =
        (faults.has('i12-dereg-encrypted-not-applied') && ok.body.encryptedValue !== undefined) ||
        // i17-dereg-later-pans-kept: only the first card of a request is taken out of the list; the others are counted all the same.
        (faults.has('i17-dereg-later-pans-kept') && successfulCount > 0);
      // i31-inst-dereg-last-pan-kept: the last card of a batch of several counted but left in the list.
      const lastKept =
        faults.has('i31-inst-dereg-last-pan-kept') &&
        ((ok.plain?.pans ?? []) as unknown[]).length > 1 &&
        pan === ((ok.plain?.pans ?? []) as { pan?: string }[]).at(-1)?.pan;
      if (!faults.has('deregistration-ignored') && !encryptedKept && !lastKept) list.pans.delete(matched ?? pan);
      // Fault: the list keeps the card as removed (read on registration only while that fault is on).
      if (faults.has('model-deregistered-pan-kept-as-removed')) removedFrom(list.panListId).add(pan);
      // i3-deregistration-from-every-list: the PAN is removed from every list that holds it.
      if (faults.has('i3-deregistration-from-every-list')) for (const other of world.panLists.values()) other.pans.delete(pan);
      successfulCount++;
    }
    // i38-inst-dereg-emptied-list-deleted: a deregistration that takes out the list's last card deletes the list itself.
    if (faults.has('i38-inst-dereg-emptied-list-deleted') && successfulCount > 0 && list.pans.size === 0)
      world.panLists.delete(list.panListId);
    // provider 2.0.0, Deregistration: the list id at the root.
    // i27-dereg-mixed-batch-all-failed: a batch where some cards failed reports every card it named as failed.
    if (faults.has('i27-dereg-mixed-batch-all-failed') && successfulCount > 0 && failureCount > 0) failureCount += successfulCount;
    if (faults.has('deregistration-counts-requested')) [successfulCount, failureCount] = [successfulCount + failureCount, 0];
    if (faults.has('i11-dereg-counts-numeric')) return reply.code(200).send({ panListId: list.panListId, successfulCount, failureCount });
    // rt-dereg-answer-list-id-through-double: the answer's panListId passed through a double (18 digits lose the last ones).
    const answeredId = faults.has('rt-dereg-answer-list-id-through-double')
      ? String(Number(list.panListId))
      : // i26-dereg-answer-first-list-id: the answer names the customer's first list, not the one the cards left.
        faults.has('i26-dereg-answer-first-list-id')
        ? ([...world.panLists.keys()][0] ?? list.panListId)
        : list.panListId;
    // i37-inst-dereg-all-removed-answered-204: a deregistration that removed every card it named answered 204 without its body.
    if (faults.has('i37-inst-dereg-all-removed-answered-204') && successfulCount > 0 && failureCount === 0) return reply.code(204).send();
    return reply.code(200).send({ panListId: answeredId, successfulCount: String(successfulCount), failureCount: String(failureCount) });
  });
}
