// Covers: putCard (POST /cards) on each enrollment path with every cardSource the contract lists and
// with none - seed 000, Origin (the entity enrolling the card: cardholder, issuer, merchant, wallet;
// not required), States and transitions (ACTIVE at enrollment), Errors 400 INVALID_STATE;
// reference/card-enrollment.md A2 (another client's srcClientId: 403) and the mock's world (each
// client's serviceIds). cardSource says who enrolls the card; no source makes it a rule of its own:
// the origin, the program's owner and the states hold for every value, on both paths. Nor does the
// consumer's country or language, or the card's brand: each enrollment here carries a different one
// (VARIANTS), and its answer is judged by the rules of the masked card and consumer that hold whatever
// those are (CE-STATE-ACTIVE, CE-MASK-PAN, CE-VAL-CREATED, CE-MASK-NAMES).
import {
  ENROLLMENT_PATHS,
  enumOf,
  exampleCard,
  expect,
  lacksPathData,
  loadContract,
  maskedName,
  panOfLength,
  rules,
  test,
  withConflict,
} from '../../fixtures/card-enrollment.js';

const contract = await loadContract('card-enrollment');
/** Every Origin value, and the request without cardSource (seed 000: not required). */
const SOURCES: (string | undefined)[] = [...enumOf(contract, 'Origin'), undefined];
const named = (source: string | undefined) => (source === undefined ? 'no cardSource' : `cardSource ${source}`);
// A target's clock may drift from ours; a time zone error is an hour or more.
const TOLERANCE_MS = 5 * 60_000;
/**
 * Request variants no rule of the answer depends on: a card brand's BIN (Visa, Discover, JCB, Mastercard
 * 2-series and 5-series; the card path only), a consumer's country east and west of UTC (ten hours east
 * among them), a language that writes names family first or not, and a mobile calling code of one, two
 * and three digits (seed 000, PhoneNumber.countryCode: digits only). Every answer is judged by every
 * invariant of an enrollment answer as well (the fixture's answer judge, fixtures/assertions/card-enrollment-answer.ts). Each source gets one per path, shifted between the paths, so
 * each path sees every variant and every source.
 */
const VARIANTS = [
  { bin: '411111', countryCode: 'IN', languageCode: 'hi', callingCode: '91' },
  { bin: '601111', countryCode: 'JP', languageCode: 'ja', callingCode: '81' },
  { bin: '356600', countryCode: 'AE', languageCode: 'ar', callingCode: '971' },
  { bin: '222300', countryCode: 'CA', languageCode: 'fr', callingCode: '1' },
  { bin: '520473', countryCode: 'AU', languageCode: 'en', callingCode: '61' },
];
const variantOf = (path: string, sourceIndex: number) => VARIANTS[(sourceIndex + (path === 'card' ? 0 : 2)) % VARIANTS.length];

test(
  "every cardSource on each path: another client's srcClientId is 403, another client's serviceId is refused, the caller's own is enrolled ACTIVE with its own BIN, expiry and correlation id, a UTC date and the names in order, whatever the brand, country and language @assumption @provider",
  withConflict(
    rules(
      ...ENROLLMENT_PATHS.flatMap((path) => [
        `CE-AUTH-ORIGIN@${path}`,
        `CE-STATE-FOREIGN-SERVICE@${path}`,
        `CE-STATE-ACTIVE@${path}`,
        `CE-MASK-PAN@${path}`,
        `CE-VAL-CREATED@${path}`,
        `CE-MASK-NAMES@${path}`,
        `CE-ECHO-CORRELATION@${path}`,
        // Judged on every answer by the card enrollment client (fixtures/assertions/card-enrollment-answer.ts), here under every variant.
        `CE-VAL-CONSUMER-ADDED@${path}`,
        `CE-MASK-EMAIL@${path}`,
        `CE-OBJ-SENSITIVE@${path}`,
        `CE-ECHO-SERVICEID@${path}`,
      ]),
      'CE-RECEIPT-ACCOUNT@receipt',
      'CE-ECHO-EXPIRY@card',
      'CE-ENUM-CARDSOURCE:accept',
    ),
    'CE-CONFLICT-CARD-SOURCE-REQUIRED',
  ),
  async ({ cardApi, cards, card }) => {
    const wrong: string[] = [];
    for (const path of ENROLLMENT_PATHS) {
      if (lacksPathData(card, path)) continue;
      for (const [index, source] of SOURCES.entries()) {
        const variant = variantOf(path, index);
        const what = `${path} path, ${named(source)}, BIN ${variant.bin}, consumer ${variant.countryCode}/${variant.languageCode} +${variant.callingCode}`;
        const pan = path === 'card' ? panOfLength(16, variant.bin) : card.receipt?.primaryAccountNumber;
        // A month with a leading zero and a correlation id of mixed case: an echo that is not byte for byte tells.
        const plain = exampleCard({ primaryAccountNumber: pan, panExpirationMonth: '04' });
        const request = async () => {
          const body = await cards.on(path, path === 'card' ? plain : undefined);
          body.srcCorrelationId = `0F8fAD5b-D9cb-469F-a165-${crypto.randomUUID().slice(-12).toUpperCase()}`;
          body.consumer = {
            ...body.consumer,
            countryCode: variant.countryCode,
            languageCode: variant.languageCode,
            mobileNumber: { ...body.consumer.mobileNumber, countryCode: variant.callingCode },
          };
          if (source === undefined) delete body.cardSource;
          else body.cardSource = source;
          return body;
        };
        // seed 000, States and transitions: the card and the consumer are ACTIVE at enrollment, whoever enrolls it.
        const sent = await request();
        const sentAt = Date.now();
        const own = await cardApi.call('putCard', { body: sent });
        const answeredAt = Date.now();
        // CE-CONFLICT-CARD-SOURCE-REQUIRED: the provider requires cardSource; a target refusing a request
        // without it follows the provider, and its refusals of that request tell nothing of the rules here.
        if (source === undefined && own.status >= 400 && own.status < 500) {
          test
            .info()
            .annotations.push({ type: 'conflict', description: `CE-CONFLICT-CARD-SOURCE-REQUIRED: ${what} answered ${own.status}` });
          continue;
        }
        if (own.status !== 200) wrong.push(`${what}: the caller's own enrollment answered ${own.status}`);
        else {
          const answer = own.body as { maskedCard?: { digitalCardData?: { status?: string } }; maskedConsumer?: { status?: string } };
          const cardStatus = answer.maskedCard?.digitalCardData?.status;
          const consumerStatus = answer.maskedConsumer?.status;
          if (cardStatus !== undefined && cardStatus !== 'ACTIVE') wrong.push(`${what}: digitalCardData.status ${cardStatus}`);
          if (consumerStatus !== undefined && consumerStatus !== 'ACTIVE') wrong.push(`${what}: maskedConsumer.status ${consumerStatus}`);
          // seed 000, MaskedCard: panBin the PAN's first digits, panLastFour its last four: the answer judge's (CE-MASK-PAN).
          const masked = own.body?.maskedCard ?? {};
          // seed 000, MaskedCard.dateOfCardCreated "UTC datetime, when the card was enrolled".
          const created = String(masked.dateOfCardCreated);
          const at = Date.parse(created);
          if (!/(Z|[+-]00:?00)$/.test(created) || !(at >= sentAt - TOLERANCE_MS && at <= answeredAt + TOLERANCE_MS))
            wrong.push(`${what}: dateOfCardCreated '${created}' is not the enrollment time in UTC`);
          // seed 000, SrcCorrelationId: echoed byte for byte; MaskedCard: the expiry, when returned, the card's.
          if (own.body?.srcCorrelationId !== sent.srcCorrelationId) wrong.push(`${what}: srcCorrelationId not echoed byte for byte`);
          if (path === 'card')
            for (const name of ['panExpirationMonth', 'panExpirationYear'] as const)
              if (masked[name] !== undefined && masked[name] !== plain[name])
                wrong.push(`${what}: ${name} '${masked[name]}' is not the card's`);
          // provider Card API, MaskedConsumer.maskedFullName "J*** D**": the masked first name, a space, the masked last name.
          const fullName = own.body?.maskedConsumer?.maskedFullName;
          if (fullName !== undefined && fullName !== `${maskedName(sent.consumer.firstName)} ${maskedName(sent.consumer.lastName)}`)
            wrong.push(`${what}: maskedFullName is not the masked first name, a space, then the masked last name`);
        }
        // reference A2: a srcClientId registered to another client is 403, whatever the card's source.
        if (card.foreignSrcClientId) {
          const res = await cardApi.call('putCard', { body: { ...(await request()), srcClientId: card.foreignSrcClientId } });
          if (res.status !== 403) wrong.push(`${what}: another client's srcClientId answered ${res.status}, not 403`);
        }
        // seed 000, Errors 400 INVALID_STATE; the mock's world: another client's program is none of the
        // caller's (its form, INVALID_STATE or the seed's 403, as the foreign-service checks accept).
        if (card.foreignServiceId) {
          const res = await cardApi.call('putCard', { body: { ...(await request()), serviceId: card.foreignServiceId } });
          if (![400, 403].includes(res.status)) wrong.push(`${what}: another client's serviceId answered ${res.status}`);
        }
      }
    }
    expect(
      wrong,
      'every source on every path, whatever the brand, country and language, keeps the origin, the program owner, the states and the masked card and consumer',
    ).toEqual([]);
  },
);
