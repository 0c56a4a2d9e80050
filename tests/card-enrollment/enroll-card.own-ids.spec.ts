// Covers: POST /cards (putCard) on each enrollment path: the caller's own ids, every one of them
// (reference A2 and the mock's world: an API key has its srcClientIds, each with the key's allowed
// serviceIds; seed 000, Errors 400 INVALID_STATE only for an id that does not resolve). Each own
// srcClientId with each own serviceId is enrolled on the card path and on the receipt path, and the
// serviceId comes back as sent (seed 000, MaskedCard): a target that knows only the first
// srcClientId, or one program, on one path is caught where a check of the first ids alone passes.
import { ENROLLMENT_PATHS, expect, lacksPathData, rules, test } from '../../fixtures/card-enrollment.js';

test(
  "enrolls each of the caller's own srcClientIds with each of its serviceIds on every enrollment path, the serviceId echoed as sent @assumption",
  rules(...ENROLLMENT_PATHS.flatMap((path) => [`CE-STATE-OWN-IDS@${path}`, `CE-AUTH-ORIGIN@${path}`, `CE-ECHO-SERVICEID@${path}`])),
  async ({ cardApi, cards, card }) => {
    const wrong: string[] = [];
    let sent = 0;
    for (const path of ENROLLMENT_PATHS) {
      if (lacksPathData(card, path)) continue;
      // One valid body per path, its ids swapped: the card is encrypted once.
      const body = await cards.on(path);
      for (const srcClientId of card.srcClientIds)
        for (const serviceId of card.serviceIds) {
          const res = await cardApi.call('putCard', { body: { ...body, srcClientId, serviceId, srcCorrelationId: crypto.randomUUID() } });
          sent++;
          const echoed = (res.body as { maskedCard?: { serviceId?: string } } | undefined)?.maskedCard?.serviceId;
          if (res.status !== 200) wrong.push(`${path} path, srcClientId ${srcClientId}, serviceId '${serviceId}': ${res.status}`);
          else if (echoed !== undefined && echoed !== serviceId) wrong.push(`${path} path, serviceId '${serviceId}' echoed as '${echoed}'`);
        }
    }
    expect(sent, 'own ids were sent').toBeGreaterThan(0);
    expect(wrong, `every own id is the caller's on every path (${sent} sent)`).toEqual([]);
  },
);
