// Covers: POST /cards (putCard), every value the target resolves to a registered object, on both
// enrollment paths: the caller's srcClientIds and serviceIds (seed 000, Errors 400 INVALID_STATE:
// "srcClientId or serviceId does not resolve to an entity") and the known receipt id (reference A5).
// Each in the forms a lookup by prefix, by all but its last character or by a cut to the stored length
// takes for it (helpers/client/security/value-forms.ts, endForms: the last character changed within its
// class, dropped, one added) and with a space inside it; the forms of case, outer spaces, separators and
// leading zeros are enroll-card.unresolved.spec.ts's. Each is refused with 400 naming the member
// (INVALID_ARGUMENT where the contract's pattern refuses the form, INVALID_STATE where it is well formed
// and resolves to nothing; 403 should a form be another client's id, reference A2), never enrolled for
// the registered object: no source documents folding.
// The API key header's forms are enroll-card.auth.spec.ts's.
import { ENROLLMENT_PATHS, expect, lacksPathData, namesField, NO_RECEIPT, rules, test } from '../../fixtures/card-enrollment.js';
import { endForms } from '../../helpers/client/security/value-forms.js';

/** The forms of one looked-up value sent here: its end changed, and a space inside it. */
const lookupForms = (value: string, registered: readonly string[]) =>
  [
    ...endForms(value),
    { how: 'a space inside it', value: `${value.slice(0, Math.floor(value.length / 2))} ${value.slice(Math.floor(value.length / 2))}` },
  ].filter((f) => !registered.includes(f.value));

const refusedNaming = (res: { status: number; body?: any }, field: string, states: string[]) =>
  res.status === 400 &&
  states.includes(res.body?.status) &&
  ((res.body?.details ?? []) as { source?: string }[]).some((d) => namesField(d.source, field));

for (const path of ENROLLMENT_PATHS) {
  test(
    `refuses, on the ${path} path, each of the caller's srcClientIds and serviceIds with its last character changed, dropped or one added, or a space inside it (400 naming the member, or 403)`,
    rules(`CE-STATE-UNKNOWN-CLIENT@${path}`, `CE-STATE-UNKNOWN-SERVICE@${path}`, `CE-LOOKUP-EXACT@${path}`, 'CE-ERR-FIELD'),
    async ({ cardApi, cards, card }) => {
      test.skip(lacksPathData(card, path), NO_RECEIPT);
      const body = await cards.on(path);
      const wrong: string[] = [];
      let sent = 0;
      for (const [field, own] of [
        ['srcClientId', card.srcClientIds],
        ['serviceId', card.serviceIds],
      ] as const)
        for (const id of own)
          for (const { how, value } of lookupForms(id, own)) {
            const res = await cardApi.call('putCard', { body: { ...body, [field]: value } });
            sent++;
            // A form that happens to be another client's id or program is refused with 403 (reference A2), never enrolled.
            if (!refusedNaming(res, field, ['INVALID_ARGUMENT', 'INVALID_STATE']) && res.status !== 403)
              wrong.push(`${field} (own, ${id.length} characters) with ${how}: ${res.status} ${res.body?.status ?? ''}`);
          }
      test.info().annotations.push({
        type: 'lookup forms',
        description: `${card.srcClientIds.length} srcClientIds and ${card.serviceIds.length} serviceIds, ${sent} forms on the ${path} path`,
      });
      expect(sent, 'forms sent').toBeGreaterThan(0);
      expect(wrong, 'a registered id with its end changed is no id of the caller').toEqual([]);
    },
  );
}

test(
  'refuses the known receipt id with its last character changed, dropped or one added, or a space inside it, with INVALID_STATE @assumption',
  rules('CE-STATE-UNKNOWN-RECEIPT', 'CE-LOOKUP-EXACT@receipt', 'CE-ERR-FIELD'),
  async ({ cardApi, cards, card }) => {
    test.skip(lacksPathData(card, 'receipt'), NO_RECEIPT);
    // reference A5: a receipt is found by its id as sent; enrolmentReferenceId has no pattern, so every form is well formed.
    const known = String(card.receipt!.id);
    const wrong: string[] = [];
    for (const { how, value } of lookupForms(known, [known])) {
      const res = await cardApi.call('putCard', { body: cards.withReceipt(value) });
      if (!refusedNaming(res, 'enrolmentReferenceData.enrolmentReferenceId', ['INVALID_STATE']))
        wrong.push(`receipt id with ${how}: ${res.status} ${res.body?.status ?? ''}`);
    }
    expect(wrong, 'a receipt id with its end changed names no receipt').toEqual([]);
  },
);
