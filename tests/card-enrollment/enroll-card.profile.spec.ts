// Covers: the consumer profile is found by its identity (seed 000, ConsumerIdentity.identityValue):
// the same identity enrolled again, on either path, names the profile it named before (its
// srcConsumerId and dateConsumerAdded), and another identity another profile (CE-VAL-PROFILE). The
// client's answer judge holds every enrollment of every check to it (fixtures/card-enrollment.ts,
// profileProblems); this check enrolls one identity three times, on each path and again after another
// identity, and compares the answers itself too.
import { ENROLLMENT_PATHS, expect, lacksPathData, rules, test } from '../../fixtures/card-enrollment.js';

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
