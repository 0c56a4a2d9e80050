// Covers: the consumer profile is found by its identity (seed 000, ConsumerIdentity.identityValue):
// the same identity enrolled again, on either path, names the profile it named before (its
// srcConsumerId and dateConsumerAdded), and another identity another profile (CE-VAL-PROFILE). The
// client's answer judge holds every enrollment of every check to it (fixtures/card-enrollment.ts,
// profileProblems); this check enrolls one identity three times, on each path and again after another
// identity, and compares the answers itself too.
import { ENROLLMENT_PATHS, exampleCard, expect, lacksPathData, rules, test, TEST_PANS } from '../../fixtures/card-enrollment.js';

test(
  'the same consumer identity enrolled again names the same profile on each path; another identity another one',
  rules('CE-VAL-PROFILE@card', 'CE-VAL-PROFILE@receipt'),
  async ({ cardApi, cards, card }) => {
    const first = await cards.withCard();
    const identity = first.consumer.consumerIdentity;
    const answers: { srcConsumerId?: string; dateConsumerAdded?: string }[] = [];
    const enroll = async (body: Record<string, any>, what: string) => {
      const res = await cardApi.call('putCard', { body });
      expect(res.status, what).toBe(200);
      return res.body.maskedConsumer ?? {};
    };
    answers.push(await enroll(first, 'the identity, first'));
    const other = await enroll(await cards.withCard(), 'another identity');
    for (const path of ENROLLMENT_PATHS.filter((p) => !lacksPathData(card, p))) {
      const again = await cards.on(path);
      again.consumer = { ...again.consumer, consumerIdentity: identity };
      answers.push(await enroll(again, `the identity again (${path})`));
    }
    const ids = answers.map((a) => a.srcConsumerId).filter((id) => id !== undefined);
    expect(new Set(ids).size, 'one profile for the identity').toBeLessThanOrEqual(1);
    expect(new Set(answers.map((a) => a.dateConsumerAdded).filter((d) => d !== undefined)).size, 'added once').toBeLessThanOrEqual(1);
    if (other.srcConsumerId !== undefined) expect(ids, 'another identity names another profile').not.toContain(other.srcConsumerId);
  },
);

// seed 000, MaskedConsumer.maskedMobileNumber: the consumer's mobile number shown masked (CE-MASK-MOBILE). The
// client's answer judge holds every enrollment answer giving it; this check sends a consumer with a mobile
// number on each path.
test(
  'a masked consumer never shows the mobile number sent in clear, on each path',
  rules('CE-MASK-MOBILE@card', 'CE-MASK-MOBILE@receipt'),
  async ({ cardApi, cards, card }) => {
    for (const path of ENROLLMENT_PATHS.filter((p) => !lacksPathData(card, p))) {
      const body = await cards.on(path);
      body.consumer = { ...body.consumer, mobileNumber: { countryCode: '1', phoneNumber: '8015550123' } };
      const res = await cardApi.call('putCard', { body });
      expect(res.status, path).toBe(200);
      const shown = res.body.maskedConsumer?.maskedMobileNumber?.phoneNumber;
      if (shown !== undefined) expect(String(shown).replace(/\D/g, ''), `${path}: the number masked`).not.toContain('8015550123');
    }
  },
);

// seed 000, MaskedCard.paymentAccountReference ties a PAN to its tokens (CE-VAL-PAR): the client's answer judge
// remembers the reference each card number gave; this check enrolls one card twice and another once.
test(
  'the same card number enrolled twice gives one paymentAccountReference, another number another',
  rules('CE-VAL-PAR@card', 'CE-VAL-PAR@receipt'),
  async ({ cardApi, cards, card }) => {
    const [a, b] = TEST_PANS;
    const reference = async (pan: string) => {
      const res = await cardApi.call('putCard', { body: await cards.withCard({ ...exampleCard(), primaryAccountNumber: pan }) });
      expect(res.status).toBe(200);
      return res.body.maskedCard?.paymentAccountReference as string | undefined;
    };
    const [first, again, other] = [await reference(a!), await reference(a!), await reference(b!)];
    if (first !== undefined && again !== undefined) expect(again, 'the same card, the same reference').toBe(first);
    if (first !== undefined && other !== undefined) expect(other, 'another card, another reference').not.toBe(first);
    // The receipt path: the account a receipt stands for, enrolled twice (reference A5).
    if (card.receipt) {
      const viaReceipt = async () => {
        const res = await cardApi.call('putCard', { body: cards.withReceipt() });
        expect(res.status, 'receipt path').toBe(200);
        return res.body.maskedCard?.paymentAccountReference as string | undefined;
      };
      const [r1, r2] = [await viaReceipt(), await viaReceipt()];
      if (r1 !== undefined && r2 !== undefined) expect(r2, 'the same account, the same reference').toBe(r1);
    }
  },
);
