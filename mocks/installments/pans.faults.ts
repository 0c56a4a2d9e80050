// Faults of PAN list registration and deregistration (pans.ts; limits and patterns through the contract), each breaking one rule of
// schemas/installments/rules.yaml. The suite's authors' faults first, then the blind ones (`origin: 'blind'`).
import { assumption, faultCatalogue, provider, seeded } from '../kit/faults.js';
import { okBody, refuseAt, relaxed, skipAt, type Changing, type Judging, fault } from './fault-builders.js';
import { INVALID } from './errors.js';
import type { Exchange, Refusal, Step } from './seams.js';

const sentBody = (x: Exchange) => x.ok?.body ?? {};
const byId = (x: Exchange) => sentBody(x).panListId !== undefined;
const invalid = (field: string, keyword: string, message: string): Refusal => ({
  status: 400,
  reasonCode: INVALID,
  description: message,
  details: field,
  violations: [{ field, keyword, message }],
});
/** A registration's list in its answer bent (the answer's panList). */
const listAnswered = (bendIt: (l: Record<string, any>, x: Exchange) => void, when: (x: Exchange, l: Record<string, any>) => boolean) =>
  okBody(
    'registerPans',
    (b, x) => void bendIt(b.panList, x),
    (b, x) => when(x, b.panList),
  );
/** A refused deregistration that takes out the cards it sent all the same (in clear, `sensitiveData`), those `taken` takes. */
const removesRefused =
  (status: number, taken: (pan: string) => boolean): Changing =>
  (x, c) => {
    const list = typeof x.sent?.panListId === 'string' ? x.world.panLists.get(x.sent.panListId) : undefined;
    const items =
      x.op === 'deregisterPans' && x.refused === status && list && Array.isArray(x.sent?.sensitiveData?.pans)
        ? x.sent.sensitiveData.pans
        : [];
    for (const item of items) if (typeof item?.pan === 'string' && taken(item.pan)) list!.pans.delete(item.pan);
    return c;
  };
/** A card a deregistration's list does not hold taken out of another list that holds it. */
const takenElsewhere: Changing = (x, c) => {
  if (x.op !== 'deregisterPans' || !('holder' in c) || c.holder || c.pan === undefined) return c;
  const holder = [...x.world.panLists.values()].find((l) => l.pans.has(c.pan!));
  return holder ? { ...c, holder } : c;
};
/** The list a registration names by id found otherwise. */
const listFoundBy =
  (step: Step, find: (x: Exchange) => Exchange['list']): Judging =>
  (x, s, r) => {
    const found = s === step && r ? find(x) : undefined;
    if (!found) return r;
    x.list = found;
    return undefined;
  };

export const PANS_FAULTS = faultCatalogue([
  fault('new-list-unheld-range-accepted', {
    rule: 'IN-STATE-HELD-RANGE: a new list is made with whatever account range it is given, one the system does not hold too',
    judge: skipAt('register-range'),
    ...provider,
  }),
  fault('held-range-refusal-once', {
    rule: 'IN-ERR-RECOVERABLE: a new list given a range the system does not hold is refused once, not recoverable, and made when asked again',
    judge: (_x, s, r, memory) => {
      if (s !== 'register-range') return r;
      if (!r || !memory.refused) return (memory.refused = r);
      return undefined;
    },
    ...provider,
  }),
  // Seeded beside the optional-ids property of properties.type-forms.spec.ts (IN-OPTIONAL-IDS).
  fault('in-optional-ids-register-id-beside-name-new-list', {
    rule: "IN-OPTIONAL-IDS: a registration naming the caller's PAN list by panListId beside a panListName makes a new list by the name and answers its id",
    ...seeded,
    judge: (x, s, r) => {
      if (s === 'register-read' && byId(x) && sentBody(x).panListName !== undefined) delete x.ok!.body.panListId;
      return r;
    },
    ...provider,
  }),
  // Limits, patterns, enums and array caps (provider 2.0.0): the mock's validation loosened. None drops the panListId pattern: an id
  // off it names no list and is refused as an unknown list, same status and ReasonCode (provider 2.0.0 example
  // BadRequestPanListIdRegexValidationError: 'invalid.data: panListId'); only the unpinned Description would differ. Nor the
  // account range's pattern: a range off it is no range the target holds, refused 400 as InvalidAccountRangeForNewPanList documents.
  ...relaxed([
    ['panListName-pattern-unenforced', 'panListName pattern', 'PanListName', ['pattern'], ['IN-PAT-PANLISTNAME', 'IN-LIM-PANLISTNAME']],
    ['pan-pattern-unenforced', 'PAN pattern (digits, in its range of lengths)', 'Pan', ['pattern'], ['IN-LIM-PAN']],
  ]),
  // PAN lists and offers (reference, Flows - services).
  fault('pan-list-unnamed-accepted', {
    rule: 'a registration names its list by id or creates one by name (provider 400 example)',
    rules: ['IN-EXCL-PANLIST'],
    ...assumption,
    judge: skipAt('register-name'),
  }),
  // Filters, paging, readers, counts, echoes and paths of the suite's rule catalogue.
  fault('panListName-uppercased', {
    rule: 'IN-ECHO-PANLIST: panListName answered byte for byte',
    answer: listAnswered(
      (l) => void (l.panListName = l.panListName.toUpperCase()),
      (_x, l) => typeof l?.panListName === 'string',
    ),
    ...provider,
  }),
  fault('in-lim-panlistname-panlist-name-64-refused', {
    rule: 'panListName has a maximum length (provider 2.0.0, Registration): a name of exactly that length is refused, the bound checked as exclusive',
    rules: ['IN-LIM-PANLISTNAME'],
    judge: refuseAt(
      'register-members',
      (x) => String(sentBody(x).panListName ?? '').length === 64,
      () => invalid('panListName', 'maxLength', 'panListName is too long'),
    ),
    ...provider,
  }),
  // Seeded beside the checks of a list's account range and the counts of every item (pan-lists.ranges.spec.ts, the PAN lists model).
  fault('in-req-cards-or-range-registration-without-cards-or-range-accepted', {
    rule: 'IN-REQ-CARDS-OR-RANGE: a registration with neither card data nor an account range is accepted',
    ...seeded,
    judge: skipAt('register-card-data'),
    ...provider,
  }),
  fault('in-req-update-pans-without-pans-accepted', {
    rule: 'IN-REQ-UPDATE-PANS: a registration into an existing list without a card number is accepted',
    ...seeded,
    judge: skipAt('register-update'),
    ...provider,
  }),
  // Seeded beside the check of every looked-up id's end forms (lookups.end-forms.spec.ts).
  fault('in-lookup-exact-register-list-id-last-char-ignored', {
    rule: "IN-LOOKUP-EXACT: a registration into a list finds it by its id as sent (provider 2.0.0, PanListIdNotFound); registerPans finds a list by all but its id's last character",
    rules: ['IN-STATE-UNKNOWN-LIST'],
    ...seeded,
    judge: listFoundBy('register-list', (x) =>
      [...x.world.panLists.values()].find((l) => String(l.panListId).slice(0, -1) === String(sentBody(x).panListId).slice(0, -1)),
    ),
    ...provider,
  }),
  fault('in-req-dereg-cards-without-cards-accepted', {
    rule: 'IN-REQ-DEREG-CARDS: a deregistration without card data is answered 200',
    ...seeded,
    judge: skipAt('dereg-card-data'),
    ...provider,
  }),
  fault('in-pat-panlistname-panlist-name-hyphen-refused', {
    rule: 'panListName holds letters, digits, white space and hyphens (provider 2.0.0 PanListName pattern): creating a list whose name holds a hyphen is refused with 400',
    rules: ['IN-PAT-PANLISTNAME'],
    judge: refuseAt(
      'register-name',
      (x) => String(sentBody(x).panListName).includes('-'),
      () => invalid('panListName', 'pattern', 'panListName holds a character not allowed'),
    ),
    ...provider,
  }),
  // Red team rt-: deviations a stranger would write (seeded beside the checks extended for their family).
  fault('in-val-pan-counts-dereg-pan-of-other-list-removed', {
    rule: 'a deregistration applies to the pan list it names; a card not in it is counted a failure (provider 2.0.0, deregisterPans counts): a card held by another list is removed from that list and counted successful',
    rules: ['IN-VAL-PAN-COUNTS', 'IN-STATE-PAN-ELIGIBLE', 'IN-PROP-WRITE-SCOPE'],
    ...seeded,
    state: takenElsewhere,
    ...provider,
  }),
  fault('in-lim-accountrange-register-range-19-digits-refused', {
    rule: 'each end of an account range is accepted at every length its pattern allows (provider 2.0.0 AccountRange): a range whose low end has the longest length allowed is refused 400 as too long',
    rules: ['IN-LIM-ACCOUNTRANGE'],
    judge: refuseAt(
      'register-members',
      (x) => String(sentBody(x).accountRange?.accountRangeLow ?? '').length === 19,
      () => invalid('accountRange.accountRangeLow', 'maxLength', 'accountRangeLow is too long'),
    ),
    ...provider,
  }),
  fault('in-state-list-range-register-by-id-other-range-pans-kept', {
    rule: "a registration into an existing list with an account range other than the list's is 400 and changes nothing (provider 2.0.0, registerPans 400 example): the cards it carried are added to the list before the range is refused",
    rules: ['IN-STATE-LIST-RANGE', 'IN-PROP-REFUSED-NO-TRACE'],
    judge: (x, s, r) => {
      if (s === 'register-list-range' && r)
        for (const { pan } of (x.ok?.plain?.pans ?? []) as { pan?: string }[]) if (typeof pan === 'string') x.list!.pans.add(pan);
      return r;
    },
    ...provider,
  }),
  fault('in-prop-refused-no-trace-dereg-refused-still-removes', {
    rule: 'a refused request is not carried out in part (reference, assumption; seed 001 Endpoints): a deregistration refused 400 for one malformed card has already removed the well-formed cards of the batch from the list',
    rules: ['IN-PROP-REFUSED-NO-TRACE', 'IN-STATE-PAN-ELIGIBLE'],
    ...assumption,
    state: removesRefused(400, (pan) => /^[0-9]{13,19}$/.test(pan)),
  }),
  fault('in-auth-forbidden-dereg-forbidden-still-removes', {
    rule: 'a consumer key not allowed an operation is refused 403 and the refusal changes nothing (reference, Transport and auth): a deregistration refused 403 has removed the cards it named all the same',
    rules: ['IN-AUTH-FORBIDDEN', 'IN-PROP-REFUSED-NO-TRACE'],
    ...assumption,
    state: removesRefused(403, () => true),
  }),
  fault('in-val-pan-counts-register-range-only-counted-successful', {
    rule: 'successfulCount counts the cards registered (reference, PAN registration response; provider 2.0.0 Registration): a list created with an accountRange and no cards answers successfulCount one, the range counted as a card',
    rules: ['IN-VAL-PAN-COUNTS', 'IN-PROP-COUNTS'],
    answer: okBody(
      'registerPans',
      (b) => ({ ...b, successfulCount: '1' }),
      (_b, x) => !byId(x) && Boolean(sentBody(x).accountRange) && !((x.ok?.plain?.pans ?? []) as unknown[]).length,
    ),
    ...provider,
  }),
  fault('in-state-unknown-list-dereg-emptied-list-deleted', {
    rule: 'deregistration removes cards from an existing pan list, the list itself stays (seed 001, Endpoints: deregisters pans from an existing pan list): a deregistration that removes the last card deletes the list, so a later registration by its panListId is refused as unknown',
    rules: ['IN-STATE-UNKNOWN-LIST', 'IN-PROP-ANSWER-IS-STATE'],
    state: (x, c) => {
      if (x.op === 'deregisterPans' && c.list && (c.removed ?? 0) > 0 && c.list.pans.size === 0) x.world.panLists.delete(c.list.panListId);
      return c;
    },
  }),
]);
