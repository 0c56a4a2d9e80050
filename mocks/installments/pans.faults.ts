// Faults of PAN lists: registration and deregistration (switched in pans.ts; the limits and patterns
// through the contract): each breaks one rule of schemas/installments/rules.yaml, the way a
// provider's release might. `rules` names the rule ids it breaks (`npm run mutation -- --targeted`
// runs the specs citing them). The faults of the suite's authors first, then those written blind
// (`origin: 'blind'`, measured apart by `npm run mutation -- --blind`).
import { faultCatalogue, seeded } from '../kit/faults.js';
import { bend, okBody, refuseAt, relax, rule, skipAt, type Changing, type Judging } from './fault-builders.js';
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
  bend(
    {
      id: 'new-list-unheld-range-accepted',
      rule: 'IN-STATE-HELD-RANGE: a new list is made with whatever account range it is given, one the system does not hold too',
      source: 'provider',
      rules: ['IN-STATE-HELD-RANGE'],
    },
    { judge: skipAt('register-range') },
  ),
  bend(
    {
      id: 'held-range-refusal-once',
      rule: 'IN-ERR-RECOVERABLE: a new list given a range the system does not hold is refused once, not recoverable, and made when asked again',
      source: 'provider',
      rules: ['IN-ERR-RECOVERABLE'],
    },
    {
      judge: (_x, s, r, memory) => {
        if (s !== 'register-range') return r;
        if (!r || !memory.refused) return (memory.refused = r);
        return undefined;
      },
    },
  ),
  // Seeded beside the optional-ids property of properties.type-forms.spec.ts (IN-OPTIONAL-IDS).
  bend(
    seeded({
      id: 'in-optional-ids-register-id-beside-name-new-list',
      rule: "IN-OPTIONAL-IDS: a registration naming the caller's PAN list by panListId beside a panListName makes a new list by the name and answers its id",
      source: 'provider',
      rules: ['IN-OPTIONAL-IDS'],
    }),
    {
      judge: (x, s, r) => {
        if (s === 'register-read' && byId(x) && sentBody(x).panListName !== undefined) delete x.ok!.body.panListId;
        return r;
      },
    },
  ),
  // Limits, patterns, enums and array caps (provider 2.0.0): the mock's validation is loosened.
  // No fault drops the panListId pattern: a list id is made by the service (18 digits), so an id off
  // the pattern names no list and is refused as an unknown list would be, with the same status and
  // ReasonCode (provider 2.0.0 examples BadRequestPanListIdRegexValidationError: 'invalid.data:
  // panListId'); only the Description's wording would differ, and no source pins it.
  relax('panListName-pattern-unenforced', 'panListName pattern', 'PanListName', undefined, { drop: ['pattern'] }, [
    'IN-PAT-PANLISTNAME',
    'IN-LIM-PANLISTNAME',
  ]),
  relax('accountRange-pattern-unenforced', 'accountRangeLow/High pattern', 'AccountRangeBound', undefined, { drop: ['pattern'] }, [
    'IN-LIM-ACCOUNTRANGE',
  ]),
  relax('pan-pattern-unenforced', 'PAN pattern (digits, in its range of lengths)', 'Pan', undefined, { drop: ['pattern'] }, ['IN-LIM-PAN']),
  // PAN lists and offers (reference, Flows - services).
  bend(
    rule('pan-list-unnamed-accepted', 'a registration names its list by id or creates one by name (provider 400 example)', [
      'IN-EXCL-PANLIST',
    ]),
    { judge: skipAt('register-name') },
  ),
  // Filters, paging, readers, counts, echoes and paths of the suite's rule catalogue.
  bend(
    {
      id: 'panListName-uppercased',
      rule: 'IN-ECHO-PANLIST: panListName answered byte for byte',
      source: 'provider',
      rules: ['IN-ECHO-PANLIST'],
    },
    {
      answer: listAnswered(
        (l) => void (l.panListName = l.panListName.toUpperCase()),
        (_x, l) => typeof l?.panListName === 'string',
      ),
    },
  ),
  {
    id: 'in-lim-panlistname-panlist-name-65-accepted',
    rule: 'panListName has at most the characters its pattern allows (provider 2.0.0, PanListName pattern): one more is accepted (the refusing side only)',
    source: 'provider',
    rules: ['IN-LIM-PANLISTNAME'],
    relax: [{ schema: 'PanListName', set: { pattern: '^[a-zA-Z0-9\\s-]{1,65}$' } }],
  },
  bend(
    {
      id: 'in-state-pan-eligible-deregistration-from-every-list',
      rule: 'deregistration removes the PANs from the list named (seed 001, PAN lists): it removes them from every list of the service, so a card still registered in another list gets no offers',
      source: 'seed',
      rules: ['IN-STATE-PAN-ELIGIBLE', 'IN-PROP-WRITE-SCOPE'],
    },
    {
      state: (x, c) => {
        if (x.op === 'deregisterPans' && c.holder && c.pan !== undefined)
          for (const l of x.world.panLists.values()) if (l !== c.holder) l.pans.delete(c.pan);
        return c;
      },
    },
  ),
  bend(
    {
      id: 'in-range-eligible-pans-register-by-id-clears-range',
      rule: "a card in a list's account range stays eligible (reference, Flows - services): registering PANs into an existing list by id without accountRange erases the list's range",
      source: 'assumption',
      rules: ['IN-RANGE-ELIGIBLE', 'IN-STATE-PAN-ELIGIBLE'],
    },
    {
      state: (x, c) => {
        if (x.op === 'registerPans' && c.list && byId(x) && !sentBody(x).accountRange) c.list.accountRange = undefined;
        return c;
      },
    },
  ),
  bend(
    {
      id: 'in-lim-panlistname-panlist-name-64-refused',
      rule: 'panListName has a maximum length (provider 2.0.0, Registration): a name of exactly that length is refused, the bound checked as exclusive',
      source: 'provider',
      rules: ['IN-LIM-PANLISTNAME'],
    },
    {
      judge: refuseAt(
        'register-members',
        (x) => String(sentBody(x).panListName ?? '').length === 64,
        () => invalid('panListName', 'maxLength', 'panListName is too long'),
      ),
    },
  ),
  // Seeded beside the checks of a list's account range and the counts of every item (pan-lists.ranges.spec.ts, the PAN lists model).
  bend(
    seeded({
      id: 'in-req-cards-or-range-registration-without-cards-or-range-accepted',
      rule: 'IN-REQ-CARDS-OR-RANGE: a registration with neither card data nor an account range is accepted',
      source: 'provider',
      rules: ['IN-REQ-CARDS-OR-RANGE'],
    }),
    { judge: skipAt('register-card-data') },
  ),
  bend(
    seeded({
      id: 'in-req-update-pans-without-pans-accepted',
      rule: 'IN-REQ-UPDATE-PANS: a registration into an existing list without a card number is accepted',
      source: 'provider',
      rules: ['IN-REQ-UPDATE-PANS'],
    }),
    { judge: skipAt('register-update') },
  ),
  // Seeded beside the exact-lookup checks of a list id in the body (origin 'seeded'): an 18-digit id
  // read as a double loses its last digits, so another id of the same double names the list.
  // Seeded beside the check of every looked-up id's end forms (lookups.end-forms.spec.ts).
  bend(
    seeded({
      id: 'in-lookup-exact-register-list-id-last-char-ignored',
      rule: "IN-LOOKUP-EXACT: a registration into a list finds it by its id as sent (provider 2.0.0, PanListIdNotFound); registerPans finds a list by all but its id's last character",
      source: 'provider',
      rules: ['IN-LOOKUP-EXACT', 'IN-STATE-UNKNOWN-LIST'],
    }),
    {
      judge: listFoundBy('register-list', (x) =>
        [...x.world.panLists.values()].find((l) => String(l.panListId).slice(0, -1) === String(sentBody(x).panListId).slice(0, -1)),
      ),
    },
  ),
  bend(
    seeded({
      id: 'in-req-dereg-cards-without-cards-accepted',
      rule: 'IN-REQ-DEREG-CARDS: a deregistration without card data is answered 200',
      source: 'provider',
      rules: ['IN-REQ-DEREG-CARDS'],
    }),
    { judge: skipAt('dereg-card-data') },
  ),
  bend(
    {
      id: 'in-pat-panlistname-panlist-name-hyphen-refused',
      rule: 'panListName holds letters, digits, white space and hyphens (provider 2.0.0 PanListName pattern): creating a list whose name holds a hyphen is refused with 400',
      source: 'provider',
      rules: ['IN-PAT-PANLISTNAME'],
    },
    {
      judge: refuseAt(
        'register-name',
        (x) => String(sentBody(x).panListName).includes('-'),
        () => invalid('panListName', 'pattern', 'panListName holds a character not allowed'),
      ),
    },
  ),
  // Red team rt-: deviations a stranger would write (seeded beside the checks extended for their family).
  bend(
    seeded({
      id: 'in-val-pan-counts-dereg-pan-of-other-list-removed',
      rule: 'a deregistration applies to the pan list it names; a card not in it is counted a failure (provider 2.0.0, deregisterPans counts): a card held by another list is removed from that list and counted successful',
      source: 'provider',
      rules: ['IN-VAL-PAN-COUNTS', 'IN-STATE-PAN-ELIGIBLE', 'IN-PROP-WRITE-SCOPE'],
    }),
    { state: takenElsewhere },
  ),
  bend(
    seeded({
      id: 'in-echo-panlist-dereg-answer-list-id-through-double',
      rule: 'deregistration answers the panListId it applied to byte for byte (provider 2.0.0, Deregistration.panListId): the id passed through a double, its last digits changed',
      source: 'provider',
      rules: ['IN-ECHO-PANLIST'],
    }),
    { answer: okBody('deregisterPans', (b) => ({ ...b, panListId: String(Number(b.panListId)) })) },
  ),
  // Seeded beside the card's masked forms on every answer (security.sensitive-values.spec.ts; origin 'seeded').
  bend(
    seeded({
      id: 'in-obj-sensitive-register-latest-card-bin-and-last-four',
      rule: "IN-OBJ-SENSITIVE: answers carry at most the last four digits of a card (provider 2.0.0: card data only encrypted in requests, panLastFour at most in answers): registerPans names the list's latest card by its first six and last four, dots between",
      source: 'provider',
      rules: ['IN-OBJ-SENSITIVE'],
    }),
    {
      answer: listAnswered(
        (l, x) => {
          const latest = [...x.list!.pans].at(-1)!;
          l.latestCard = `${latest.slice(0, 6)}${'•'.repeat(latest.length - 10)}${latest.slice(-4)}`;
        },
        (x) => x.list !== undefined && x.list.pans.size > 0,
      ),
    },
  ),
  bend(
    {
      id: 'in-echo-panlist-register-by-id-name-spaces-collapsed',
      rule: 'registration answers the list name byte for byte, spaces kept, also when registered to by id (provider 2.0.0, ViewPanList): by panListId the name is answered with its runs of inner spaces collapsed to one',
      source: 'provider',
      rules: ['IN-ECHO-PANLIST'],
    },
    {
      answer: listAnswered(
        (l) => void (l.panListName = l.panListName.replace(/ {2,}/g, ' ')),
        (x, l) => byId(x) && typeof l?.panListName === 'string',
      ),
    },
  ),
  bend(
    {
      id: 'in-lim-accountrange-register-range-19-digits-refused',
      rule: 'each end of an account range is accepted at every length its pattern allows (provider 2.0.0 AccountRange): a range whose low end has the longest length allowed is refused 400 as too long',
      source: 'provider',
      rules: ['IN-LIM-ACCOUNTRANGE'],
    },
    {
      judge: refuseAt(
        'register-members',
        (x) => String(sentBody(x).accountRange?.accountRangeLow ?? '').length === 19,
        () => invalid('accountRange.accountRangeLow', 'maxLength', 'accountRangeLow is too long'),
      ),
    },
  ),
  bend(
    {
      id: 'in-state-list-range-register-by-id-other-range-pans-kept',
      rule: "a registration into an existing list with an account range other than the list's is 400 and changes nothing (provider 2.0.0, registerPans 400 example): the cards it carried are added to the list before the range is refused",
      source: 'provider',
      rules: ['IN-STATE-LIST-RANGE', 'IN-PROP-REFUSED-NO-TRACE'],
    },
    {
      judge: (x, s, r) => {
        if (s === 'register-list-range' && r)
          for (const { pan } of (x.ok?.plain?.pans ?? []) as { pan?: string }[]) if (typeof pan === 'string') x.list!.pans.add(pan);
        return r;
      },
    },
  ),
  bend(
    {
      id: 'in-prop-refused-no-trace-dereg-refused-still-removes',
      rule: 'a refused request is not carried out in part (reference, assumption; seed 001 Endpoints): a deregistration refused 400 for one malformed card has already removed the well-formed cards of the batch from the list',
      source: 'assumption',
      rules: ['IN-PROP-REFUSED-NO-TRACE', 'IN-STATE-PAN-ELIGIBLE'],
    },
    { state: removesRefused(400, (pan) => /^[0-9]{13,19}$/.test(pan)) },
  ),
  bend(
    {
      id: 'in-auth-forbidden-dereg-forbidden-still-removes',
      rule: 'a consumer key not allowed an operation is refused 403 and the refusal changes nothing (reference, Transport and auth): a deregistration refused 403 has removed the cards it named all the same',
      source: 'assumption',
      rules: ['IN-AUTH-FORBIDDEN', 'IN-PROP-REFUSED-NO-TRACE'],
    },
    { state: removesRefused(403, () => true) },
  ),
  bend(
    {
      id: 'in-val-pan-counts-register-range-only-counted-successful',
      rule: 'successfulCount counts the cards registered (reference, PAN registration response; provider 2.0.0 Registration): a list created with an accountRange and no cards answers successfulCount one, the range counted as a card',
      source: 'provider',
      rules: ['IN-VAL-PAN-COUNTS', 'IN-PROP-COUNTS'],
    },
    {
      answer: okBody(
        'registerPans',
        (b) => ({ ...b, successfulCount: '1' }),
        (_b, x) => !byId(x) && Boolean(sentBody(x).accountRange) && !((x.ok?.plain?.pans ?? []) as unknown[]).length,
      ),
    },
  ),
  bend(
    {
      id: 'in-prop-counts-register-failed-cards-not-answered',
      rule: 'the failed cards come back encrypted when a card failed (provider 2.0.0 registerPans 200 examples PartialSuccessPansRegistration, FullFailurePansRegistration): a registration with a failed card answers the counts without encryptedValue',
      source: 'provider',
      rules: ['IN-PROP-COUNTS'],
    },
    { answer: okBody('registerPans', ({ encryptedValue: _e, ...b }) => b) },
  ),
  bend(
    {
      id: 'in-prop-counts-dereg-success-answers-encrypted-value',
      rule: 'encryptedValue is left out when no card failed (provider 2.0.0 deregisterPans 200 example FullSuccessPanDeregistration): a deregistration of cards the list holds answers an encryptedValue all the same',
      source: 'provider',
      rules: ['IN-PROP-COUNTS'],
    },
    {
      answer: okBody('deregisterPans', (b) => ({
        ...b,
        encryptedValue: b.encryptedValue ?? 'eyJhbGciOiJSU0EtT0FFUC0yNTYifQ.e30.e30.e30.e30',
      })),
    },
  ),
  bend(
    {
      id: 'in-echo-panlist-register-created-list-answered-next-id',
      rule: 'registration answers the list it registered the cards to (provider 2.0.0, Registration panList; reference, Main fields): a list created by panListName is answered with the panListId after the one it is stored under, so a later registration or deregistration by the answered id names no list',
      source: 'provider',
      rules: ['IN-ECHO-PANLIST', 'IN-PROP-ANSWER-IS-STATE'],
    },
    {
      answer: listAnswered(
        (l) => void (l.panListId = (BigInt(l.panListId) + 1n).toString().padStart(String(l.panListId).length, '0')),
        (x, l) => !byId(x) && /^[0-9]+$/.test(String(l?.panListId)),
      ),
    },
  ),
  bend(
    {
      id: 'in-echo-panlist-register-create-name-edges-trimmed',
      rule: 'panListName may hold white space (its pattern, reference Main fields) and is answered as sent (provider 2.0.0 Registration panList): a list created by name is answered with the spaces at the edges of its name cut',
      source: 'provider',
      rules: ['IN-ECHO-PANLIST', 'IN-PROP-ECHO-AS-SENT'],
    },
    {
      answer: listAnswered(
        (l) => void (l.panListName = l.panListName.trim()),
        (x, l) => !byId(x) && typeof l?.panListName === 'string',
      ),
    },
  ),
  bend(
    {
      id: 'in-state-unknown-list-dereg-emptied-list-deleted',
      rule: 'deregistration removes cards from an existing pan list, the list itself stays (seed 001, Endpoints: deregisters pans from an existing pan list): a deregistration that removes the last card deletes the list, so a later registration by its panListId is refused as unknown',
      source: 'seed',
      rules: ['IN-STATE-UNKNOWN-LIST', 'IN-PROP-ANSWER-IS-STATE'],
    },
    {
      state: (x, c) => {
        if (x.op === 'deregisterPans' && c.list && (c.removed ?? 0) > 0 && c.list.pans.size === 0)
          x.world.panLists.delete(c.list.panListId);
        return c;
      },
    },
  ),
]);
