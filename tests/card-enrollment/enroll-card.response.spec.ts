// Covers: POST /cards (putCard) 200 on both enrollment paths (seed 000 (a) card number, (b)
// push-account receipt): every rule of the response checked against a known answer on each path.
import {
  CONSUMER_LOCALES,
  ENROLLMENT_PATHS,
  enumOf,
  exampleCard,
  expect,
  expectMaskedPan,
  expectRecentUtc,
  lacksPathData,
  NO_RECEIPT,
  panOfLength,
  rules,
  test,
} from '../../fixtures/card-enrollment.js';

// A target's clock may drift from ours; a time zone error is half an hour or more.
const TOLERANCE_MS = 5 * 60_000;

for (const path of ENROLLMENT_PATHS) {
  test.describe(`${path} enrollment`, () => {
    test.beforeEach(({ card }) => test.skip(lacksPathData(card, path), NO_RECEIPT));

    test(
      `generates a new srcCorrelationId for each request that has none (${path})`,
      rules(`CE-GEN-CORRELATION@${path}`),
      async ({ cardApi, cards }) => {
        const ids: string[] = [];
        for (let i = 0; i < 2; i++) {
          const { srcCorrelationId: _none, ...request } = await cards.on(path);
          const res = await cardApi.call('putCard', { body: request });
          expect(res.status).toBe(200);
          // The response schema checks the SrcCorrelationId pattern; "new": not one shared by requests.
          expect(typeof res.body.srcCorrelationId).toBe('string');
          ids.push(res.body.srcCorrelationId);
        }
        expect(ids[0], 'two generated correlation ids').not.toBe(ids[1]);
      },
    );

    test(
      `returns the card and the consumer ACTIVE, never SUSPENDED or CANCELLED (${path})`,
      rules(`CE-STATE-ACTIVE@${path}`),
      async ({ cardApi, cards, cardContract }) => {
        // Enrollments a state rule could depend on: each card source (seed 000, Origin), and on the card
        // path a card expiring this month (still valid), in December, or with no expiry at all.
        const now = new Date();
        const thisMonth = {
          panExpirationMonth: String(now.getUTCMonth() + 1).padStart(2, '0'),
          panExpirationYear: String(now.getUTCFullYear()),
        };
        const expiries: (Record<string, string> | undefined)[] =
          path === 'card'
            ? [undefined, thisMonth, { panExpirationMonth: '12', panExpirationYear: String(now.getUTCFullYear() + 1) }, {}]
            : [undefined];
        const wrong: string[] = [];
        for (const expiry of expiries)
          for (const cardSource of [undefined, ...enumOf(cardContract, 'Origin')]) {
            const card =
              expiry === undefined
                ? undefined
                : { ...exampleCard(), panExpirationMonth: undefined, panExpirationYear: undefined, ...expiry };
            const body = { ...(await cards.on(path, card && JSON.parse(JSON.stringify(card)))), ...(cardSource ? { cardSource } : {}) };
            const res = await cardApi.call('putCard', { body });
            const what = `${cardSource ?? 'no cardSource'}, expiry ${expiry === undefined ? 'as usual' : JSON.stringify(expiry)}`;
            if (res.status !== 200) {
              wrong.push(`${what}: HTTP ${res.status}`);
              continue;
            }
            // seed, States: "The enroll operation never returns the digital card statuses SUSPENDED or CANCELLED."
            const cardStatus = res.body.maskedCard.digitalCardData.status;
            if (cardStatus !== undefined && cardStatus !== 'ACTIVE') wrong.push(`${what}: card ${cardStatus}`);
            // seed, States: "At enrollment the consumer profile status is ACTIVE."
            const consumerStatus = res.body.maskedConsumer?.status;
            if (consumerStatus !== undefined && consumerStatus !== 'ACTIVE') wrong.push(`${what}: consumer ${consumerStatus}`);
          }
        expect(wrong, 'each enrollment answered 200 with the card and the consumer ACTIVE').toEqual([]);
      },
    );

    test(
      `returns dateOfCardCreated as the enrollment time in UTC, whatever the consumer's country and language (${path})`,
      rules(`CE-VAL-CREATED@${path}`),
      async ({ cardApi, cards }) => {
        // The instant is the enrollment's, in UTC (seed 000 MaskedCard): a consumer east or west of the
        // first one tells a target that writes the consumer's local time with a Z.
        for (const [countryCode, languageCode] of [[undefined, undefined], ...CONSUMER_LOCALES.filter(([c]) => c !== 'US')]) {
          const request = await cards.on(path);
          if (countryCode) request.consumer = { ...request.consumer, countryCode, languageCode };
          const sentAt = Date.now();
          const res = await cardApi.call('putCard', { body: request });
          const answeredAt = Date.now();
          expect(res.status, `consumer of ${countryCode ?? 'the default country'}`).toBe(200);
          expectRecentUtc(res.body.maskedCard.dateOfCardCreated, sentAt, answeredAt, TOLERANCE_MS);
        }
      },
    );

    // reference, the mock's world: "srcDigitalCardId is a new UUID". The card path enrolls two
    // different cards; the receipt path has one known receipt and enrolls it twice.
    test(
      `returns a new srcDigitalCardId for each enrollment (${path}) @assumption`,
      rules(`CE-VAL-CARDID@${path}`),
      async ({ cardApi, cards }) => {
        // Both sent with one srcCorrelationId (seed 000: a tracking id, not a key of the card): a target
        // that derives the card's id from it answers one id twice.
        const first = await cards.on(path, exampleCard());
        const bodies = [
          first,
          {
            ...(await cards.on(path, exampleCard({ primaryAccountNumber: panOfLength(16, '411111') }))),
            srcCorrelationId: first.srcCorrelationId,
          },
        ];
        const ids: string[] = [];
        for (const body of bodies) {
          const res = await cardApi.call('putCard', { body });
          expect(res.status).toBe(200);
          ids.push(res.body.maskedCard.srcDigitalCardId);
        }
        expect(ids[0], 'srcDigitalCardId of two enrollments').not.toBe(ids[1]);
      },
    );

    test(
      `returns the serviceId it enrolled for when it returns one (${path})`,
      rules(`CE-ECHO-SERVICEID@${path}`),
      async ({ cardApi, cards, card }) => {
        // The last registered service, not the client's first: a default would not pass.
        const request = { ...(await cards.on(path)), serviceId: card.serviceIds[card.serviceIds.length - 1] };
        const res = await cardApi.call('putCard', { body: request });
        expect(res.status).toBe(200);
        if (res.body.maskedCard.serviceId !== undefined) expect(res.body.maskedCard.serviceId).toBe(request.serviceId);
      },
    );

    // seed 000: "The response carries a masked card record". The client's sensitiveEchoConformance
    // fails any response carrying the PAN or security code sent (the receipt's PAN where known).
    test(
      `returns a masked card without the full PAN in any member (${path}) @smoke`,
      rules(`CE-MASK-PAN@${path}`, `CE-SENSITIVE-ECHO@${path}`),
      async ({ cardApi, cards, card }) => {
        const plain = exampleCard({ primaryAccountNumber: panOfLength(16, '555555') });
        const res = await cardApi.call('putCard', { body: await cards.on(path, plain) });
        expect(res.status).toBe(200);
        if (path === 'card') expectMaskedPan(res, { pan: plain.primaryAccountNumber });
        else
          expectMaskedPan(res, { pan: card.receipt!.primaryAccountNumber, bin: card.receipt!.panBin, lastFour: card.receipt!.panLastFour });
      },
    );

    // seed 000, EnrollCardRequest, Card and Consumer declare none of the masked card's or masked
    // consumer's own members: sent anyway (as the answer nests them, flat at the top, in the consumer,
    // and on the card path inside the encrypted card), none is what the answer shows. The request
    // schemas leave additional members open, so the request stays valid and is answered 200.
    test(
      `never takes the masked card's or masked consumer's own members from the request (${path})`,
      rules(`CE-OBJ-READ-ONLY@${path}`),
      async ({ cardApi, cards, card }) => {
        const plain = exampleCard({ primaryAccountNumber: panOfLength(16, '555555') });
        const pan = path === 'card' ? plain.primaryAccountNumber : card.receipt?.primaryAccountNumber;
        // Digits the card's own never are: each digit of its BIN and last four moved by 5.
        const shifted = (digits: string | undefined, fallback: string) =>
          digits ? digits.replace(/\d/g, (d) => String((Number(d) + 5) % 10)) : fallback;
        const ownCard = {
          srcDigitalCardId: crypto.randomUUID(),
          panBin: shifted(pan?.slice(0, 6) ?? card.receipt?.panBin?.slice(0, 6), '913579'),
          panLastFour: shifted(pan?.slice(-4) ?? card.receipt?.panLastFour, '9173'),
          dateOfCardCreated: '2001-02-03T04:05:06Z',
          tokenUniqueReference: 'DWSPMC-ro-9f3c7a',
          paymentAccountReference: 'PAR-ro-9f3c7a',
          paymentCardDescriptor: 'ro-9f3c7a descriptor',
          paymentCardType: 'ro-9f3c7a-type',
        };
        // The answer's statuses are ACTIVE at enrollment (CE-STATE-ACTIVE): the ones sent are not.
        const ownConsumer = {
          srcConsumerId: crypto.randomUUID(),
          status: 'LOCKED',
          dateConsumerAdded: '2001-02-03T04:05:07Z',
          dateConsumerLastUsed: '2001-02-03T04:05:08Z',
          maskedFullName: 'R*** ro-9f3c7a',
        };
        const base = path === 'card' ? await cards.withCard({ ...plain, ...ownCard }) : await cards.on(path);
        const body = {
          ...base,
          ...ownCard,
          ...ownConsumer,
          consumer: { ...base.consumer, ...ownConsumer },
          maskedCard: { ...ownCard, digitalCardData: { status: 'CANCELLED' } },
          maskedConsumer: ownConsumer,
        };
        const res = await cardApi.call('putCard', { body });
        expect(res.status, 'a request with members the schema does not declare').toBe(200);
        const shown: string[] = [];
        const judge = (where: string, answer: Record<string, unknown> | undefined, sent: Record<string, unknown>) => {
          for (const [name, value] of Object.entries(sent))
            if (answer?.[name] === value) shown.push(`${where}.${name} = '${String(value)}'`);
        };
        judge('maskedCard', res.body.maskedCard, ownCard);
        judge('maskedCard.digitalCardData', res.body.maskedCard?.digitalCardData, { status: 'CANCELLED' });
        judge('maskedConsumer', res.body.maskedConsumer, ownConsumer);
        // Nor anywhere else in the answer, under a name of its own.
        const sentValues = new Set<unknown>([...Object.values(ownCard), ...Object.values(ownConsumer)].filter((v) => v !== 'LOCKED'));
        const walk = (node: unknown, at: string): void => {
          if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) walk(v, `${at}.${k}`);
          else if (sentValues.has(node) && !shown.some((s) => s.startsWith(at.slice(1)))) shown.push(`${at.slice(1)} = '${String(node)}'`);
        };
        walk(res.body, '');
        expect(shown, "members the request does not declare are the service's own in the answer").toEqual([]);
      },
    );
  });
}
