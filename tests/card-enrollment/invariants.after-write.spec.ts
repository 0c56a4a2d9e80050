// Covers: every value the caller sent comes back as sent (CE-PROP-ECHO-AS-SENT) on every writer of the
// card enrollment contract (helpers/client/invariants/kit.ts: putCard), on both enrollment paths:
// the request made to tell (helpers/client/invariants/echo.ts: a hex id in alternating case behind a
// prefix joined by a dash, then by a dot, free text with inner spaces, where the contract accepts
// it), every member the answer shows at the place it was sent reads as sent. The answer-is-state and refused-request properties do not apply: the contract
// has no reader of an enrollment (reference/card-enrollment.md: enrollment stores nothing).
import { ENROLLMENT_PATHS, exampleCard, expect, lacksPathData, NO_RECEIPT, rules, test } from '../../fixtures/card-enrollment.js';
import type { CardPlain } from '../../fixtures/examples/card-enrollment.js';
import { countProperty } from '../../helpers/client/property-counts.js';
import { writeThenRead } from '../../helpers/client/invariants/after-write.js';
import { checkEchoAsSent, ECHO_AS_SENT, JOINERS, otherValues, tellingBody } from '../../helpers/client/invariants/echo.js';
import { writersOfContract } from '../../helpers/client/invariants/kit.js';
import { Violations } from '../../helpers/client/security/probe.js';
import { kindOfKey } from '../../helpers/secrets/sensitive.js';

/** A sensitive member, the encrypted card, or an id the target must know (the client, the program, a receipt): never made to tell. */
const kept = (path: string) =>
  kindOfKey(path.split('.').at(-1)!) !== undefined || /encrypt|srcClientId|serviceId|enrolmentReference/i.test(path);

test(
  'every value an enrollment is sent comes back as sent wherever its answer shows it @assumption',
  rules('CE-PROP-ECHO-AS-SENT'),
  async ({ card, cardApi, cards }) => {
    const writers = writersOfContract(cardApi.contract);
    const validate = (op: string) => cardApi.contract.requestValidatorOf(op)!;
    const probes = [];
    // The card each card-path body carries sealed (encryptedCard: the Card structure, encrypted; seed 000):
    // its members are sent too, and the masked card shows some of them in clear.
    const sealedCards = new Map<string, CardPlain>();
    // Each path twice, a lengthened value's prefix joined by each of JOINERS (the contract's one writer
    // makes this cheap; a target may keep one separator and rewrite the other); every enum and coded
    // member (the card's source, the consumer's country and language) sent with a value other than the
    // sample's first (otherValues), where the contract takes it.
    for (const path of ENROLLMENT_PATHS.filter((p) => !lacksPathData(card, p)))
      for (const writer of writers)
        for (const [n, joiner] of JOINERS.entries()) {
          // The second card expires in December, the last month of its range (a month end rolled over shows there).
          const plainCard = exampleCard(n ? { panExpirationMonth: '12' } : {});
          const plain = { body: await cards.on(path, plainCard) };
          if (path === 'card') sealedCards.set(plain.body.encryptedCard, plainCard);
          // The n-th body takes the n-th other value of each (WALLET, then MERCHANT): two rarer sources per path.
          const others = new Map(
            [...otherValues(cardApi.contract, writer.requestBody?.schema, plain.body)].map(([at, values]) => [
              at,
              [...values.slice(n), ...values.slice(0, n)],
            ]),
          );
          probes.push({
            writer,
            plain,
            call: { body: tellingBody(plain.body, (b) => Boolean(validate(writer.operationId)(b)), kept, joiner, others) },
          });
        }
    const outcomes = await writeThenRead(cardApi, probes);
    const echo = new Violations(ECHO_AS_SENT);
    const checked = checkEchoAsSent(outcomes, echo, kept, (o) => {
      const sealed = sealedCards.get((o.probe.call.body as Record<string, string>).encryptedCard);
      return sealed && { card: sealed };
    });
    countProperty(test.info(), {
      property: ECHO_AS_SENT,
      service: 'card-enrollment',
      rule: 'CE-PROP-ECHO-AS-SENT',
      applies: writers.map((w) => w.operationId),
      checked,
      exceptions: checked.length
        ? []
        : writers.map((w) => ({ operationId: w.operationId, reason: `its sample answered ${outcomes[0]?.status}` })),
    });
    expect(echo.list, echo.describe()).toEqual([]);
    void NO_RECEIPT;
  },
);
