// Covers: putCard 200 on both paths (seed 000, MaskedCard, MaskedConsumer, Limits; the provider's Card API examples
// where the seed is silent); every answer is also judged by fixtures/assertions/card-enrollment-answer.ts.
import {
  type CardRequests,
  CONSUMER_LOCALES,
  type Contract,
  ENROLLMENT_PATHS,
  type EnrollmentPath,
  emailOfLength,
  exampleCard,
  expect,
  expectMaskedPan,
  MOBILE_DIGITS_A_MASK_KEEPS,
  identityTwins,
  identityValueOfLength,
  lacksPathData,
  lengthOf,
  limitOf,
  loadContract,
  luhnComplete,
  mockOnly,
  NO_RECEIPT,
  type OperationClient,
  panOfLength,
  panSharingMaskedDigits,
  PROVIDER_IDENTITY_TYPE,
  requestIdentityForm,
  rules,
  setPath,
  skipForIdentity,
  test,
  underRule,
} from '../../fixtures/card-enrollment.js';
import { answeredConflicts, passesResponseCheck, seedFormOf } from '../../helpers/contract/conflicts.js';

// --- 200 on both paths (seed 000 (a), (b)): the masked card, its own members never taken from the request.
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

    // reference, the mock's world: "srcDigitalCardId is a new UUID".
    test(
      `returns a new srcDigitalCardId for each enrollment (${path}) @assumption`,
      rules(`CE-VAL-CARDID@${path}`),
      async ({ cardApi, cards }) => {
        // Both with one srcCorrelationId (seed 000: a tracking id, not a key of the card).
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

    // seed 000: "The response carries a masked card record" (the client's sensitive-echo check too).
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

    // seed 000, EnrollCardRequest, Card, Consumer declare none of the answer's own members: sent anyway, none is shown.
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

// --- The receipt path (seed 000 (b); reference A5): the card the receipt stands for.
// Two objects of one owner: the known receipts enrolled in turn for one consumer identity (seed 000, ConsumerIdentity.identityValue
// locates the profile; What the service does: a card enrolled into a consumer profile), each a valid enrollment of its own account
// (seed 000, POST /cards 200; reference A5), never refused as unknown for the receipt the profile took first. A sandbox
// configures one receipt (CARD_RECEIPT_ID), so the scenario needs the mock's two, or more.
test(
  'shows the bin and last four of the account each known receipt stands for, each its own, every receipt enrolled in turn for one consumer @assumption',
  rules('CE-RECEIPT-ACCOUNT@receipt', 'CE-VALID-ACCEPTED'),
  async ({ cardApi, cards, card }) => {
    const known = card.receipts.filter((r) => r.panLastFour);
    test.skip(!known.length, 'needs the receipt account digits (CARD_RECEIPT_PAN_BIN, CARD_RECEIPT_PAN_LAST_FOUR)');
    // reference A5: every known receipt enrolled; the client's answer judge holds each to its own account.
    if (card.kind === 'mock')
      expect(new Set(known.map((r) => r.panLastFour)).size, 'known receipts of accounts that differ in their last four').toBeGreaterThan(1);
    let identity: unknown;
    for (const receipt of known) {
      const body = cards.withReceipt(receipt.id);
      identity ??= body.consumer.consumerIdentity;
      body.consumer = { ...body.consumer, consumerIdentity: identity };
      // A valid call (CallOptions.valid): refused, it is the documented success broken (CE-VALID-ACCEPTED), whatever it says.
      const res = await cardApi.call('putCard', { body, valid: true });
      underRule(test.info(), 'CE-VALID-ACCEPTED', () =>
        expect(res.status, `receipt ${receipt.panLastFour}, the consumer's receipt ${known.indexOf(receipt) + 1}`).toBe(200),
      );
    }
    test.info().annotations.push({
      type: 'two objects of one owner',
      description: `${known.length} receipts enrolled for one consumer identity${known.length < 2 ? ' (one receipt configured: the scenario needs two)' : ''}`,
    });
  },
);

// --- Card path: panBin (seed 000, MaskedCard; x-limits panBinDigits, CE-MASK-PAN-BIN) and panLastFour at every PAN length.
const contract = await loadContract('card-enrollment');
const PAN = lengthOf(contract, 'Card', 'primaryAccountNumber');
/** reference, the mock's world: "decide: 6" (an assumption, CE-MASK-PAN-BIN). */
const BIN_DIGITS = limitOf(contract, 'panBinDigits');
// A BIN, then digits no two neighbours of which repeat (the check digit last, ISO/IEC 7812).
const DIGITS = '520473189263547109283';
const LENGTHS = Array.from({ length: PAN.max! - PAN.min! + 1 }, (_, i) => PAN.min! + i);

test(
  `panBin and panLastFour are the PAN's first digits (${BIN_DIGITS} of them, an assumption) and last four at every PAN length ${PAN.min}-${PAN.max}`,
  rules('CE-MASK-PAN@card', 'CE-SENSITIVE-ECHO@card', 'CE-MASK-PAN-BIN'),
  async ({ cardApi, cards }) => {
    // The client's answer judge also holds each panBin to the PAN's first digits (CE-MASK-PAN, CE-MASK-PAN-BIN).
    for (const length of LENGTHS) {
      const pan = luhnComplete(DIGITS.slice(0, length - 1));
      expect(pan, 'a PAN of the length').toHaveLength(length);
      const res = await cardApi.call('putCard', { body: await cards.withCard(exampleCard({ primaryAccountNumber: pan })) });
      expect(res.status, `a ${length}-digit PAN is enrolled`).toBe(200);
      expectMaskedPan(res, { pan });
    }
    test.info().annotations.push({
      type: 'derived values',
      description: `panBin, panLastFour x ${LENGTHS.length} PAN lengths (${LENGTHS.join(', ')}) x 1 reader (the card path's answer)`,
    });
  },
);

// --- The masked consumer on both paths (seed 000, MaskedConsumer; CE-MASK-FORM: the provider's Card API examples)
// Consumers whose masks differ in length (1 to the seed's 30), first letter and case.
const CONSUMERS = [
  { firstName: 'McKenzie-Anne Élodie', lastName: "O'Brien-VanDerBerg" },
  // A first name of lower-case letters: its first character kept lower case (provider example "J***" keeps it as sent).
  { firstName: 'jo', lastName: 'Li' },
  { firstName: 'Ö', lastName: 'X' },
  { firstName: 'Anna-Lena Zoë Maria Theresa Őz', lastName: 'Q' },
  // A first letter outside the BMP, leading and trailing spaces, a particle, an apostrophe first: kept as sent.
  { firstName: '𝒜da 𝔅', lastName: " de l'Ñ" },
  { firstName: "'Ema ", lastName: 'van der Berg-Ñ ' },
  // Last names whose initial a folding, a transliteration or a capitalisation changes.
  { firstName: 'Юлия', lastName: 'Ébrard' },
  { firstName: 'Ζωή', lastName: 'Łukasik' },
  { firstName: 'ñusta', lastName: 'Иванова' },
  { firstName: '美咲', lastName: 'ó Briain' },
];
// Mixed case on both sides of the @; local parts long, short and of one character.
const ADDRESSES = ['Marie-Claire.DuPont+Cards@Example-Mail.CO.uk', 'Ab@Mx.Example.ORG', 'Q@Xy.Example.NET'];
// The provider's identity is an opaque id (Card API 1.0.0, ConsumerIdentityTypeDoc): mixed-case hex.
const OPAQUE_IDS = ['F0c04B97-4dCb-485D-a4F4-7Ae437A2e955', '8CA03256-1152-46c7-AFFE-ab09600a4085'];

interface Enroll {
  cardApi: OperationClient;
  cards: CardRequests;
  cardRequestContract: Contract;
}

/** Enrolls a request the contract allows; the client's answer judge compares each mask of the answer with its source sent. */
async function expectEnrolled({ cardApi, cards, cardRequestContract }: Enroll, path: EnrollmentPath, change: Record<string, unknown>) {
  let body = await cards.on(path);
  for (const [at, value] of Object.entries(change)) body = setPath(body, at, value);
  const plain = path === 'card' ? { ...body, encryptedCard: 'a.b.c.d.e' } : body;
  expect(cardRequestContract.requestValidator('putCard')!(plain), 'the contract allows the request').toBe(true);
  const res = await cardApi.call('putCard', { body });
  // seed 000, POST /cards: a request every document allows is answered 200; refused, the call breaks that documented success
  // (CE-VALID-ACCEPTED), whatever member the refusal names, not the mask the answer would have been judged by.
  underRule(test.info(), 'CE-VALID-ACCEPTED', () =>
    expect(
      res.status,
      `a valid enrollment (${Object.entries(change)
        .map(([at, value]) => `${at} ${JSON.stringify(value)}`)
        .join(', ')}): Received: ${res.status} ${res.body?.status ?? ''} / Documented: 200`,
    ).toBe(200),
  );
  return { sent: body, masked: res.body.maskedConsumer as Record<string, any> | undefined };
}

for (const path of ENROLLMENT_PATHS) {
  test.describe(`${path} enrollment`, () => {
    test.beforeEach(({ card }) => test.skip(lacksPathData(card, path), NO_RECEIPT));

    test(
      `masks maskedFirstName, maskedLastName and maskedFullName from the names sent, first character as sent (${path}) @provider`,
      rules(`CE-MASK-NAMES@${path}`, `CE-MASK-FORM@${path}`, 'CE-VALID-ACCEPTED'),
      async ({ cardApi, cards, cardRequestContract }) => {
        // A new identity each: the judge holds the masks to the names sent (CE-MASK-NAMES, CE-MASK-FORM).
        for (const names of CONSUMERS)
          await expectEnrolled({ cardApi, cards, cardRequestContract }, path, {
            'consumer.firstName': names.firstName,
            'consumer.lastName': names.lastName,
          });
        // The identity enrolled again (a documented call: seed 000, ConsumerIdentity locates the profile), with the same names
        // and then with others: the judge holds every answer's masks to the names sent and to those it was first enrolled with
        // (CE-MASK-NAMES; the form, CE-MASK-FORM, only for a consumer the enrollment adds).
        const [first, other] = CONSUMERS;
        const { sent } = await expectEnrolled({ cardApi, cards, cardRequestContract }, path, {
          'consumer.firstName': first.firstName,
          'consumer.lastName': first.lastName,
        });
        for (const names of [first, other])
          await expectEnrolled({ cardApi, cards, cardRequestContract }, path, {
            'consumer.firstName': names.firstName,
            'consumer.lastName': names.lastName,
            'consumer.consumerIdentity': sent.consumer.consumerIdentity,
          });
      },
    );

    test(
      `masks maskedEmailAddress from the address sent: the domain in clear as sent, the local part masked (${path}) @provider`,
      rules(`CE-MASK-EMAIL@${path}`, `CE-MASK-FORM@${path}`, 'CE-VALID-ACCEPTED'),
      async ({ cardApi, cards, cardRequestContract }, testInfo) => {
        skipForIdentity(testInfo, ['CE-MASK-EMAIL']);
        // The judge holds maskedEmailAddress to the address sent (CE-MASK-EMAIL, CE-MASK-FORM).
        for (const address of ADDRESSES)
          await expectEnrolled({ cardApi, cards, cardRequestContract }, path, { 'consumer.consumerIdentity.identityValue': address });
      },
    );

    test(
      `answers maskedConsumerIdentity from the identity sent: its identityType, and maskedIdentityValue (${path}) @provider`,
      rules(`CE-MASK-IDENTITY@${path}`, 'CE-VALID-ACCEPTED'),
      async ({ cardApi, cards, cardRequestContract }) => {
        const fixtures = { cardApi, cards, cardRequestContract };
        const provider = requestIdentityForm() === 'provider';
        for (const value of provider ? OPAQUE_IDS : ADDRESSES) {
          const { sent, masked } = await expectEnrolled(fixtures, path, { 'consumer.consumerIdentity.identityValue': value });
          expect(sent.consumer.consumerIdentity.identityType === PROVIDER_IDENTITY_TYPE, 'the identity form sent').toBe(provider);
          const identity = masked?.maskedConsumerIdentity;
          if (identity === undefined) continue;
          // The provider's opaque id is answered as sent (Card API enroll examples); an address is the judge's.
          if (provider)
            underRule(test.info(), 'CE-MASK-FORM', () =>
              expect(identity.maskedIdentityValue === value, 'maskedIdentityValue is the opaque id sent, byte for byte').toBe(true),
            );
        }
      },
    );
  });
}

// --- dateConsumerAdded (seed 000, MaskedConsumer: "string, UTC datetime") east and west of UTC: the answer judge's.
for (const path of ENROLLMENT_PATHS) {
  test(
    `dateConsumerAdded of a new consumer and dateOfCardCreated are the enrollment instant in UTC, whatever the consumer's country and language (${path}) @assumption`,
    rules(`CE-VAL-CONSUMER-ADDED@${path}`, `CE-VAL-CREATED@${path}`),
    async ({ cardApi, cards, card }) => {
      test.skip(lacksPathData(card, path), NO_RECEIPT);
      for (const [countryCode, languageCode] of CONSUMER_LOCALES) {
        const request = await cards.on(path);
        request.consumer = { ...request.consumer, countryCode, languageCode };
        expect((await cardApi.call('putCard', { body: request })).status, `consumer of ${countryCode}`).toBe(200);
      }
    },
  );
}

// --- seed 000, Card: panExpirationMonth and panExpirationYear each optional; MaskedCard's are the card's (CE-ECHO-EXPIRY). A card sent
// with one of them alone is enrolled, and the answer shows no value of the other: the card has none (the client's answer judge).
// Refused, the call breaks CE-REQ-CARD (the rule stating each expiry member optional on its own), not the echo the answer is judged by.
test(
  'a card sent with its expiry month alone, or its year alone, is answered with no expiry member it was not sent',
  rules('CE-ECHO-EXPIRY@card', 'CE-REQ-CARD'),
  async ({ cardApi, cards }) => {
    // Each case a card number of its own: the judge holds the expiry of a card this enrollment made (CE-ECHO-EXPIRY), and a
    // number sent a second time may be a card the target kept, judged no more (fixtures/card-enrollment/judge.ts cardNew).
    const alone = (member: 'panExpirationMonth' | 'panExpirationYear') => {
      const { panExpirationMonth, panExpirationYear, ...bare } = exampleCard();
      return { ...bare, ...(member === 'panExpirationMonth' ? { panExpirationMonth } : { panExpirationYear }) };
    };
    for (const [what, card] of [
      ['the month alone', alone('panExpirationMonth')],
      ['the year alone', alone('panExpirationYear')],
    ] as const) {
      const res = await cardApi.call('putCard', { body: await cards.withCard(card) });
      underRule(test.info(), 'CE-REQ-CARD', () =>
        expect(
          res.status,
          `a card with ${what}: Received: ${res.status} ${res.body?.status ?? ''} / Documented: 200, each expiry member optional`,
        ).toBe(200),
      );
    }
  },
);

// --- Card path at the calendar's edges on the mock's clock (seed 000, Card, MaskedCard, MaskedConsumer; States and transitions):
// a card valid through its month is enrolled ACTIVE; one whose month just ended is not judged (no rule says). The dates the
// enrollment answers are the instant the clock is held at, whatever the calendar does there.
/**
 * The last second of a 30-day month and its next's first second, of a year and the next's first, and 29 February of a leap
 * year at its first and last second, in UTC: a date built from a month table, a week-numbering year, a day count that skips
 * the leap day gives itself away at one of them.
 */
const EDGES = [
  '2027-06-30T23:59:59Z',
  '2027-07-01T00:00:00Z',
  '2027-12-31T23:59:59Z',
  '2028-01-01T00:00:00Z',
  '2028-02-29T00:00:00Z',
  '2028-02-29T23:59:59Z',
];

/** The finest unit dateOfCardCreated must keep: a target writing whole seconds dates an enrollment at most this much earlier. */
const SECOND_MS = 1_000;

/** The month `delta` months after the clock's, as the Card writes it. */
function monthFrom(at: Date, delta: number): { panExpirationMonth: string; panExpirationYear: string } {
  const d = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + delta, 1));
  return { panExpirationMonth: String(d.getUTCMonth() + 1).padStart(2, '0'), panExpirationYear: String(d.getUTCFullYear()) };
}

/** Why `value` is not the instant `now` the clock stands at (written to the second or finer), or undefined. */
function notAt(value: unknown, now: Date): string | undefined {
  const t = Date.parse(String(value));
  return t <= now.getTime() && t > now.getTime() - SECOND_MS ? undefined : `${String(value)}, not the clock's ${now.toISOString()}`;
}

test(
  "at a month edge, a year edge and 29 February, a card expiring in the clock's month or the next is enrolled ACTIVE with its expiry, dated with its new consumer by the clock; no answer is SUSPENDED or CANCELLED @mock-only",
  mockOnly(
    rules('CE-STATE-ACTIVE@card', 'CE-ECHO-EXPIRY@card', 'CE-VAL-CREATED@card', 'CE-VAL-CONSUMER-ADDED@card', 'CE-VALID-ACCEPTED'),
    "needs the mock's virtual clock held at a month edge, a year edge and 29 February: a sandbox's clock is the real one",
  ),
  async ({ cardApi, cards, cardMock }) => {
    const late: string[] = [];
    const added: string[] = [];
    // A card valid through its month is a request every document allows (seed 000, Card: the expiry a month and a year;
    // CE-PAT-EXPIRY): refused, it breaks the documented success (CE-VALID-ACCEPTED), whatever the refusal says.
    const refused: string[] = [];
    for (const edge of EDGES) {
      const now = new Date(edge);
      for (const delta of [-1, 0, 1]) {
        const expiry = monthFrom(now, delta);
        const what = `at ${edge}, a card expiring ${expiry.panExpirationMonth}/${expiry.panExpirationYear}`;
        // A new card of a new identity (cards.withCard): the enrollment adds both.
        const body = await cards.withCard(exampleCard(expiry));
        // Set just before each request and standing still: the enrollment happens and is answered at the edge itself.
        await cardMock.setClock(edge, { frozen: true });
        const res = await cardApi.call('putCard', { body });
        // delta -1: the month just ended; the sources neither refuse nor accept an expired card.
        if (res.status !== 200) {
          if (delta >= 0) refused.push(`${what} (valid through the end of its month): ${res.status}`);
          continue;
        }
        const answer = res.body as { maskedCard?: Record<string, any>; maskedConsumer?: Record<string, any> };
        // seed 000, MaskedCard: dateOfCardCreated is when the card was enrolled, by the target's clock (CE-VAL-CREATED: at or
        // before the answer). The clock stands at the edge: the enrollment is at it, written to the second or finer; a
        // date after it is after the answer.
        const created = notAt(answer.maskedCard?.dateOfCardCreated, now);
        if (created) late.push(`${what}: dateOfCardCreated ${created}`);
        // seed 000, MaskedConsumer.dateConsumerAdded "UTC datetime" the consumer was added; ConsumerIdentity.identityValue: a
        // new identity is a profile this enrollment adds, so at the clock held (CE-VAL-CONSUMER-ADDED). Optional: judged where given.
        const consumerAdded = answer.maskedConsumer?.dateConsumerAdded;
        const wrong = consumerAdded === undefined ? undefined : notAt(consumerAdded, now);
        if (wrong) added.push(`${what}, a new identity: dateConsumerAdded ${wrong}`);
        // ACTIVE and the expiry echoed: the client's answer judge's (CE-STATE-ACTIVE, CE-ECHO-EXPIRY).
      }
    }
    underRule(test.info(), 'CE-VALID-ACCEPTED', () => expect(refused, 'every card valid at the clock is enrolled').toEqual([]));
    underRule(test.info(), 'CE-VAL-CREATED', () =>
      expect(late, 'every card enrolled at the clock standing still is dated by it (received / documented)').toEqual([]),
    );
    underRule(test.info(), 'CE-VAL-CONSUMER-ADDED', () =>
      expect(added, 'every consumer added at the clock standing still is dated by it (received / documented)').toEqual([]),
    );
  },
);

// --- The response rows of seed 000's Limits table (DigitalCardData): accepted at the limit, refused one past it.
const max = (field: string) => lengthOf(contract, 'DigitalCardData', field).max!;
/** seed 000, Limits: the consumer's names' maxLength. */
const NAME_MAX = { firstName: lengthOf(contract, 'Consumer', 'firstName').max!, lastName: lengthOf(contract, 'Consumer', 'lastName').max! };
const LIMITS = [
  { field: 'descriptorName', max: max('descriptorName'), value: (n: number) => 'D'.repeat(n) },
  { field: 'artUri', max: max('artUri'), value: (n: number) => `https://art.example.test/${'a'.repeat(n - 29)}.png` },
  { field: 'coBrandedName', max: max('coBrandedName'), value: (n: number) => 'C'.repeat(n) },
];

test(
  `returns digitalCardData within the response limits of the seed, the consumer's names and e-mail identity (each part) at their maxLength too; the 200 check accepts ${LIMITS.map((l) => `${l.field} of ${l.max}`).join(', ')} characters and refuses one more`,
  rules('CE-LIM-RESPONSE:accept', 'CE-LIM-RESPONSE:refuse', 'CE-VALID-ACCEPTED'),
  async ({ cardApi, cards, card, cardContract }) => {
    // seed 000, Consumer and Limits: firstName and lastName of at most their maxLength characters. Both at it, in Latin letters
    // and in multibyte ones, on each path: every answer member derived from them (the masked names, a descriptor a target
    // personalises) is judged by the client's response schema check at its own bound (a descriptorName past 64: this rule).
    for (const path of ENROLLMENT_PATHS.filter((p) => !lacksPathData(card, p)))
      for (const letters of ["Ab-c d'E", 'Ωμέγα Żółć 美咲']) {
        const body = await cards.on(path);
        const [first, last] = (['firstName', 'lastName'] as const).map((m) => letters.repeat(30).slice(0, NAME_MAX[m]));
        body.consumer = { ...body.consumer, firstName: first, lastName: last };
        const named = await cardApi.call('putCard', { body });
        // A valid call refused breaks the documented success (CE-VALID-ACCEPTED), not the answer's limits this rule judges.
        underRule(test.info(), 'CE-VALID-ACCEPTED', () =>
          expect(
            named.status,
            `${path} path, names at their maxLength (${letters}): Received: ${named.status} ${named.body?.status ?? ''} / Documented: 200`,
          ).toBe(200),
        );
      }
    // seed 000, ConsumerIdentity and Limits: the e-mail identity of at most its maxLength, an address (RFC 5321, 254 at most) in
    // each of its parts at its longest: a local part of 64 octets, and a domain of labels within RFC 1035's 63 octets (a name a
    // target builds from the address's domain, a co-branded name, is judged at its own bound by the client: this rule).
    if (requestIdentityForm() !== 'provider')
      for (const path of ENROLLMENT_PATHS.filter((p) => !lacksPathData(card, p)))
        for (const part of ['local', 'domain'] as const) {
          const body = await cards.on(path);
          const identityValue = emailOfLength(IDENTITY_MAX, part);
          body.consumer = { ...body.consumer, consumerIdentity: { ...body.consumer.consumerIdentity, identityValue } };
          const sent = await cardApi.call('putCard', { body });
          underRule(test.info(), 'CE-VALID-ACCEPTED', () =>
            expect(
              sent.status,
              `${path} path, an e-mail identity of ${identityValue.length} characters, its ${part} part at its longest: Received: ${sent.status} ${sent.body?.status ?? ''} / Documented: 200`,
            ).toBe(200),
          );
        }
    const res = await cardApi.call('putCard', { body: await cards.withCard() });
    expect(res.status).toBe(200);
    const schema = cardContract.responseValidator('putCard', '200')!;
    // As the client judges: a provider identity type is a conflict it notes, not a refusal (schemas/card-enrollment/conflicts.yaml).
    const validate = (body: unknown) => passesResponseCheck('card-enrollment', 'putCard', body, (b) => schema(b));
    for (const { field, max, value } of LIMITS) {
      const at = `maskedCard.digitalCardData.${field}`;
      expect(value(max)).toHaveLength(max);
      expect(validate(setPath(res.body, at, value(max))), `${field} of ${max} characters accepted`).toBe(true);
      expect(validate(setPath(res.body, at, value(max + 1))), `${field} of ${max + 1} characters refused`).toBe(false);
    }
  },
);

// --- The masked card's forms where seed 000 and the provider's Card API 1.0.0 examples differ (conflicts.yaml).
type Verdict = 'accepted' | 'refused' | string[];

interface Row {
  rule: string;
  at: string;
  /** The value put there; undefined removes the member. */
  value: unknown;
  verdict: Verdict;
  why: string;
}

const UUID = '6f1c2d3e-0a4b-4c5d-8e9f-102030405060';
/** Rows of one rule: [at, value, verdict, why]. */
const ruled = (rule: string, rows: [string, unknown, Verdict, string][]): Row[] =>
  rows.map(([at, value, verdict, why]) => ({ rule, at, value, verdict, why }));
const ROWS: Row[] = [
  ...ruled('CE-PAT-CARDID', [
    // seed 000, MaskedCard: srcDigitalCardId "UUID pattern (hex 8-4-4-4-12, either case)".
    ['maskedCard.srcDigitalCardId', UUID, 'accepted', 'a lower-case UUID'],
    ['maskedCard.srcDigitalCardId', UUID.toUpperCase(), 'accepted', 'an upper-case UUID'],
    [
      'maskedCard.srcDigitalCardId',
      '9ajNArkAR66zqYyHCn0rCA000000000000US',
      ['CE-CONFLICT-CARD-ID-FORM'],
      "the provider's 36-character id that is no UUID",
    ],
    ['maskedCard.srcDigitalCardId', `${UUID}0`, 'refused', "37 characters, neither a UUID nor the provider's at most 36"],
    ['maskedCard.srcDigitalCardId', '', 'refused', 'empty'],
  ]),
  ...ruled('CE-FMT-RESP-EXPIRY', [
    // seed 000, MaskedCard: panExpirationMonth "format MM, length 2", panExpirationYear "format YYYY, length 4".
    ['maskedCard.panExpirationMonth', '07', 'accepted', 'two characters'],
    ['maskedCard.panExpirationYear', '2031', 'accepted', 'four characters'],
    ['maskedCard.panExpirationMonth', '7', ['CE-CONFLICT-EXPIRY-MONTH-ONE-DIGIT'], "the provider's one-digit month"],
    ['maskedCard.panExpirationMonth', '007', 'refused', 'three characters'],
    ['maskedCard.panExpirationYear', '31', 'refused', 'two characters'],
  ]),
  ...ruled('CE-MASK-PAN', [
    // seed 000, MaskedCard: panLastFour "last four PAN digits"; panBin required.
    ['maskedCard.panLastFour', '297', ['CE-CONFLICT-LAST-FOUR-SHORT'], "the provider's three digits"],
    ['maskedCard.panLastFour', '29a', 'refused', 'not digits'],
    ['maskedCard.panBin', undefined, ['CE-CONFLICT-PAN-BIN-ABSENT'], "no panBin, as the provider's token-reference answers"],
  ]),
  ...ruled('CE-RESP-FORMS', [
    // seed 000, MaskedCard, DigitalCardData, MaskedAddress, MaskedConsumer: the members' own forms, each judged on every answer.
    ['maskedCard.tokenLastFour', '4x21', 'refused', 'not digits'],
    ['maskedCard.countryCode', 'USA', 'refused', 'three letters, no ISO 3166 two-letter code'],
    ['maskedCard.digitalCardData.artUri', 'not a uri', 'refused', 'no URI'],
    ['maskedCard.digitalCardData.iscobranded', 'false', 'refused', 'a string, not a boolean'],
    ['maskedCard.digitalCardData', undefined, 'refused', 'left out, though always present'],
    ['maskedCard.digitalCardData.iscobranded', true, 'accepted', 'a boolean'],
  ]),
];

test(
  `the 200 check judges each member of the masked card changed alone as the seed's form, the provider's named conflict or refused (${ROWS.length} rows)`,
  rules(...new Set(ROWS.map((row) => `${row.rule}:${row.verdict === 'accepted' ? 'accept' : 'refuse'}`))),
  async ({ cardApi, cards, cardContract }) => {
    const res = await cardApi.call('putCard', { body: await cards.withCard() });
    expect(res.status).toBe(200);
    const schema = cardContract.responseValidator('putCard', '200')!;
    const base = seedFormOf('card-enrollment', 'putCard', res.body) as Record<string, any>;
    expect(schema(base), "the answer in the seed's form passes").toBe(true);
    const wrong: { rule: string; text: string }[] = [];
    for (const row of ROWS) {
      const body = setPath(base, row.at, row.value);
      if (row.value === undefined) delete body.maskedCard[row.at.split('.').pop()!];
      const met = schema(body) ? undefined : answeredConflicts('card-enrollment', 'putCard', body, (b) => schema(b));
      const judged: Verdict = schema(body) ? 'accepted' : met ? met.map((m) => m.conflict.id) : 'refused';
      if (JSON.stringify(judged) !== JSON.stringify(row.verdict))
        wrong.push({
          rule: row.rule,
          text: `${row.at} ${row.value === undefined ? 'absent' : `'${row.value}'`} (${row.why}): ${JSON.stringify(judged)}, not ${JSON.stringify(row.verdict)}`,
        });
    }
    underRule(test.info(), wrong[0]?.rule ?? ROWS[0].rule, () =>
      expect(
        wrong.map((w) => w.text),
        'each row judged as written',
      ).toEqual([]),
    );
  },
);

test(
  "the 200 check: the provider's id and identity type together are both conflicts, named",
  rules('CE-PAT-CARDID:refuse', 'CE-ENUM-IDENTITYTYPE:refuse'),
  async ({ cardApi, cards, cardContract }) => {
    const res = await cardApi.call('putCard', { body: await cards.withCard() });
    expect(res.status).toBe(200);
    const schema = cardContract.responseValidator('putCard', '200')!;
    const base = seedFormOf('card-enrollment', 'putCard', res.body) as Record<string, any>;
    const body = setPath(base, 'maskedCard.srcDigitalCardId', '9ajNArkAR66zqYyHCn0rCA000000000000US');
    body.maskedConsumer = {
      dateConsumerAdded: new Date().toISOString(),
      maskedConsumerIdentity: { identityType: 'EXTERNAL_ACCOUNT_ID', maskedIdentityValue: UUID },
    };
    const met = answeredConflicts('card-enrollment', 'putCard', body, (b) => schema(b));
    expect(met?.map((m) => m.conflict.id).sort()).toEqual(['CE-CONFLICT-CARD-ID-FORM', 'CE-CONFLICT-MASKED-IDENTITY-TYPE']);
  },
);

/** seed 000, ConsumerIdentity.identityValue: its maxLength. */
const IDENTITY_MAX = lengthOf(contract, 'ConsumerIdentity', 'identityValue').max!;

// --- What the answer remembers across enrollments, judged by the client's answer judge (seed 000, CE-VAL-PROFILE). The profile
// is found by the identity (ConsumerIdentity.identityValue) for a named service: the srcClientId the caller connects with (one
// of the key's, the mock's world) names no profile, so the identity again under each of them names the same one.
test(
  "the same consumer identity enrolled again names the same profile on each path and under each of the caller's srcClientIds; another identity another one",
  rules('CE-VAL-PROFILE@card', 'CE-VAL-PROFILE@receipt'),
  async ({ cardApi, cards, card }) => {
    const first = await cards.withCard();
    const enroll = async (body: Record<string, any>, what: string) =>
      expect((await cardApi.call('putCard', { body })).status, what).toBe(200);
    await enroll(first, 'the identity, first');
    await enroll(await cards.withCard(), 'another identity');
    // Another identity one character apart (and, an e-mail address, with a sub-address tag or a dot in its local part, where the
    // contract's maxLength leaves room), short, past any prefix a store might key on, and at the contract's maxLength: each
    // its own profile (seed 000, ConsumerIdentity.identityValue locates the profile), a srcConsumerId no other identity named,
    // and the judge holds its dateConsumerAdded to its own enrollment (CE-VAL-CONSUMER-ADDED). The identityType of the
    // configured form, the one the contract takes.
    const { identityType } = first.consumer.consumerIdentity;
    const shared: string[] = [];
    for (const length of [16, IDENTITY_MAX / 4 + 1, IDENTITY_MAX / 2 + 1, IDENTITY_MAX].map(Math.floor)) {
      const value = identityValueOfLength(length);
      const ids = new Map<string, string>();
      for (const [how, identityValue] of [
        ['the identity', value],
        ...identityTwins(value)
          .filter((t) => t.value.length <= IDENTITY_MAX)
          .map((t) => [t.how, t.value]),
      ] as const) {
        const body = await cards.withCard();
        body.consumer = { ...body.consumer, consumerIdentity: { identityType, identityValue } };
        const res = await cardApi.call('putCard', { body });
        expect(res.status, `${identityType} of ${length} characters, ${how}`).toBe(200);
        const id = (res.body as { maskedConsumer?: { srcConsumerId?: string } }).maskedConsumer?.srcConsumerId;
        if (id === undefined) continue;
        const other = ids.get(id.toLowerCase());
        if (other) shared.push(`${identityType} of ${length} characters, ${how}: srcConsumerId ${id}, the profile of ${other}`);
        ids.set(id.toLowerCase(), how);
      }
    }
    underRule(test.info(), 'CE-VAL-PROFILE', () =>
      expect(shared, 'each identity one character, a tag or a dot apart names a profile of its own (received / documented)').toEqual([]),
    );
    for (const path of ENROLLMENT_PATHS.filter((p) => !lacksPathData(card, p)))
      for (const srcClientId of card.srcClientIds) {
        const again: Record<string, any> = { ...(await cards.on(path)), srcClientId };
        again.consumer = { ...again.consumer, consumerIdentity: first.consumer.consumerIdentity };
        await enroll(again, `the identity again (${path}, srcClientId ${card.srcClientIds.indexOf(srcClientId) + 1} of the key's)`);
      }
  },
);

// seed 000, What the service does: "The consumer's consent to the privacy terms and the terms and conditions is carried in
// complianceSettings"; MaskedConsumer.complianceSettings gives the versions accepted. An identity enrolled again accepting newer
// versions has accepted those: the answer judge (the re-enrollment echo, fixtures/assertions/card-enrollment-answer.ts) holds
// every answer of a known identity to what this request sent, never a value only its earlier enrollments sent, on every check;
// here the scenario itself, on each path, each identity enrolled first with one pair of versions, then again with newer ones.
test(
  'an identity enrolled again accepting newer privacy and terms versions is answered by this request, never by its earlier enrollment, on each path',
  rules('CE-PROP-ECHO-AS-SENT'),
  async ({ cardApi, cards, card }) => {
    const versions = (n: number) => ({
      privacy: { latestVersionUri: `https://src.example.test/privacy/v${n}` },
      tnc: { latestVersionUri: `https://src.example.test/terms/v${n + 10}` },
    });
    for (const path of ENROLLMENT_PATHS.filter((p) => !lacksPathData(card, p))) {
      const first = await cards.on(path);
      for (const n of [3, 4]) {
        const body: Record<string, any> = { ...(await cards.on(path)), complianceSettings: versions(n) };
        body.consumer = { ...body.consumer, consumerIdentity: first.consumer.consumerIdentity };
        expect((await cardApi.call('putCard', { body })).status, `${path} path, versions ${n}`).toBe(200);
      }
    }
  },
);

// seed 000, MaskedConsumer.maskedMobileNumber: shown masked (CE-MASK-MOBILE), judged by the client's answer judge on every
// answer (fixtures/assertions/card-enrollment-answer.ts: the digits sent shown whole, for a number longer than the digits a mask
// may keep). seed 000 PhoneNumber.phoneNumber is "digits only" and the contract gives it its pattern alone (no bound), so a
// masker assuming a national length is wrong for numbers on either side of it: each path is sent, on every run, the shortest
// number the judgement reads (one digit past what a mask keeps: a number of that many digits left whole by a masker that masks
// only "long" ones is caught), a common national length, and the longest an international number has (ITU-T E.164: at most
// fifteen digits, the country code among them). A number shorter than that first one is no number a real sandbox holds (a
// server checking a national number's length refuses it), so it is never sent as valid.
const MOBILE_COUNTRY_CODE = '1';
const E164_DIGITS = 15;
const MOBILE_LENGTHS = [MOBILE_DIGITS_A_MASK_KEEPS + 1, 10, E164_DIGITS - MOBILE_COUNTRY_CODE.length];

test(
  `a masked consumer never shows the mobile number sent in clear, on each path, at ${MOBILE_LENGTHS.join(', ')} digits`,
  rules('CE-MASK-MOBILE@card', 'CE-MASK-MOBILE@receipt'),
  async ({ cardApi, cards, card }) => {
    for (const path of ENROLLMENT_PATHS.filter((p) => !lacksPathData(card, p)))
      for (const length of MOBILE_LENGTHS) {
        const body = await cards.on(path);
        const phoneNumber = '80155501234567'.padEnd(length, '9').slice(0, length);
        body.consumer = { ...body.consumer, mobileNumber: { countryCode: MOBILE_COUNTRY_CODE, phoneNumber } };
        expect((await cardApi.call('putCard', { body })).status, `${path} path, ${length} digits`).toBe(200);
      }
  },
);

// seed 000, MaskedCard.paymentAccountReference: "non-financial reference linking a PAN to its tokens" (CE-VAL-PAR: the same
// card number enrolled again gives the reference it gave before, another card number never that reference). The reference is
// the PAN's: the sentence names no program, so one card number enrolled for each program (serviceId) of the caller keeps one
// reference. The judge holds each number to its reference (fixtures/card-enrollment/judge.ts); the other number shares the
// first's panBin and panLastFour, so a reference made of what the masked card shows gives itself away. The two numbers share
// their expiry too (exampleCard's): two objects alike in all a masked card shows, so a srcDigitalCardId ("unique card
// identifier; references the PAN", seed 000 MaskedCard) made of that view names both, which the client's unique-id judge
// (helpers/client/every-answer/unique-ids.ts) files under CE-PROP-UNIQUE-ID.
test(
  'the same card number enrolled twice, and for every program of the caller, gives one paymentAccountReference, another number sharing its first six and last four digits and its expiry another reference and another srcDigitalCardId',
  rules('CE-VAL-PAR@card', 'CE-VAL-PAR@receipt', 'CE-PROP-UNIQUE-ID@card'),
  async ({ cardApi, cards, card }) => {
    const a = exampleCard().primaryAccountNumber;
    const b = panSharingMaskedDigits(a);
    const enroll = async (body: Record<string, any>, what: string) =>
      expect((await cardApi.call('putCard', { body })).status, what).toBe(200);
    for (const pan of [a, a, b]) await enroll(await cards.withCard({ ...exampleCard(), primaryAccountNumber: pan }), 'the card');
    // The first number for each other program of the caller (the mock's world: a client's serviceIds; on a sandbox CARD_SERVICE_ID).
    for (const serviceId of card.serviceIds.slice(1))
      await enroll({ ...(await cards.withCard({ ...exampleCard(), primaryAccountNumber: a })), serviceId }, `the card for ${serviceId}`);
    // The account a receipt stands for, twice and for each program (reference A5).
    if (card.receipt)
      for (const serviceId of [card.serviceId, ...card.serviceIds])
        await enroll({ ...cards.withReceipt(), serviceId }, `the receipt for ${serviceId}`);
  },
);
